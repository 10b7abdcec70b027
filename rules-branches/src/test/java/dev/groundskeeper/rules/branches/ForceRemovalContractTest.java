package dev.groundskeeper.rules.branches;

class ForceRemovalContractTest extends BranchContract {
  @Override
  String id() {
    return ForceRemovalRule.ID;
  }
}
