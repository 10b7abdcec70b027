package dev.groundskeeper.rules.branches;

class EvacuationContractTest extends BranchContract {
  @Override
  String id() {
    return EvacuationRule.ID;
  }
}
