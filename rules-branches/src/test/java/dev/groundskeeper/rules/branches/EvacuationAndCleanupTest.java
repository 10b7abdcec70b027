package dev.groundskeeper.rules.branches;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.api.repo.RepoEffect;
import dev.groundskeeper.api.repo.WorktreeStatus;
import dev.groundskeeper.testkit.Events;
import dev.groundskeeper.testkit.RuleTester;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class EvacuationAndCleanupTest {

  private static BranchesConfig cleanup(Mode mode) {
    return new BranchesConfig("auto", "origin", List.of("release/*"), List.of(),
        List.of("main"), BranchesConfig.Wip.DEFAULTS, BranchesConfig.Duplicates.DEFAULTS,
        BranchesConfig.Dormancy.DEFAULTS, BranchesConfig.StopGuard.DEFAULTS,
        BranchesConfig.ForceRemoval.DEFAULTS, BranchesConfig.Evacuation.DEFAULTS,
        new BranchesConfig.CleanupAfterMerge(mode, List.of()), BranchesConfig.Sweep.DEFAULTS);
  }

  @Nested
  class Evacuation {

    private Repo repo() {
      Repo repo = Repo.create();
      repo.branch("feature").worktree("/w/feature");
      repo.branch("other");
      return repo;
    }

    private RuleTester tester(Repo repo) {
      return RuleTester.of(new BranchRules(), BranchesConfig.DEFAULTS, EvacuationRule.ID)
          .withFacts(repo.facts());
    }

    @Test
    void aPatchSavedThenItsWorktreeRemovedInOneCommandIsRefused() {
      tester(repo()).given(Events.command("cd /w/feature && git diff > /tmp/save.patch && cd"
          + " /repo && git worktree remove --force /w/feature")).expectDeny()
          .reasonContains("`git diff > /tmp/save.patch` saves work as a patch outside git's"
              + " history, in /tmp/save.patch (outside the repository), and `git worktree remove"
              + " --force /w/feature` then destroys the worktree /w/feature", BranchPrinciple.TEXT)
          .remedyCommands("git -C /w/feature add -A && git -C /w/feature commit -m \"<what this"
              + " work is>\"", "git push -u origin feature")
          .findingSubjects("/w/feature");
    }

    @Test
    void theWayOutKeepsTheWorkOnItsOwnBranchNeverOnTheDefault() {
      tester(repo()).given(Events.command("git format-patch -o untracked/p main..other"
          + " && git branch -D other")).expectDeny()
          .remedyCommands("git push -u origin other");
    }

    @Test
    void everyEvacuationCommandAndEveryDestructionCounts() {
      RuleTester tester = tester(repo());
      for (String command : List.of(
          "git -C /w/feature diff --cached > untracked/f.patch; git branch -D feature",
          "git format-patch -o /tmp/out main..feature && git branch -D feature",
          "git show feature | tee /tmp/f.diff && git update-ref -d refs/heads/feature",
          "git -C /w/feature stash show -p > /tmp/s.patch && rm -rf /w/feature",
          "git diff main...feature --output=/tmp/x.diff && git branch -D feature")) {
        tester.given(Events.command(command)).expectDeny();
      }
    }

    @Test
    void aRemovalOfPathsKnownOnlyWhenItRunsAfterAPatchOfAWorktreeIsRefused() {
      RuleTester tester = tester(repo());
      String save = "git -C /w/feature diff > /tmp/f.patch && ";
      // a pattern below the worktree's directory empties it
      tester.given(Events.command(save + "rm -rf /w/feature/*")).expectDeny()
          .reasonContains("`rm -rf /w/feature/*` then destroys the worktree /w/feature");
      for (String unknown : List.of("find /w -maxdepth 1 -name 'feat*' -exec rm -rf {} +",
          "ls -d /w/* | xargs rm -rf", "rm -rf \"$(git worktree list | tail -1)\"",
          "cd - && rm -rf feature")) {
        tester.given(Events.command(save + unknown)).expectDeny()
            .reasonContains("then destroys paths known only when it runs, which may be the"
                + " worktree it came from");
      }
      // without an evacuation in the same command, or below no worktree, nothing counts
      tester.given(Events.command("ls -d /w/* | xargs rm -rf")).expectNotApplicable();
      tester.given(Events.command("rm -rf build/*")).expectNotApplicable();
      tester.given(Events.command(save + "rm -rf /tmp/build/*")).expectNotApplicable();
    }

    @Test
    void theStaticDirectoryOfAPatternIsWhatItRemovesUnder() {
      assertThat(EvacuationRule.staticDirectory("../wt1/*")).hasValue("../wt1");
      assertThat(EvacuationRule.staticDirectory("/w/feat-$X/src")).hasValue("/w");
      assertThat(EvacuationRule.staticDirectory("/*")).hasValue("/");
      assertThat(EvacuationRule.staticDirectory("*.log")).isEmpty();
      assertThat(EvacuationRule.staticDirectory("$(pwd)/x")).isEmpty();
      assertThat(EvacuationRule.staticDirectory("{}")).isEmpty();
    }

    /** The destination of {@code git diff main..feature > <target> && git branch -D feature}. */
    private dev.groundskeeper.testkit.VerdictAssert saveThenDelete(Repo repo, String target) {
      return tester(repo).given(Events.command("git diff main..feature > " + target
          + " && git branch -D feature")).then();
    }

    @Test
    void aPatchOutsideTheRepositoryIsEvacuated() {
      saveThenDelete(repo(), "/tmp/f.patch").hasOutcome(Outcome.DENY)
          .reasonContains("in /tmp/f.patch (outside the repository)");
      saveThenDelete(repo(), "../elsewhere/f.patch").hasOutcome(Outcome.DENY)
          .reasonContains("in /elsewhere/f.patch (outside the repository)");
    }

    @Test
    void aPatchInAnIgnoredPathIsEvacuated() {
      Repo repo = repo().status("/repo", new WorktreeStatus(List.of(), List.of(), List.of(),
          List.of("build/", "notes.patch")));
      saveThenDelete(repo, "build/out/f.patch").hasOutcome(Outcome.DENY)
          .reasonContains("in /repo/build/out/f.patch (ignored by git)");
      saveThenDelete(repo, "notes.patch").hasOutcome(Outcome.DENY)
          .reasonContains("in /repo/notes.patch (ignored by git)");
    }

    @Test
    void aPatchInAnUntrackedOrNewPathIsEvacuated() {
      Repo repo = repo().status("/repo", new WorktreeStatus(List.of(), List.of(),
          List.of("scratch/", "loose.patch"), List.of()))
          .files("scratch/old.patch", "loose.patch");
      saveThenDelete(repo, "scratch/old.patch").hasOutcome(Outcome.DENY)
          .reasonContains("in /repo/scratch/old.patch (not tracked by git)");
      saveThenDelete(repo, "loose.patch").hasOutcome(Outcome.DENY)
          .reasonContains("(not tracked by git)");
      saveThenDelete(repo, "docs/new.patch").hasOutcome(Outcome.DENY)
          .reasonContains("in /repo/docs/new.patch (a new file git does not track)");
    }

    @Test
    void aPatchInsideGitsOwnDirectoryIsEvacuated() {
      saveThenDelete(repo().files(".git/saved.patch"), ".git/saved.patch")
          .hasOutcome(Outcome.DENY)
          .reasonContains("in /repo/.git/saved.patch (inside git's own directory)");
    }

    @Test
    void aPatchWrittenIntoATrackedFileIsNotAnEvacuation() {
      Repo clean = repo().files("docs/feature.patch");
      saveThenDelete(clean, "docs/feature.patch").hasOutcome(Outcome.ALLOW);
      saveThenDelete(clean, "/repo/docs/feature.patch").hasOutcome(Outcome.ALLOW);
      Repo changed = repo().status("/repo", new WorktreeStatus(List.of("docs/staged.patch"),
          List.of("docs/changed.patch"), List.of(), List.of()));
      saveThenDelete(changed, "docs/staged.patch").hasOutcome(Outcome.ALLOW);
      saveThenDelete(changed, "docs/changed.patch").hasOutcome(Outcome.ALLOW);
      // tracked in the feature worktree: its own status decides
      Repo inWorktree = repo().files("/w/feature/review.patch");
      saveThenDelete(inWorktree, "/w/feature/review.patch").hasOutcome(Outcome.ALLOW);
    }

    @Test
    void formatPatchIntoATrackedDirectoryStillWritesNewFiles() {
      Repo repo = repo().files("docs");
      tester(repo).given(Events.command("git format-patch -o docs main..feature && git branch"
          + " -D feature")).expectDeny()
          .reasonContains("in /repo/docs (a new file git does not track)");
    }

    @Test
    void aDestinationGitsViewOfWhichCannotBeReadCounts() {
      saveThenDelete(repo(), "\"$OUT\"").hasOutcome(Outcome.DENY)
          .reasonContains("(where git's view of it could not be read)");
      saveThenDelete(repo().withoutFileFacts(), "docs/feature.patch").hasOutcome(Outcome.DENY)
          .reasonContains("(where git's view of it could not be read)");
    }

    @Test
    void onlyEvacuationsOutsideHistoryAreRecordedForTheTurn() {
      Repo repo = repo().ledger(new TestLedger().prompts(1)).files("docs/feature.patch")
          .status("/repo", new WorktreeStatus(List.of(), List.of(), List.of("p.patch"),
              List.of()));
      tester(repo).given(Events.completed("git diff main..feature > docs/feature.patch", 0))
          .expectNotApplicable();
      tester(repo).given(Events.completed("git diff main..feature > p.patch", 0))
          .expectAllow().effects(new LedgerEffect.RecordEvacuation("test-session", "prompt:1",
              new BranchLedger.Evacuated(Optional.of("/repo"), List.of("main", "feature"),
                  "/repo/p.patch", "git diff main..feature > p.patch")));
    }

    @Test
    void anExportAloneOrADestructionAloneIsFine() {
      RuleTester tester = tester(repo());
      tester.given(Events.command("git format-patch -o /tmp/review main..feature"))
          .expectNotApplicable();
      tester.given(Events.command("git worktree remove /w/feature")).expectAllow();
      tester.given(Events.command("git diff main..feature && git branch -D feature"))
          .expectAllow();
      tester.given(Events.command("git diff main..other > /tmp/o.patch && git branch -D"
          + " feature")).expectAllow();
      tester.given(Events.command("git branch -D feature && git diff > /tmp/after.patch"))
          .expectAllow();
    }

    @Test
    void anEvacuationIsRecordedAfterItRanForTheRestOfItsTurn() {
      Repo repo = repo().ledger(new TestLedger().prompts(4));
      tester(repo).given(Events.completed("git diff main..feature > /tmp/f.patch", 0))
          .expectAllow().effects(new LedgerEffect.RecordEvacuation("test-session", "prompt:4",
              new BranchLedger.Evacuated(Optional.of("/repo"), List.of("main", "feature"),
                  "/tmp/f.patch", "git diff main..feature > /tmp/f.patch")));
      tester(repo).given(Events.completed("git diff > /tmp/f.patch", 1)).expectNotApplicable();
      tester(repo).given(Events.completed("git diff", 0)).expectNotApplicable();
    }

    @Test
    void aDestructionLaterInTheSameTurnIsRefused() {
      BranchLedger.Evacuated saved = new BranchLedger.Evacuated(Optional.of("/w/feature"),
          List.of("feature"), "/tmp/f.patch", "git diff > /tmp/f.patch");
      Repo repo = repo().ledger(new TestLedger().prompts(4)
          .evacuated("test-session", "prompt:4", saved));
      tester(repo).given(Events.command("git worktree remove /w/feature")).expectDeny()
          .reasonContains("`git diff > /tmp/f.patch`, run earlier in this turn, saves work");
      tester(repo).given(Events.command("git branch -D feature")).expectDeny();
      tester(repo).given(Events.command("git branch -D other")).expectAllow();
    }

    @Test
    void aRecordExpiresWithItsTurn() {
      BranchLedger.Evacuated saved = new BranchLedger.Evacuated(Optional.of("/w/feature"),
          List.of("feature"), "/tmp/f.patch", "git diff > /tmp/f.patch");
      Repo repo = repo().ledger(new TestLedger().prompts(5)
          .evacuated("test-session", "prompt:4", saved));
      tester(repo).given(Events.command("git worktree remove /w/feature")).expectAllow();
      tester(repo).given(Events.prompt("next")).expectAllow()
          .effects(new LedgerEffect.StartTurn("test-session"));
    }

    @Test
    void aSubAgentsTurnIsItsLifetime() {
      BranchLedger.Evacuated saved = new BranchLedger.Evacuated(Optional.empty(),
          List.of("feature"), "/tmp/f.patch", "git show feature > /tmp/f.patch");
      Repo repo = repo().ledger(new TestLedger().evacuated("test-session", "agent:helper",
          saved));
      tester(repo).given(Events.command("git branch -D feature").agent("helper")).expectDeny();
      tester(repo).given(Events.command("git branch -D feature")).expectAllow();
    }
  }

  @Nested
  class Cleanup {

    private Repo merged() {
      Repo repo = Repo.create().onBranch("main");
      repo.branch("feature");
      repo.contains(repo.tipOf("feature"), "refs/heads/main");
      return repo;
    }

    private RuleTester tester(Mode mode, Repo repo) {
      return RuleTester.of(new BranchRules(), cleanup(mode), CleanupAfterMergeRule.ID)
          .withFacts(repo.facts());
    }

    @Test
    void adviseModePrintsTheDeleteTheRestoreLineAndTheRemoteDelete() {
      Repo repo = merged();
      String tip = repo.tipOf("feature");
      tester(Mode.ADVISE, repo).given(Events.completed("git merge feature", 0)).expectAdvise()
          .reasonIs("feature is merged into main; delete it (restore: git branch feature " + tip
              + ").\nAfter pushing main, delete it on origin too.")
          .remedyCommands("git branch -d feature", "git push origin --delete feature")
          .hasNoEffects();
    }

    @Test
    void actModeDeletesTheLocalBranchThroughTheExecutor() {
      Repo repo = merged();
      String tip = repo.tipOf("feature");
      tester(Mode.ACT, repo).given(Events.completed("git merge --no-ff feature", 0))
          .expectAdvise().effects(new RepoEffect.DeleteBranch("feature", tip))
          .reasonContains("its local branch is deleted (restore: git branch feature " + tip)
          .remedyCommands("git push origin --delete feature");
    }

    @Test
    void aBranchAWorktreeHoldsIsNeverDeletedHere() {
      Repo repo = Repo.create().onBranch("main");
      repo.branch("feature").worktree("/w/feature");
      repo.contains(repo.tipOf("feature"), "refs/heads/main");
      tester(Mode.ACT, repo).given(Events.completed("git merge feature", 0)).expectAdvise()
          .hasNoEffects().remedyCommands("git worktree remove /w/feature",
              "git branch -d feature", "git push origin --delete feature");
    }

    @Test
    void onlyMergesIntoTheDefaultOrALineAndOnlyProvenOnesCount() {
      Repo onFeature = merged();
      onFeature.branch("topic").worktree("/w/topic");
      tester(Mode.ACT, onFeature).given(Events.completed("git merge feature", 0).in("/w/topic"))
          .expectAllow();
      Repo unproven = Repo.create().onBranch("main");
      unproven.branch("feature");
      tester(Mode.ACT, unproven).given(Events.completed("git merge feature", 0)).expectAllow();
      tester(Mode.ACT, merged()).given(Events.completed("git merge feature", 1))
          .expectNotApplicable();
      tester(Mode.ACT, merged()).given(Events.completed("git merge --abort", 0))
          .expectNotApplicable();
    }

    @Test
    void aPatchEquivalentBranchIsLeftToTheCleanCommand() {
      Repo repo = Repo.create().onBranch("main");
      repo.branch("squashed").state(BranchState.PATCH_EQUIVALENT);
      tester(Mode.ACT, repo).given(Events.completed("git merge squashed", 0)).expectAdvise()
          .remedyCommands("groundskeeper branch clean").hasNoEffects();
    }

    @Test
    void protectedBranchesAreNeverCleanedUp() {
      Repo repo = Repo.create().onBranch("main");
      repo.branch("release/1");
      repo.contains(repo.tipOf("release/1"), "refs/heads/main");
      tester(Mode.ACT, repo).given(Events.completed("git merge release/1", 0)).expectAllow();
    }
  }
}
