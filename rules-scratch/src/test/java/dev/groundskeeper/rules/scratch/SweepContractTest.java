package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.Rule;

class SweepContractTest extends ScratchContract {

  @Override
  protected Rule rule() {
    return new SweepRule(ScratchConfig.DEFAULTS);
  }
}
