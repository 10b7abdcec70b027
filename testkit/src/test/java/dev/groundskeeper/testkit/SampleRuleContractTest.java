package dev.groundskeeper.testkit;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Rule;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/** The contract properties, run against a rule that keeps them. */
class SampleRuleContractTest extends RuleContract {

  @Override
  protected Rule rule() {
    return new SampleRule();
  }

  @Override
  protected Arbitrary<Event> events() {
    Arbitrary<String> removals = Arbitraries.oneOf(
        PathArbitraries.relative().map(path -> "rm -rf " + path),
        Arbitraries.of("rm -rf notes", "rm -rf build"),
        CommandArbitraries.anyCommands());
    return EventArbitraries.commandEvents(removals);
  }

  @Override
  protected Arbitrary<Facts> facts() {
    return Arbitraries.of(Set.of("notes"), Set.<String>of(), Set.of("notes", "build"))
        .map(kept -> TestFacts.builder().with(SampleRule.KEPT, kept).build());
  }
}
