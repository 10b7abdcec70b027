package dev.groundskeeper.rules.branches;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.api.repo.RepoEffect;
import dev.groundskeeper.api.repo.StoreNotes;
import dev.groundskeeper.api.repo.WorktreeStatus;
import dev.groundskeeper.api.repo.WorktreeStoreFacts;
import dev.groundskeeper.testkit.Events;
import dev.groundskeeper.testkit.RuleTester;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class StopGuardRuleTest {

  private static final String MAIN = "test-session:";
  private static final String HELPER = "test-session:helper";

  private static RuleTester tester(BranchesConfig config, Repo repo) {
    return RuleTester.of(new BranchRules(), config, StopGuardRule.ID).withFacts(repo.facts());
  }

  private static RuleTester tester(Repo repo) {
    return tester(BranchesConfig.DEFAULTS, repo);
  }

  private static BranchesConfig subagentUnpushed(Mode mode) {
    return new BranchesConfig("auto", "origin", List.of(), List.of(), List.of("main"),
        BranchesConfig.Wip.DEFAULTS, BranchesConfig.Duplicates.DEFAULTS,
        BranchesConfig.Dormancy.DEFAULTS, new BranchesConfig.StopGuard(Mode.BLOCK, mode, false),
        BranchesConfig.ForceRemoval.DEFAULTS, BranchesConfig.Evacuation.DEFAULTS,
        BranchesConfig.CleanupAfterMerge.DEFAULTS, BranchesConfig.Sweep.DEFAULTS);
  }

  @Nested
  class Records {

    @Test
    void aSuccessfulCreationRecordsItsCreatorOnceTheRefExists() {
      Repo repo = Repo.create();
      repo.branch("feature/x").localOnly();
      tester(repo).given(Events.completed("git switch -c feature/x", 0)).expectAllow()
          .effects(new RepoEffect.RecordCreator("feature/x", MAIN, Repo.NOW, "switch"),
              new RepoEffect.RecordTouch("feature/x", MAIN));
    }

    @Test
    void aFailedOrUnconfirmedCreationRecordsNothing() {
      Repo repo = Repo.create();
      tester(repo).given(Events.completed("git switch -c feature/x", 128)).expectNotApplicable();
      tester(repo).given(Events.completed("git switch -c feature/x", 0)).expectNotApplicable();
    }

    @Test
    void aSubAgentsCommitTouchesTheBranchOfItsWorktree() {
      Repo repo = Repo.create();
      repo.branch("feature/x").worktree("/w/x").touchedBy(MAIN);
      tester(repo).given(Events.completed("git commit -m step", 0).agent("helper").in("/w/x/src"))
          .expectAllow().effects(new RepoEffect.RecordTouch("feature/x", HELPER));
      tester(repo).given(Events.completed("git -C /w/x commit -m step", 0).agent("helper"))
          .expectAllow().effects(new RepoEffect.RecordTouch("feature/x", HELPER));
    }

    @Test
    void anActorAlreadyRecordedIsNotRecordedAgain() {
      Repo repo = Repo.create();
      repo.branch("feature/x").worktree("/w/x").touchedBy(MAIN);
      tester(repo).given(Events.completed("git commit -m step", 0).in("/w/x"))
          .expectNotApplicable();
    }

    @Test
    void writingIntoAWorktreeTouchesItsBranch() {
      Repo repo = Repo.create();
      repo.branch("feature/x").worktree("/w/x");
      tester(repo).given(Events.toolCompleted("Edit").in("/w/x")).expectAllow()
          .effects(new RepoEffect.RecordTouch("feature/x", MAIN));
      tester(repo).given(Events.toolCompleted("Read").in("/w/x")).expectNotApplicable();
    }

    @Test
    void aWriteTouchesTheBranchOfTheWorktreeHoldingTheFileNotTheAgentsWorkingDirectory() {
      Repo repo = Repo.create();
      repo.branch("feature/x").worktree("/w/x");
      repo.branch("feature/y").worktree("/w/y");
      for (String tool : List.of("Write", "Edit", "MultiEdit", "NotebookEdit")) {
        tester(repo).given(Events.toolCompleted(tool, "/w/y/src/A.java").in("/repo"))
            .expectAllow().effects(new RepoEffect.RecordTouch("feature/y", MAIN));
      }
      tester(repo).given(Events.toolCompleted("Edit", "/w/x/notes.md").in("/w/y").agent("helper"))
          .expectAllow().effects(new RepoEffect.RecordTouch("feature/x", HELPER));
      tester(repo).given(Events.toolCompleted("Write", "README.md").in("/w/x"))
          .expectAllow().effects(new RepoEffect.RecordTouch("feature/x", MAIN));
      // the main checkout is on the default branch, which the guard leaves to the release flow;
      // a file outside every worktree touches no branch
      tester(repo).given(Events.toolCompleted("Write", "/repo/README.md").in("/w/x"))
          .expectNotApplicable();
      tester(repo).given(Events.toolCompleted("Write", "/elsewhere/x.txt").in("/w/x"))
          .expectNotApplicable();
    }
  }

  private static BranchesConfig markers(List<String> yielding, List<String> handoff) {
    return new BranchesConfig("auto", "origin", List.of(), List.of(), List.of("main"),
        BranchesConfig.Wip.DEFAULTS, BranchesConfig.Duplicates.DEFAULTS,
        BranchesConfig.Dormancy.DEFAULTS,
        new BranchesConfig.StopGuard(Mode.BLOCK, Mode.BLOCK, false, yielding, handoff),
        BranchesConfig.ForceRemoval.DEFAULTS, BranchesConfig.Evacuation.DEFAULTS,
        BranchesConfig.CleanupAfterMerge.DEFAULTS, BranchesConfig.Sweep.DEFAULTS);
  }

  private static final BranchesConfig MARKERS = markers(
      List.of("untracked/usage-pause.json", "/run/release-{session}.json"),
      List.of("untracked/handoff/{session}-{agent}.json"));

  /** A repository where every check fails for the main thread and for the helper. */
  private static Repo everythingFails() {
    Repo repo = Repo.create();
    repo.branch("dirty").worktree("/w/dirty").touchedBy(MAIN);
    repo.status("/w/dirty", new WorktreeStatus(List.of(), List.of("a.txt"), List.of(),
        List.of()));
    repo.branch("unpushed").localOnly().touchedBy(MAIN);
    repo.branch("done").state(BranchState.MERGED_INTO_DEFAULT).touchedBy(MAIN);
    repo.branch("sub").localOnly().touchedBy(HELPER);
    return repo;
  }

  /** A repository of {@code count} touched branches whose shapes come from {@code seed}. */
  private static Repo generated(int count, long seed) {
    java.util.Random random = new java.util.Random(seed);
    Repo repo = Repo.create();
    for (int i = 0; i < count; i++) {
      Repo.Spec branch = repo.branch("b" + i).touchedBy(random.nextBoolean() ? MAIN : HELPER);
      if (random.nextBoolean()) {
        branch.localOnly();
      }
      if (random.nextInt(3) == 0) {
        branch.state(BranchState.MERGED_INTO_DEFAULT);
      }
      if (random.nextBoolean()) {
        branch.worktree("/w/b" + i);
        repo.status("/w/b" + i, random.nextBoolean() ? WorktreeStatus.clean()
            : new WorktreeStatus(List.of(), List.of("f.txt"), List.of(), List.of()));
      }
    }
    return repo.ledger(new TestLedger());
  }

  @Property
  void aYieldMarkerAlwaysLetsTheStopThroughAndChangesNothing(
      @ForAll @IntRange(max = 8) int count, @ForAll long seed, @ForAll boolean subAgent) {
    Repo repo = generated(count, seed).files("untracked/usage-pause.json");
    var stop = subAgent ? Events.subagentStop("worker").agent("helper") : Events.stop();
    tester(MARKERS, repo).given(stop).expectAllow().hasNoEffects();
  }

  @Property
  void aHandoffNeverRaisesAProblemTheOrdinaryStopWouldNot(
      @ForAll @IntRange(max = 8) int count, @ForAll long seed, @ForAll boolean subAgent) {
    var stop = subAgent ? Events.subagentStop("worker").agent("helper") : Events.stop();
    Verdict ordinary = tester(MARKERS, generated(count, seed).files()).given(stop).verdict();
    Verdict handoff = tester(MARKERS, generated(count, seed)
        .files("untracked/handoff/test-session-" + (subAgent ? "helper" : "main") + ".json"))
        .given(stop).verdict();
    assertThat(ordinary.findings()).containsAll(handoff.findings());
    if (ordinary.outcome() != Outcome.DENY) {
      assertThat(handoff.outcome()).isNotEqualTo(Outcome.DENY);
    }
    assertThat(handoff.findings()).noneMatch(f -> f.detail().equals("merged but not deleted"));
  }

  @Nested
  class Markers {

    @Test
    void aYieldMarkerLetsTheStopThroughWhateverTheBranchesLookLike() {
      RuleTester tester = tester(MARKERS, everythingFails().files("untracked/usage-pause.json"));
      tester.given(Events.stop()).expectAllow()
          .findingSubjects("/repo/untracked/usage-pause.json").hasNoEffects();
      tester.given(Events.subagentStop("worker").agent("helper")).expectAllow();
      tester(MARKERS, everythingFails().files("/run/release-test-session.json"))
          .given(Events.stop()).expectAllow().findingSubjects("/run/release-test-session.json");
    }

    @Test
    void withoutAMarkerOrWithAnotherSessionsMarkerTheGuardJudges() {
      tester(MARKERS, everythingFails().files()).given(Events.stop()).expectDeny();
      tester(MARKERS, everythingFails().files("/run/release-other-session.json"))
          .given(Events.stop()).expectDeny();
    }

    @Test
    void onTheHandoffPathFinishedBranchesAreWaivedAndTheTipsNamed() {
      Repo repo = everythingFails().files("untracked/handoff/test-session-main.json");
      String reason = tester(MARKERS, repo).given(Events.stop()).expectDeny()
          .reasonContains("- dirty: uncommitted work in /w/dirty",
              "- unpushed: commits that no remote-tracking ref of origin holds",
              StopGuardRule.HANDOFF_HEADING + ":\n- dirty at " + repo.tipOf("dirty")
                  + " in /w/dirty\n- done at " + repo.tipOf("done") + "\n- unpushed at "
                  + repo.tipOf("unpushed"))
          .reasonDoesNotContain("merged into the default branch but not deleted")
          .verdict().reason();
      assertThat(reason).endsWith(BranchPrinciple.TEXT);
      assertThat(reason.indexOf(StopGuardRule.HANDOFF_HEADING))
          .isLessThan(reason.indexOf(BranchPrinciple.TEXT));
    }

    @Test
    void aHandoffWithNothingLeftToFinishStillNamesWhereToContinue() {
      Repo repo = Repo.create();
      repo.branch("done").state(BranchState.MERGED_INTO_DEFAULT).touchedBy(MAIN);
      repo.files("untracked/handoff/test-session-main.json");
      tester(MARKERS, repo).given(Events.stop()).expectAdvise()
          .reasonContains(StopGuardRule.HANDOFF_HEADING + ":\n- done at " + repo.tipOf("done"));
    }

    @Test
    void aSubAgentsHandoffMarkerIsItsOwn() {
      Repo repo = everythingFails().files("untracked/handoff/test-session-helper.json");
      tester(MARKERS, repo).given(Events.subagentStop("worker").agent("helper")).expectDeny()
          .reasonContains("- sub: commits", StopGuardRule.HANDOFF_HEADING + ":\n- sub at ")
          .reasonDoesNotContain("- dirty at");
      tester(MARKERS, repo).given(Events.stop()).expectDeny()
          .reasonContains("done: merged into the default branch but not deleted")
          .reasonDoesNotContain(StopGuardRule.HANDOFF_HEADING);
    }

    @Test
    void markersThatCannotBeReadLeaveTheStopUnjudgedWithANote() {
      tester(MARKERS, everythingFails().withoutFileFacts()).given(Events.stop())
          .expectCouldNotJudge();
      tester(everythingFails()).given(Events.stop()).expectDeny();
    }
  }

  @Nested
  class AtStop {

    @Test
    void aDirtyWorktreeBlocksTheStopWithTheCommitCommand() {
      Repo repo = Repo.create();
      repo.branch("feature/x").worktree("/w/x").touchedBy(MAIN);
      repo.status("/w/x", new WorktreeStatus(List.of(), List.of("a.txt"), List.of("b.txt"),
          List.of()));
      tester(repo).given(Events.stop()).expectDeny()
          .reasonContains("Before stopping, finish the branches this session touched:\n"
              + "- feature/x: uncommitted work in /w/x (2 files)", BranchPrinciple.TEXT)
          .remedyCommands("git -C /w/x add -A && git -C /w/x commit -m \"<what this work is>\"")
          .findingSubjects("feature/x");
    }

    @Test
    void theStoresNotesFolderIsNotDirtWhenTheHostSaysWhereItIs() {
      Repo repo = Repo.create();
      repo.branch("feature/x").worktree("/w/x").touchedBy(MAIN);
      repo.status("/w/x", new WorktreeStatus(List.of(), List.of(), List.of("notes/today.md"),
          List.of()));
      // The host's judgement (prune's), reduced to its effect on this worktree.
      StoreNotes notes = (worktree, status) -> new WorktreeStatus(status.staged(),
          status.modified(), status.untracked().stream().filter(p -> !p.startsWith("notes/"))
              .toList(), status.ignored());
      Facts withNotes = Facts.builder().value(WorktreeStoreFacts.NOTES, notes)
          .fallback(repo.facts()).build();
      RuleTester.of(new BranchRules(), BranchesConfig.DEFAULTS, StopGuardRule.ID)
          .withFacts(withNotes).given(Events.stop()).expectAllow();
      // Without the host's word the folder is an untracked file like any other.
      tester(repo).given(Events.stop()).expectDeny()
          .reasonContains("- feature/x: uncommitted work in /w/x (1 file)");

      repo.status("/w/x", new WorktreeStatus(List.of(), List.of(), List.of("notes/today.md",
          "beside.txt"), List.of()));
      Facts again = Facts.builder().value(WorktreeStoreFacts.NOTES, notes)
          .fallback(repo.facts()).build();
      RuleTester.of(new BranchRules(), BranchesConfig.DEFAULTS, StopGuardRule.ID)
          .withFacts(again).given(Events.stop()).expectDeny()
          .reasonContains("- feature/x: uncommitted work in /w/x (1 file)");
    }

    @Test
    void commitsNoRemoteHoldsBlockUnlessMergedIntoTheLocalDefault() {
      Repo repo = Repo.create();
      repo.branch("feature/x").localOnly().touchedBy(MAIN);
      tester(repo).given(Events.stop()).expectDeny()
          .reasonContains("feature/x: commits that no remote-tracking ref of origin holds")
          .remedyCommands("git push -u origin feature/x");
      repo.contains(repo.tipOf("feature/x"), "refs/heads/main");
      tester(repo).given(Events.stop()).expectAllow();
    }

    @Test
    void aMergedBranchStillPresentBlocksTheMainThread() {
      Repo repo = Repo.create();
      repo.branch("done").state(BranchState.MERGED_INTO_DEFAULT).worktree("/w/done")
          .touchedBy(MAIN);
      tester(repo).given(Events.stop()).expectDeny()
          .reasonContains("done: merged into the default branch but not deleted (worktree"
              + " /w/done)")
          .remedyCommands("git worktree remove /w/done", "git branch -d done",
              "git push origin --delete done");
    }

    @Test
    void branchesOfOtherSessionsAndPeopleAreNeverJudged() {
      Repo repo = Repo.create();
      repo.branch("theirs").localOnly().touchedBy("other-session:");
      repo.branch("human").localOnly();
      tester(repo).given(Events.stop()).expectNotApplicable();
    }

    @Test
    void theMainThreadOwnsWhatItsSubAgentsLeftUnpushedOrMerged() {
      Repo repo = Repo.create();
      repo.branch("sub").localOnly().worktree("/w/sub").touchedBy(HELPER);
      repo.status("/w/sub", new WorktreeStatus(List.of(), List.of("dirty.txt"), List.of(),
          List.of()));
      tester(repo).given(Events.stop()).expectDeny()
          .reasonContains("sub: commits that no remote-tracking ref")
          .reasonDoesNotContain("uncommitted");
    }

    @Test
    void aSubAgentIsJudgedOnItsOwnBranchesWithItsUnpushedMode() {
      Repo repo = Repo.create();
      repo.branch("sub").localOnly().touchedBy(HELPER);
      repo.branch("mine").localOnly().touchedBy(MAIN);
      tester(repo).given(Events.subagentStop("worker").agent("helper")).expectDeny()
          .findingSubjects("sub");
      tester(subagentUnpushed(Mode.ADVISE), repo)
          .given(Events.subagentStop("worker").agent("helper")).expectAdvise()
          .reasonContains("sub: commits");
      tester(subagentUnpushed(Mode.OFF), repo)
          .given(Events.subagentStop("worker").agent("helper")).expectAllow();
    }

    @Test
    void theDefaultBranchAndLinesAreLeftToTheReleaseFlow() {
      Repo repo = Repo.create();
      repo.spec("main").ahead().touchedBy(MAIN);
      tester(repo).given(Events.stop()).expectNotApplicable();
    }

    @Test
    void aContinuedStopIsNeverBlockedAgainButSaysWhatItLeavesAndHowToSecureIt() {
      Repo repo = Repo.create();
      repo.branch("feature/x").localOnly().touchedBy(MAIN);
      repo.ledger(new TestLedger().blocked(MAIN, 1));
      tester(repo).given(Events.stop(true)).expectAdvise()
          .reasonContains("The stop goes through", "feature/x: commits that no remote-tracking"
              + " ref of origin holds")
          .remedyCommands("git push -u origin feature/x")
          .hasNoEffects();
      repo.branch("feature/y").localOnly().touchedBy(HELPER);
      tester(repo).given(Events.subagentStop("w", true).agent("helper")).expectAdvise()
          .reasonContains("feature/y")
          .hasNoEffects();
      Repo clean = Repo.create();
      clean.branch("feature/x").touchedBy(MAIN);
      tester(clean).given(Events.stop(true)).expectAllow();
    }

    @Test
    void aTurnThatEndedOnAnErrorRecordsWhatItLeftForTheNextSweep() {
      Repo repo = Repo.create();
      repo.branch("feature/x").localOnly().touchedBy(MAIN);
      tester(repo).given(Events.stopFailure("rate_limit")).expectAdvise()
          .reasonContains("ended on an error (rate_limit)", "next sweep", "feature/x")
          .effects(new LedgerEffect.RecordAbandoned(new BranchLedger.Abandoned("feature/x", MAIN,
              "commits no remote holds", Repo.NOW)));
      Repo clean = Repo.create();
      clean.branch("feature/x").touchedBy(MAIN);
      tester(clean).given(Events.stopFailure("overloaded")).expectAllow();
    }

    @Test
    void blockedStopsAreCountedAndTheThirdIsTheLast() {
      Repo repo = Repo.create();
      repo.branch("feature/x").localOnly().touchedBy(MAIN);
      repo.ledger(new TestLedger().blocked(MAIN, 2));
      tester(repo).given(Events.stop()).expectDeny()
          .effects(new LedgerEffect.CountBlockedStop(MAIN));
      Repo gaveUp = Repo.create();
      gaveUp.branch("feature/x").localOnly().touchedBy(MAIN);
      gaveUp.ledger(new TestLedger().blocked(MAIN, 3));
      tester(gaveUp).given(Events.stop()).expectAdvise()
          .reasonContains("Stopping after 3 refused stops", "abandoned")
          .effects(new LedgerEffect.RecordAbandoned(new BranchLedger.Abandoned("feature/x", MAIN,
              "commits no remote holds", Repo.NOW)), new LedgerEffect.ResetBlockedStops(MAIN));
    }

    @Test
    void aCleanStopStartsTheCountAgain() {
      Repo repo = Repo.create();
      repo.branch("feature/x").touchedBy(MAIN);
      repo.ledger(new TestLedger().blocked(MAIN, 2));
      tester(repo).given(Events.stop()).expectAllow()
          .effects(new LedgerEffect.ResetBlockedStops(MAIN));
    }

    @Test
    void warnModeTurnsTheRefusalIntoAdvice() {
      Repo repo = Repo.create();
      repo.branch("feature/x").localOnly().touchedBy(MAIN);
      assertThat(tester(repo).withMode(Mode.WARN).given(Events.stop()).decision().outcome())
          .isEqualTo(dev.groundskeeper.api.Outcome.ADVISE);
    }
  }
}
