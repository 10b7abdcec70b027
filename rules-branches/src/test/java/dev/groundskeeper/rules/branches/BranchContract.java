package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.testkit.CommandArbitraries;
import dev.groundskeeper.testkit.EventArbitraries;
import dev.groundskeeper.testkit.RuleContract;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/** The test kit's contract properties, over git commands and a repository with branches. */
abstract class BranchContract extends RuleContract {

  abstract String id();

  @Override
  protected Rule rule() {
    return new BranchRules().rules(BranchesConfig.DEFAULTS).stream()
        .filter(r -> r.id().equals(id())).findFirst().orElseThrow().rule();
  }

  @Override
  protected Arbitrary<Event> events() {
    return Arbitraries.oneOf(EventArbitraries.commandEvents(CommandArbitraries.gitCommands()),
        EventArbitraries.commandsCompleted(), EventArbitraries.stops(),
        EventArbitraries.sessionStarts(), EventArbitraries.sweeps());
  }

  @Override
  protected Arbitrary<Facts> facts() {
    return Arbitraries.integers().between(0, 12).map(n -> {
      Repo repo = Repo.create();
      IntStream.range(0, n).forEach(i -> repo.branch("feature-" + i).age(i * 4L)
          .state(i % 3 == 0 ? BranchState.DORMANT : i % 3 == 1 ? BranchState.LIVE
              : BranchState.MERGED_INTO_DEFAULT)
          .touchedBy("test-session:"));
      return repo.ledger(new TestLedger()).facts();
    });
  }
}
