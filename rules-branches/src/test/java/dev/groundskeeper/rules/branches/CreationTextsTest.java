package dev.groundskeeper.rules.branches;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.testkit.EventBuilder;
import dev.groundskeeper.testkit.Events;
import dev.groundskeeper.testkit.RuleTester;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The opening sentence of the WIP-cap and dormancy refusals names what is being created, in words
 * that fit each route: a named branch, several, a name only the command knows, a sub-agent's
 * worktree, a runner's worktree.
 */
class CreationTextsTest {

  private static final BranchesConfig CAP_ONE = new BranchesConfig("auto", "origin", List.of(),
      List.of(), List.of("main"), new BranchesConfig.Wip(1, Mode.BLOCK, true),
      BranchesConfig.Duplicates.DEFAULTS, BranchesConfig.Dormancy.DEFAULTS,
      BranchesConfig.StopGuard.DEFAULTS, BranchesConfig.ForceRemoval.DEFAULTS,
      BranchesConfig.Evacuation.DEFAULTS, BranchesConfig.CleanupAfterMerge.DEFAULTS,
      BranchesConfig.Sweep.DEFAULTS);

  /** Each route and the words its refusal opens with (after "Creating "). */
  private static final List<Map.Entry<String, EventBuilder<? extends Event>>> ROUTES = List.of(
      Map.entry("the branch `next`", Events.command("git switch -c next")),
      Map.entry("the branch `next`", Events.command("git checkout -b next")),
      Map.entry("the branches `a` and `b`",
          Events.command("git branch a && git worktree add -b b ../b")),
      Map.entry("a branch through `git switch` whose name is only known when the command runs",
          Events.command("git switch -c \"$NAME\"")),
      Map.entry("the branch `a` and a branch through `git branch` whose name is only known when"
          + " the command runs", Events.command("git branch a; git branch \"$B\"")),
      Map.entry("a branch for a sub-agent dispatched into its own worktree",
          Events.dispatchInWorktree("explore")),
      Map.entry("a branch for the worktree `fresh` the runner creates",
          Events.worktreeCreate("fresh")));

  @Test
  void theCapRefusalNamesEachRouteInItsOwnWords() {
    RuleTester tester = RuleTester.of(new BranchRules(), CAP_ONE, WipCapRule.ID)
        .withFacts(Repo.create().work("open").facts());
    for (Map.Entry<String, EventBuilder<? extends Event>> route : ROUTES) {
      String reason = tester.given(route.getValue()).expectDeny().verdict().reason();
      assertThat(reason).as(route.getKey())
          .startsWith("Creating " + route.getKey() + " would make ")
          .doesNotContain("the branch a branch", "(git ");
    }
  }

  @Test
  void theDormancyRefusalNamesEachRouteInItsOwnWords() {
    Repo repo = Repo.create();
    repo.branch("old-work").state(BranchState.DORMANT).age(31);
    RuleTester tester = RuleTester.of(new BranchRules(), BranchesConfig.DEFAULTS,
        DormancyRule.ID).withFacts(repo.facts());
    for (Map.Entry<String, EventBuilder<? extends Event>> route : ROUTES) {
      String reason = tester.given(route.getValue()).expectDeny().verdict().reason();
      assertThat(reason).as(route.getKey())
          .startsWith("Creating " + route.getKey() + " is refused while a branch has been idle");
    }
  }
}
