package dev.groundskeeper.rules.branches;

class WipCapContractTest extends BranchContract {
  @Override
  String id() {
    return WipCapRule.ID;
  }
}
