package dev.groundskeeper.rules.branches;

class StopGuardContractTest extends BranchContract {
  @Override
  String id() {
    return StopGuardRule.ID;
  }
}
