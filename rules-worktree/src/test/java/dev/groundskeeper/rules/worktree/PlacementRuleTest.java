package dev.groundskeeper.rules.worktree;

import static dev.groundskeeper.testkit.Events.command;
import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.repo.WorktreeStoreFacts;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.testkit.RuleTester;
import dev.groundskeeper.testkit.TestFacts;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlacementRuleTest {

  private static final TestFacts.Builder FACTS = TestFacts.builder()
      .with(WorktreeStoreFacts.STORE_WORKTREES, Path.of("/home/me/.groundskeeper/worktrees"))
      .with(WorktreeStoreFacts.USER_HOME, Path.of("/home/me"));

  private final RuleTester tester = RuleTester.of(new PlacementRule(List.of("~/scratch",
      "sandbox"))).withFacts(FACTS);

  @Test
  void aWorktreeBesideTheProjectGetsTheStoreCommand() {
    tester.given(command("git worktree add ../repo-fix -b fix-login").in("/home/me/repo"))
        .expectDeny()
        .reasonContains("/home/me/repo-fix", "outside the worktree store")
        .remedyCommands("groundskeeper worktree add fix-login")
        .findingSubjects("/home/me/repo-fix");
  }

  @Test
  void anExistingBranchIsCheckedOutThroughTheBranchOption() {
    tester.given(command("git worktree add /tmp/wt feature").in("/home/me/repo"))
        .expectDeny().remedyCommands("groundskeeper worktree add wt --branch feature");
  }

  @Test
  void theNameComesFromThePathWhenNoBranchIsGiven() {
    tester.given(command("cd /home/me && git worktree add 'my repo (copy)'").in("/home/me/r"))
        .expectDeny().remedyCommands("groundskeeper worktree add my-repo-copy");
  }

  @Test
  void aNewBranchThatCannotNameAWorktreeIsMadeFirstAndCheckedOut() {
    tester.given(command("git worktree add -b feat/x ../fx").in("/home/me/repo"))
        .expectDeny().remedyCommands("git branch feat/x && groundskeeper worktree add fx"
            + " --branch feat/x");
    tester.given(command("git worktree add -b \"$B\" ../fx origin/main").in("/home/me/repo"))
        .expectDeny().remedyCommands("git branch \"$B\" origin/main && groundskeeper worktree"
            + " add fx --branch \"$B\"");
    tester.given(command("git worktree add -b fix ../fx v1.0").in("/home/me/repo"))
        .expectDeny().remedyCommands("git branch fix v1.0 && groundskeeper worktree add fx"
            + " --branch fix");
  }

  @Test
  void anExistingBranchOfAnyShapeIsCheckedOutThroughTheBranchOption() {
    tester.given(command("git worktree add ../Über feat/x").in("/home/me/repo"))
        .expectDeny().remedyCommands("groundskeeper worktree add Uber --branch feat/x");
  }

  @Test
  void insideTheStoreIsAllowed() {
    tester.given(command("git worktree add ~/.groundskeeper/worktrees/abc/x").in("/home/me/r"))
        .expectAllow();
  }

  @Test
  void allowedRootsAreAllowedWithTildeAndRelativeToTheCheckout() {
    tester.given(command("git worktree add ~/scratch/try").in("/home/me/r")).expectAllow();
    tester.given(command("git worktree add sandbox/one").in("/home/me/r")).expectAllow();
  }

  @Test
  void gitDashCMovesWhereThePathIsResolved() {
    tester.given(command("git -C /home/me/.groundskeeper/worktrees worktree add abc/x")
        .in("/elsewhere")).expectAllow();
  }

  @Test
  void aPathThatIsNotWrittenOutCannotBeJudged() {
    tester.given(command("git worktree add \"$DIR\"").in("/home/me/r")).expectCouldNotJudge()
        .reasonContains("not written out");
  }

  @Test
  void otherCommandsAreNotItsBusiness() {
    tester.given(command("git worktree list")).expectNotApplicable();
    tester.given(command("ls -la")).expectNotApplicable();
  }

  @Test
  void advisesByDefaultAndBlocksWhenConfigured() {
    WorktreesConfig blocking = new WorktreesConfig(java.util.Optional.empty(), 14, List.of(),
        ".groundskeeper/notes", Mode.BLOCK, WorktreesConfig.DEFAULT_REDACTIONS, 1024);
    WorktreeRulesProvider provider = new WorktreeRulesProvider();

    assertThat(provider.rules(provider.defaultConfig())).singleElement()
        .satisfies(rule -> assertThat(rule.mode()).isEqualTo(Mode.ADVISE));
    assertThat(RuleTester.of(provider, WorktreesConfig.DEFAULTS).withFacts(FACTS)
        .given(command("git worktree add ../x").in("/home/me/r")).decision().outcome())
        .isEqualTo(Outcome.ADVISE);
    assertThat(RuleTester.of(provider, blocking).withFacts(FACTS)
        .given(command("git worktree add ../x").in("/home/me/r")).decision().outcome())
        .isEqualTo(Outcome.DENY);
  }
}
