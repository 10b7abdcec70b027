package dev.groundskeeper.rules.worktree;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.repo.WorktreeStoreFacts;
import dev.groundskeeper.testkit.RuleContract;
import dev.groundskeeper.testkit.TestFacts;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

class PlacementRuleContractTest extends RuleContract {

  @Override
  protected Rule rule() {
    return new PlacementRule(List.of("~/scratch"));
  }

  @Override
  protected Arbitrary<Event> events() {
    Arbitrary<String> paths = Arbitraries.of("../x", "/tmp/wt", "~/scratch/a", "\"$D\"", "",
        "~/.gk/worktrees/a/b", "a b");
    Arbitrary<String> commands = paths.map(path -> "git worktree add " + path + " -b n");
    return commands.map(text -> new Event.CommandEvent(
        dev.groundskeeper.api.EventContext.of("s", Path.of("/home/me/repo")), text));
  }

  @Override
  protected Arbitrary<Facts> facts() {
    return Arbitraries.just(TestFacts.builder()
        .with(WorktreeStoreFacts.STORE_WORKTREES, Path.of("/home/me/.gk/worktrees"))
        .with(WorktreeStoreFacts.USER_HOME, Path.of("/home/me")).build());
  }
}
