package dev.groundskeeper.examples.forcepush;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.testkit.CommandArbitraries;
import dev.groundskeeper.testkit.EventArbitraries;
import dev.groundskeeper.testkit.RuleContract;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/** The properties every rule must have, tried on pushes of every kind. */
class ProtectedForcePushContractTest extends RuleContract {

  @Override
  protected Rule rule() {
    return ProtectedForcePush.RULE;
  }

  @Override
  protected Arbitrary<Event> events() {
    return EventArbitraries.commandEvents(Arbitraries.oneOf(
        CommandArbitraries.gitCommands(), ForcePushArbitraries.pushes(),
        CommandArbitraries.anyCommands()));
  }
}
