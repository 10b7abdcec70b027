package com.example.rules;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.testkit.CommandArbitraries;
import dev.groundskeeper.testkit.EventArbitraries;
import dev.groundskeeper.testkit.RuleContract;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/** The properties every rule keeps, tried on git commands, a share of them skipping hooks. */
class NoVerifyContractTest extends RuleContract {

  @Override
  protected Rule rule() {
    return new NoVerifyRule();
  }

  @Override
  protected Arbitrary<Event> events() {
    return Arbitraries.oneOf(
        EventArbitraries.commandEvents(CommandArbitraries.gitCommands()),
        EventArbitraries.commandEvents(CommandArbitraries.gitCommands()
            .map(command -> command + " && git commit --no-verify -m x")));
  }
}
