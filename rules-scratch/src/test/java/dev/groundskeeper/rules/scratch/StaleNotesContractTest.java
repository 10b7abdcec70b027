package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.Rule;

class StaleNotesContractTest extends ScratchContract {

  @Override
  protected Rule rule() {
    return new StaleNotesRule(THREADS);
  }
}
