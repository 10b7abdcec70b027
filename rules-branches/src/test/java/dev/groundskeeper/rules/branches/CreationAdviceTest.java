package dev.groundskeeper.rules.branches;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Event.StartSource;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.api.repo.Dormancy;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.testkit.Events;
import dev.groundskeeper.testkit.RuleTester;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The duplicate-stem warning, the dormancy stages and the containment report. */
class CreationAdviceTest {

  private static RuleTester rule(BranchesConfig config, String id, Repo repo) {
    return RuleTester.of(new BranchRules(), config, id).withFacts(repo.facts());
  }

  private static BranchesConfig dormancy(BranchesConfig.Preset preset, Mode mode) {
    return new BranchesConfig("auto", "origin", List.of(), List.of(), List.of("main"),
        BranchesConfig.Wip.DEFAULTS, BranchesConfig.Duplicates.DEFAULTS,
        new BranchesConfig.Dormancy(preset, Optional.empty(), Optional.empty(), Optional.empty(),
            mode), BranchesConfig.StopGuard.DEFAULTS, BranchesConfig.ForceRemoval.DEFAULTS,
        BranchesConfig.Evacuation.DEFAULTS, BranchesConfig.CleanupAfterMerge.DEFAULTS,
        BranchesConfig.Sweep.DEFAULTS);
  }

  @Nested
  class DuplicateStems {

    private RuleTester tester(Repo repo) {
      return rule(BranchesConfig.DEFAULTS, DuplicateStemRule.ID, repo);
    }

    @Test
    void aRetryOfAnOpenBranchIsToldToContinueThere() {
      Repo repo = Repo.create();
      repo.branch("fix-login").age(3).worktree("/w/fix-login");
      tester(repo).given(Events.command("git switch -c fix-login-retry")).expectAdvise()
          .reasonContains("`fix-login-retry` has the same stem `fix-login` as fix-login (live;"
              + " last commit 3 days ago; worktree /w/fix-login)", "Continue there instead")
          .remedyCommands("cd /w/fix-login")
          .findingSubjects("fix-login");
    }

    @Test
    void aSharedIssueNumberIsALikenessToo() {
      Repo repo = Repo.create().work("issue-412-parser");
      tester(repo).given(Events.command("git checkout -b fix/412-tokenizer")).expectAdvise()
          .reasonContains("`fix/412-tokenizer` shares the number 412 with issue-412-parser")
          .remedyCommands("git switch issue-412-parser");
    }

    @Test
    void aRunnerWorktreeNameIsComparedWithoutItsHash() {
      Repo repo = Repo.create();
      repo.branch("worktree-refactor-db-1a2b3c4d").remoteOnly();
      tester(repo).given(Events.worktreeCreate("refactor-db")).expectAdvise()
          .remedyCommands("git switch --track origin/worktree-refactor-db-1a2b3c4d");
    }

    @Test
    void unrelatedNamesAreAllowedAndNothingIsEverRefused() {
      Repo repo = Repo.create().work("fix-login", "release-notes");
      tester(repo).given(Events.command("git switch -c add-search")).expectAllow();
      tester(repo).given(Events.command("git switch -c \"$N\"")).expectNotApplicable();
    }

    @Test
    void branchesOutsideTheCountAreNotCompared() {
      BranchesConfig config = new BranchesConfig("auto", "origin", List.of("release/*"),
          List.of(), List.of("main"), BranchesConfig.Wip.DEFAULTS,
          BranchesConfig.Duplicates.DEFAULTS, BranchesConfig.Dormancy.DEFAULTS,
          BranchesConfig.StopGuard.DEFAULTS, BranchesConfig.ForceRemoval.DEFAULTS,
          BranchesConfig.Evacuation.DEFAULTS, BranchesConfig.CleanupAfterMerge.DEFAULTS,
          BranchesConfig.Sweep.DEFAULTS);
      rule(config, DuplicateStemRule.ID, Repo.create().work("release/12"))
          .given(Events.command("git switch -c hotfix-12")).expectAllow();
    }
  }

  @Nested
  class DormancyStages {

    private Repo idle(long days) {
      Repo repo = Repo.create().work("fresh");
      repo.branch("old-work").state(BranchState.DORMANT).age(days);
      return repo;
    }

    private RuleTester standard(Repo repo) {
      return rule(BranchesConfig.DEFAULTS, DormancyRule.ID, repo);
    }

    @Test
    void atTheBlockStageNewBranchesAreRefusedWithTheThreeWaysOut() {
      standard(idle(31)).given(Events.command("git switch -c next")).expectDeny()
          .reasonContains("is refused while a branch has been idle for 30 days or more",
              "commits, merges, pushes and deletions stay open",
              "- old-work (idle, blocking new branches, pushed but unmerged: finish or park it;"
                  + " last commit 31 days ago)", BranchPrinciple.TEXT)
          .remedyDescriptionContains("For each idle branch: finish it and merge it")
          .remedyCommands("groundskeeper branch park old-work --reason \"<why it waits>\"");
    }

    @Test
    void theRefusalNamesEveryIdleBranchNoRemoteHoldsNotOnlyTheBlockingOnes() {
      Repo repo = idle(31);
      repo.branch("lonely").localOnly().state(BranchState.DORMANT).age(15)
          .where(Dormancy.Where.NOWHERE);
      standard(repo).given(Events.command("git switch -c next")).expectDeny()
          .reasonContains(Texts.LOST_WORK_HEADING + "\n- lonely (idle 15 days): git push -u"
              + " origin lonely");
    }

    @Test
    void theIdleReportEndsWithItsWaysOutAsASentence() {
      standard(idle(14)).given(Events.sessionStart(StartSource.STARTUP)).expectAdvise()
          .reasonContains("\n" + DormancyRule.WAYS_OUT)
          .reasonContains("\nFor each idle branch: finish it and merge it;");
    }

    @Test
    void onlyCreationsAreRefused() {
      RuleTester tester = standard(idle(40));
      tester.given(Events.command("git commit -m wip && git push")).expectNotApplicable();
      tester.given(Events.command("git branch -D old-work")).expectNotApplicable();
      tester.given(Events.dispatchInWorktree("helper")).expectDeny();
    }

    @Test
    void theNoisyStageAddsANoteToAnAllowedCreation() {
      standard(idle(14)).given(Events.command("git switch -c next")).expectAdvise()
          .reasonContains("Allowed, but", "old-work (idle, noisy stage");
      standard(idle(13)).given(Events.command("git switch -c next")).expectAllow();
    }

    @Test
    void theAdvisoryStageSpeaksOnlyAtNewSessions() {
      RuleTester tester = standard(idle(7));
      tester.given(Events.sessionStart(StartSource.STARTUP)).expectAdvise()
          .reasonContains("old-work (idle, advisory stage");
      tester.given(Events.sessionStart(StartSource.CLEAR)).expectAdvise();
      tester.given(Events.sessionStart(StartSource.RESUME)).expectAllow();
      tester.given(Events.sessionStart(StartSource.COMPACT)).expectAllow();
      standard(idle(6)).given(Events.sessionStart(StartSource.STARTUP)).expectAllow();
    }

    @Test
    void theNoisyStageSpeaksAtEverySessionStart() {
      for (StartSource source : StartSource.values()) {
        standard(idle(20)).given(Events.sessionStart(source)).expectAdvise()
            .reasonContains("noisy stage");
      }
    }

    @Test
    void theStrictPresetWarnsLoudlyFromDayThreeAndBlocksFromDaySeven() {
      BranchesConfig strict = dormancy(BranchesConfig.Preset.STRICT, Mode.BLOCK);
      Repo three = idle(3).days(RepositorySettings.DormancyDays.STRICT);
      rule(strict, DormancyRule.ID, three).given(Events.sessionStart(StartSource.RESUME))
          .expectAdvise().reasonContains("noisy stage");
      rule(strict, DormancyRule.ID, three).given(Events.command("git switch -c n"))
          .expectAdvise();
      Repo seven = idle(7).days(RepositorySettings.DormancyDays.STRICT);
      rule(strict, DormancyRule.ID, seven).given(Events.command("git switch -c n"))
          .expectDeny().reasonContains("idle for 7 days or more");
    }

    @Test
    void warnModeStopsAtTheNoisyStage() {
      rule(dormancy(BranchesConfig.Preset.STANDARD, Mode.WARN), DormancyRule.ID, idle(45))
          .given(Events.command("git switch -c next")).expectAdvise()
          .reasonContains("old-work (idle, noisy stage").reasonDoesNotContain("blocking");
    }

    @Test
    void parkedMergedAndExemptBranchesHaveNoStage() {
      Repo repo = Repo.create();
      repo.branch("waiting").state(BranchState.PARKED).age(90);
      repo.branch("shipped").state(BranchState.MERGED_INTO_DEFAULT).age(90);
      standard(repo).given(Events.command("git switch -c next")).expectAllow();
      standard(repo).given(Events.sessionStart(StartSource.STARTUP)).expectAllow();
    }

    @Test
    void theStopNoteComesAtMostOncePerHourPerSession() {
      Instant now = Repo.NOW;
      Repo repo = idle(20).ledger(ledgerWithStopNote(Optional.empty()));
      standard(repo).given(Events.stop()).expectAdvise()
          .reasonContains("Before you go")
          .effects(new LedgerEffect.NoteAtStop("test-session", now));
      Repo recent = idle(20).ledger(ledgerWithStopNote(Optional.of(now.minus(
          Duration.ofMinutes(59)))));
      standard(recent).given(Events.stop()).expectAllow();
      Repo hourAgo = idle(20).ledger(ledgerWithStopNote(Optional.of(now.minus(
          Duration.ofMinutes(60)))));
      standard(hourAgo).given(Events.stop()).expectAdvise();
      standard(idle(8).ledger(ledgerWithStopNote(Optional.empty()))).given(Events.stop())
          .expectAllow();
      standard(idle(20)).given(Events.stop()).expectNotApplicable();
      standard(repo).given(Events.stop().agent("helper")).expectNotApplicable();
    }

    private BranchLedger ledgerWithStopNote(Optional<Instant> last) {
      return new TestLedger().lastStopNote(last);
    }
  }

  @Nested
  class Containment {

    private RuleTester tester(Repo repo) {
      return rule(BranchesConfig.DEFAULTS, ContainmentRule.ID, repo);
    }

    @Test
    void anIdleBranchNoRemoteHoldsIsLoudAtEverySessionStartAndCreation() {
      Repo repo = Repo.create().work("fresh");
      repo.branch("lonely").localOnly().state(BranchState.DORMANT).age(8)
          .where(Dormancy.Where.NOWHERE);
      repo.branch("pushed").state(BranchState.DORMANT).age(8);
      for (StartSource source : StartSource.values()) {
        tester(repo).given(Events.sessionStart(source)).expectAdvise()
            .reasonIs(Texts.LOST_WORK_HEADING + "\n- lonely (idle 8 days): git push -u origin"
                + " lonely")
            .remedyCommands("git push -u origin lonely")
            .findingSubjects("lonely");
      }
      tester(repo).given(Events.command("git switch -c next")).expectAdvise();
      tester(repo).given(Events.command("git status")).expectNotApplicable();
    }

    @Test
    void idleBranchesHeldSomewhereAreNotLoud() {
      Repo repo = Repo.create();
      repo.branch("pushed").state(BranchState.DORMANT).age(40);
      repo.branch("in-line").state(BranchState.DORMANT).age(40)
          .where(Dormancy.Where.IN_OTHER_REMOTE_REF);
      tester(repo).given(Events.sessionStart(StartSource.STARTUP)).expectAllow();
      assertThat(rule(BranchesConfig.DEFAULTS, DormancyRule.ID, repo)
          .given(Events.sessionStart(StartSource.STARTUP)).verdict().reason())
          .contains("contained in refs/remotes/origin/release/1: a cleanup candidate",
              "pushed but unmerged");
    }

    @Test
    void dormancyOffSilencesTheReport() {
      BranchesConfig off = dormancy(BranchesConfig.Preset.STANDARD, Mode.OFF);
      Repo repo = Repo.create();
      repo.branch("lonely").localOnly().state(BranchState.DORMANT).age(8)
          .where(Dormancy.Where.NOWHERE);
      assertThat(rule(off, ContainmentRule.ID, repo)
          .given(Events.sessionStart(StartSource.STARTUP)).decision().outcome())
          .isEqualTo(Outcome.ALLOW);
    }
  }
}
