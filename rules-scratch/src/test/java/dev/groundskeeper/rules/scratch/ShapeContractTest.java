package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.Rule;

class ShapeContractTest extends ScratchContract {

  @Override
  protected Rule rule() {
    return new ShapeRule(ScratchConfig.DEFAULTS);
  }
}
