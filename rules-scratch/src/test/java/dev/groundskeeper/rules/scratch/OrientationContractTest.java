package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.Rule;

class OrientationContractTest extends ScratchContract {

  @Override
  protected Rule rule() {
    return new OrientationRule(THREADS);
  }
}
