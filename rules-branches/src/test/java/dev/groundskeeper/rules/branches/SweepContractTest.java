package dev.groundskeeper.rules.branches;

class SweepContractTest extends BranchContract {
  @Override
  String id() {
    return SweepRule.ID;
  }
}
