package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.api.repo.WorktreeStatus;
import dev.groundskeeper.testkit.Events;
import dev.groundskeeper.testkit.RuleTester;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Lossless force removal and remote deletion with integration lines. */
class DeletionRulesTest {

  private static final BranchesConfig LINES = new BranchesConfig("auto", "origin",
      List.of("release/*"), List.of("users/**"), List.of("main", "master", "develop", "trunk"),
      BranchesConfig.Wip.DEFAULTS, BranchesConfig.Duplicates.DEFAULTS,
      BranchesConfig.Dormancy.DEFAULTS, BranchesConfig.StopGuard.DEFAULTS,
      BranchesConfig.ForceRemoval.DEFAULTS, BranchesConfig.Evacuation.DEFAULTS,
      BranchesConfig.CleanupAfterMerge.DEFAULTS, BranchesConfig.Sweep.DEFAULTS);

  @Nested
  class ForceRemoval {

    private RuleTester tester(Repo repo) {
      return RuleTester.of(new BranchRules(), LINES, ForceRemovalRule.ID).withFacts(repo.facts());
    }

    @Test
    void aForcedDeleteOfABranchHeldElsewhereIsAllowed() {
      Repo repo = Repo.create();
      repo.branch("pushed");
      RuleTester tester = tester(repo);
      tester.given(Events.command("git branch -D pushed")).expectAllow();
      tester.given(Events.command("git branch -d --force pushed")).expectAllow();
      tester.given(Events.command("git update-ref -d refs/heads/pushed")).expectAllow();
    }

    @Test
    void aForcedDeleteOfCommitsHeldNowhereIsRefusedWithThePush() {
      Repo repo = Repo.create();
      repo.branch("local-only").localOnly();
      String tip = repo.tipOf("local-only");
      tester(repo).given(Events.command("git branch -D local-only")).expectDeny()
          .reasonContains("- branch local-only at " + tip.substring(0, 12) + ": no other"
              + " branch, tag or remote-tracking ref holds this tip", BranchPrinciple.TEXT)
          .remedyCommands("git push -u origin local-only")
          .findingSubjects("local-only");
    }

    @Test
    void theCommitCountIsNamedAsTheCommitsAheadOfTheDefaultBranchNotAsCommitsHeldNowhere() {
      // Two commits ahead of main, but the first of them is also on a pushed branch: only the
      // tip is proven to be held nowhere else, so that is what the denial claims.
      Repo repo = Repo.create();
      repo.branch("local-only").localOnly().commitsAhead(2);
      String tip = repo.tipOf("local-only");
      tester(repo).given(Events.command("git branch -D local-only")).expectDeny()
          .reasonContains("- branch local-only at " + tip.substring(0, 12) + " (2 commits ahead"
              + " of main): no other branch, tag or remote-tracking ref holds this tip")
          .reasonDoesNotContain("2 commits that");
    }

    @Test
    void aBranchAndItsOnlyHolderDeletedTogetherAreJudgedAsAWhole() {
      Repo repo = Repo.create();
      repo.branch("work").localOnly();
      repo.branch("copy").tips(repo.tipOf("work"), null);
      RuleTester tester = tester(repo);
      tester.given(Events.command("git branch -D work")).expectAllow();
      tester.given(Events.command("git branch -D work copy")).expectDeny()
          .findingSubjects("work", "copy");
      tester.given(Events.command("git branch -D work && git branch -d copy")).expectDeny();
    }

    @Test
    void aTagOrAnotherRemoteRefIsAHolderToo() {
      Repo repo = Repo.create();
      repo.branch("tagged").localOnly();
      repo.contains(repo.tipOf("tagged"), "refs/tags/v1");
      tester(repo).given(Events.command("git branch -D tagged")).expectAllow();
    }

    @Test
    void plainDeletesAndDeletesOfMissingBranchesAreLeftToGit() {
      Repo repo = Repo.create();
      repo.branch("local-only").localOnly();
      RuleTester tester = tester(repo);
      tester.given(Events.command("git branch -d local-only")).expectNotApplicable();
      tester.given(Events.command("git branch -D no-such-branch")).expectAllow();
    }

    @Test
    void aBranchWhoseNameIsNotUtf8IsJudgedByItsBytes() {
      // bash's $'\x9b' is the byte 0x9B, which the exact ref reader keeps as U+DC9B (RawText)
      Repo repo = Repo.create();
      repo.branch("raw/\udc9bx").localOnly();
      RuleTester tester = tester(repo);
      tester.given(Events.command("git branch -D $'raw/\\x9bx'")).expectDeny()
          .findingSubjects("raw/\udc9bx")
          .remedyCommands("git push -u origin $'raw/\\x9bx'");
      // the UTF-8 name that looks the same (U+009B) is another branch, which does not exist
      tester.given(Events.command("git branch -D $'raw/\\xc2\\x9bx'")).expectAllow();
    }

    @Test
    void aMissingNameIsNoProofWhileARefNameWasReadWithReplacementCharacters() {
      // a reader that is not the exact one (a reftable through JGit) may hand over U+FFFD
      Repo repo = Repo.create();
      repo.branch("raw/\ufffdx").localOnly();
      RuleTester tester = tester(repo);
      tester.given(Events.command("git branch -D $'raw/\\x9bx'")).expectDeny()
          .reasonContains("- refs/heads/raw/\udc9bx: the repository has a ref whose name could"
              + " not be read exactly (refs/heads/raw/\ufffdx) and may be this one")
          .findingSubjects("refs/heads/raw/\ufffdx");
      tester.given(Events.command("git branch -D $'raw/\\x9b\\x9cx'")).expectDeny();
      // names it cannot be are still left to git
      tester.given(Events.command("git branch -D raw/x")).expectAllow();
      tester.given(Events.command("git branch -D other/\u00e9x")).expectAllow();
    }

    @Test
    void aForcedDeleteInTextThatCannotBeReadIsRefusedWithHowToMakeItReadable() {
      Repo repo = Repo.create();
      repo.branch("pushed");
      RuleTester tester = tester(repo);
      tester.given(Events.command("git branch -D pushed")).expectAllow();
      // the unclosed quote stops the reading before the deletion, which no reading then holds
      tester.given(Events.command("echo \"done && git branch -D pushed")).expectDeny()
          .reasonContains("This cannot be judged, so it is refused:",
              "- the command could not be read past offset 5 (unterminated double quote), and"
                  + " what follows there (`\"done && git branch -D pushed`) may force-delete a"
                  + " branch or remove a worktree", BranchPrinciple.TEXT)
          .remedyDescriptionContains("Write the command so that all of it can be read (at"
              + " offset 5: unterminated double quote), or run the deletion as a command of its"
              + " own");
      tester.given(Events.command("echo 'x; git update-ref -d refs/heads/pushed")).expectDeny();
      tester.given(Events.command("echo `date; git worktree remove ../wt")).expectDeny();
      tester.given(Events.command("echo \"x; git branch --del --forc pushed")).expectDeny();
    }

    @Test
    void unreadTextWithoutAForcedDeletionIsLeftAlone() {
      RuleTester tester = tester(Repo.create());
      tester.given(Events.command("echo \"unclosed && git status")).expectNotApplicable();
      // a plain delete is left to git, read or not
      tester.given(Events.command("echo \"unclosed && git branch -d old")).expectNotApplicable();
      tester.given(Events.command("echo \"x; git log -D --format=%d")).expectNotApplicable();
    }

    @Test
    void aReadDeletionBeforeUnreadTextIsJudgedAndTheUnreadPartNamed() {
      Repo repo = Repo.create();
      repo.branch("local-only").localOnly();
      tester(repo).given(Events.command("git branch -D local-only; echo \"x && git branch -D y"))
          .expectDeny()
          .reasonContains("This would lose work that exists nowhere else:",
              "- branch local-only at", "could not be read past offset")
          .remedyCommands("git push -u origin local-only")
          .remedyDescriptionContains("Write the command so that all of it can be read");
    }

    @Test
    void aForcedMoveToAStartPointIsJudgedAsTheDropOfTheOldTip() {
      Repo repo = Repo.create();
      repo.branch("local-only").localOnly();
      repo.branch("pushed");
      RuleTester tester = tester(repo);
      tester.given(Events.command("git checkout -B local-only origin/main")).expectDeny()
          .reasonContains("- branch local-only at", "no other branch, tag or remote-tracking ref"
              + " holds this tip")
          .remedyCommands("git push -u origin local-only")
          .remedyDescriptionContains("then delete or move without forcing");
      tester.given(Events.command("git worktree add -B local-only ../wt main")).expectDeny();
      tester.given(Events.command("git branch -f pushed main")).expectAllow();
      tester.given(Events.command("git switch -C brand-new main")).expectAllow();
      // without a start point the branch moves to HEAD: HEAD is on another branch here, so the
      // old tip is dropped as with a start point
      tester.given(Events.command("git checkout -B local-only")).expectDeny()
          .reasonContains("- branch local-only at");
      tester.given(Events.command("git branch -f \"$B\" main")).expectDeny()
          .reasonContains("only known when the command runs");
    }

    @Test
    void anUnnamedForcedDeleteIsRefused() {
      tester(Repo.create()).given(Events.command("git branch -D \"$B\"")).expectDeny()
          .reasonContains("only known when the command runs");
    }

    @Test
    void aForcedDeleteOfTheNamesXargsReadsIsRefused() {
      Repo repo = Repo.create();
      repo.branch("merged-away").localOnly();
      RuleTester tester = tester(repo);
      tester.given(Events.command("git branch | grep -v main | xargs -n1 git branch -D"))
          .expectDeny().reasonContains("the branch `{xargs input}` is only known when the command"
              + " runs");
      tester.given(Events.command("git branch | grep feat/ | xargs -I{} git branch -D {}"))
          .expectDeny().reasonContains("the branch `{}` is only known when the command runs");
      tester.given(Events.command("git branch --merged main | xargs git branch -d"))
          .expectNotApplicable();
    }

    @Test
    void aForcedWorktreeRemovalOfADirtyWorktreeNamesTheFiles() {
      Repo repo = Repo.create();
      repo.branch("feature").worktree("/w/feature");
      repo.status("/w/feature", new WorktreeStatus(List.of("a.txt"), List.of("a.txt", "b.txt"),
          List.of("new.txt"), List.of()));
      tester(repo).given(Events.command("git worktree remove --force /w/feature")).expectDeny()
          .reasonContains("- worktree /w/feature: 3 changed or untracked files (a.txt, b.txt,"
              + " new.txt)")
          .remedyCommands("git -C /w/feature add -A && git -C /w/feature commit -m \"<what this"
              + " work is>\"");
    }

    @Test
    void aCleanWorktreeOnABranchIsRemovedEvenByForce() {
      Repo repo = Repo.create();
      repo.branch("feature").worktree("/w/feature");
      RuleTester tester = tester(repo);
      tester.given(Events.command("git worktree remove --force /w/feature")).expectAllow();
      tester.given(Events.command("cd /repo && git worktree remove -f -f ../w/feature"))
          .expectAllow();
      tester.given(Events.command("cd /w/feature && git worktree remove -f -f /w/feature"))
          .expectAllow();
    }

    @Test
    void aRemovalRunInADirectoryOutsideEveryCheckoutOfTheRepositoryIsRefused() {
      Repo repo = Repo.create();
      repo.branch("feature").worktree("/w/feature");
      tester(repo).given(Events.command("cd /w && git worktree remove -f -f feature"))
          .expectDeny().reasonContains("`git worktree remove -f -f feature` cannot be judged:"
              + " it runs in /w, outside the checkout judged here (/repo)");
      tester(repo).given(Events.command("git -C \"$DIR\" branch -D feature")).expectDeny()
          .reasonContains("is only known when it runs");
    }

    @Test
    void ignoredFilesThatCannotBeRebuiltBlockEvenAPlainRemoval() {
      Repo repo = Repo.create();
      repo.branch("feature").worktree("/w/feature");
      repo.status("/w/feature", new WorktreeStatus(List.of(), List.of(), List.of(),
          List.of(".venv/bin/python", "untracked/scratch/plan.md")));
      tester(repo).given(Events.command("git worktree remove /w/feature")).expectDeny()
          .reasonContains("1 ignored file that branches.cleanup_after_merge.regenerable does"
              + " not cover (untracked/scratch/plan.md)");
      Repo rebuildable = Repo.create();
      rebuildable.branch("feature").worktree("/w/feature");
      rebuildable.status("/w/feature", new WorktreeStatus(List.of(), List.of(), List.of(),
          List.of(".venv/bin/python", "target/a.jar")));
      tester(rebuildable).given(Events.command("git worktree remove /w/feature")).expectAllow();
    }

    @Test
    void aDetachedHeadNoRefHoldsIsRefused() {
      Repo repo = Repo.create();
      String lonely = repo.freshTip();
      repo.detachedWorktree("/w/detached", lonely);
      tester(repo).given(Events.command("git worktree remove --force /w/detached")).expectDeny()
          .reasonContains("the commits at its HEAD " + lonely.substring(0, 12))
          .remedyCommands("git -C /w/detached switch -c <name-for-this-work>");
    }

    @Test
    void removingAWorktreeAndDeletingItsBranchTogetherNeedsAnotherHolder() {
      Repo repo = Repo.create();
      repo.branch("feature").localOnly().worktree("/w/feature");
      tester(repo).given(Events.command(
          "git worktree remove --force /w/feature && git branch -D feature")).expectDeny()
          .reasonContains("- branch feature", "- worktree /w/feature: the commits at its HEAD")
          // one push secures both; a new branch would itself be judged by the WIP cap
          .remedyCommands("git push -u origin feature");
    }

    @Test
    void offModeDoesNotRun() {
      Repo repo = Repo.create();
      repo.branch("local-only").localOnly();
      org.assertj.core.api.Assertions.assertThat(tester(repo).withMode(Mode.OFF)
          .given(Events.command("git branch -D local-only")).decision().outcome())
          .isEqualTo(dev.groundskeeper.api.Outcome.ALLOW);
    }
  }

  @Nested
  class RemoteDelete {

    private RuleTester tester(Repo repo) {
      return RuleTester.of(new BranchRules(), LINES, RemoteDeleteRule.ID).withFacts(repo.facts());
    }

    @Test
    void theDefaultLinesExemptAndProtectedNamesAreNeverDeleted() {
      Repo repo = Repo.create().work("release/2.0", "users/ann/x", "develop");
      RuleTester tester = tester(repo);
      tester.given(Events.command("git push origin --delete main")).expectDeny()
          .reasonContains("main is the default branch");
      tester.given(Events.command("git push origin :release/2.0")).expectDeny()
          .reasonContains("release/2.0 is an integration line");
      tester.given(Events.command("git push origin --delete users/ann/x")).expectDeny()
          .reasonContains("matches branches.exempt");
      tester.given(Events.command("git push -d origin develop")).expectDeny()
          .reasonContains("develop is in branches.protected_names");
    }

    @Test
    void aPruningOrMirroringPushIsRefusedAsDeletingNamesOnlyTheRemoteKnows() {
      RuleTester tester = tester(Repo.create());
      tester.given(Events.command("git push --prune origin 'refs/heads/*:refs/heads/*'"))
          .expectDeny().reasonContains("- `{pruned by push}`: the name is only known when the"
              + " command runs");
      tester.given(Events.command("git push --mirror origin")).expectDeny();
      tester.given(Events.command("git push --mirror backup")).expectNotApplicable();
      tester.given(Events.command("git push origin main")).expectNotApplicable();
    }

    @Test
    void aRefusalOfProtectedBranchesAloneOffersNoMergeOrFetch() {
      Repo repo = Repo.create().work("release/2.0");
      tester(repo).given(Events.command("git push origin --delete main release/2.0"))
          .expectDeny()
          .remedyDescriptionContains("Leave these branches on origin; deleting them is a"
              + " person's decision.")
          .remedyCommands();
    }

    @Test
    void aBranchMergedIntoTheRemoteDefaultOrALineMayGo() {
      Repo repo = Repo.create().work("release/2.0", "done", "landed-in-line");
      repo.contains(repo.tipOf("done"), "refs/remotes/origin/main");
      repo.contains(repo.tipOf("landed-in-line"), "refs/remotes/origin/release/2.0");
      RuleTester tester = tester(repo);
      tester.given(Events.command("git push origin --delete done")).expectAllow();
      tester.given(Events.command("git push origin --delete landed-in-line")).expectAllow();
      tester.given(Events.command("git push origin --delete done landed-in-line"))
          .expectAllow();
    }

    @Test
    void manyBranchesAreProvenInOneScan() {
      Repo repo = Repo.create().work("release/2.0");
      StringBuilder command = new StringBuilder("git push origin --delete");
      for (int i = 0; i < 40; i++) {
        repo.branch("done-" + i);
        repo.contains(repo.tipOf("done-" + i), i % 2 == 0 ? "refs/remotes/origin/main"
            : "refs/remotes/origin/release/2.0");
        command.append(" done-").append(i);
      }
      repo.branch("open");
      command.append(" open");
      tester(repo).given(Events.command(command.toString())).expectDeny()
          .reasonContains("- open: its remote tip").reasonDoesNotContain("done-")
          .findingSubjects("open");
      org.assertj.core.api.Assertions.assertThat(repo.containmentScans.get()).isEqualTo(1);
    }

    @Test
    void anUnmergedBranchIsRefused() {
      Repo repo = Repo.create().work("open");
      repo.contains(repo.tipOf("open"), "refs/heads/main");
      tester(repo).given(Events.command("git push origin --delete open")).expectDeny()
          .reasonContains("- open: its remote tip", "is in neither origin/main nor an"
              + " integration line")
          .remedyCommands("git fetch origin");
    }

    @Test
    void theLineItselfCannotProveWhenTheSameCommandDeletesIt() {
      Repo repo = Repo.create().work("release/2.0", "x");
      repo.contains(repo.tipOf("x"), "refs/remotes/origin/release/2.0");
      tester(repo).given(Events.command("git push origin --delete x release/2.0"))
          .expectDeny().reasonContains("release/2.0 is an integration line",
              "- x: its remote tip");
    }

    @Test
    void withoutATrackingRefNothingIsProven() {
      Repo repo = Repo.create();
      repo.branch("local").localOnly();
      tester(repo).given(Events.command("git push origin --delete local")).expectDeny()
          .reasonContains("there is no refs/remotes/origin/local");
    }

    @Test
    void otherRemotesAndOrdinaryPushesAreNotJudged() {
      RuleTester tester = tester(Repo.create());
      tester.given(Events.command("git push fork --delete main")).expectNotApplicable();
      tester.given(Events.command("git push origin main")).expectNotApplicable();
    }
  }
}
