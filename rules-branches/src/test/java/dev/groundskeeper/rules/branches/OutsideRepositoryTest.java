package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.Event.StartSource;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.testkit.Events;
import dev.groundskeeper.testkit.RuleTester;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A session whose directory lies in no repository (a parent folder of several projects, a home
 * directory): the rules that count, warn or follow branches have nothing to judge there and stay
 * silent, instead of a "could not judge" note on every branch command and a warning at every
 * stop; the force-removal guard still refuses, in plain words.
 */
class OutsideRepositoryTest {

  /** The rules that only count, warn or follow branches; the loss guards fail closed instead. */
  private static final List<String> QUIET = List.of(WipCapRule.ID, DuplicateStemRule.ID,
      DormancyRule.ID, ContainmentRule.ID, StopGuardRule.ID);

  private static RuleTester tester(String id) {
    return RuleTester.of(new BranchRules(), BranchesConfig.DEFAULTS, id)
        .withFacts(Facts.builder().value(Facts.NOW, Instant.parse("2026-01-01T00:00:00Z"))
            .build());
  }

  @Test
  void branchCommandsRunWhereNoRepositoryIsAreNotJudged() {
    for (String id : QUIET) {
      tester(id).given(Events.command("git switch -c feature").in("/home/me"))
          .expectNotApplicable();
    }
  }

  @Test
  void stopsAndSessionStartsThereAreNotJudged() {
    for (String id : QUIET) {
      RuleTester tester = tester(id);
      tester.given(Events.stop().in("/home/me")).expectNotApplicable();
      tester.given(Events.subagentStop("helper").in("/home/me")).expectNotApplicable();
      tester.given(Events.sessionStart(StartSource.STARTUP).in("/home/me")).expectNotApplicable();
    }
  }

  @Test
  void aCommandAimedAtARepositoryElsewhereIsNotWavedThrough() {
    tester(WipCapRule.ID).given(Events.command("git -C /src/app switch -c feature")
        .in("/home/me")).expectCouldNotJudge()
        .reasonContains("`git -C /src/app switch -c feature` creates a branch that was not"
            + " counted");
  }

  @Test
  void aForcedDeletionThereIsRefusedSayingWhyInPlainWords() {
    tester(ForceRemovalRule.ID).given(Events.command("git branch -D feature").in("/home/me"))
        .expectDeny()
        .reasonContains("- `git branch -D feature` cannot be judged: /home/me is in no git"
            + " repository, so nothing proves what it would delete")
        .reasonDoesNotContain("fact '");
  }

  @Test
  void insideARepositoryACreationInAnotherCheckoutIsNotCountedAgainstThisOne() {
    Repo repo = Repo.create();
    RuleTester.of(new BranchRules(), BranchesConfig.DEFAULTS, WipCapRule.ID)
        .withFacts(repo.facts())
        .given(Events.command("git -C /elsewhere/other switch -c feature").in("/repo"))
        .expectCouldNotJudge()
        .reasonContains("creates a branch that was not counted: it runs in /elsewhere/other,"
            + " outside the checkout judged here");
  }
}
