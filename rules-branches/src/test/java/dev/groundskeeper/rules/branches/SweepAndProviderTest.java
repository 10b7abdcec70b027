package dev.groundskeeper.rules.branches;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.api.repo.Dormancy;
import dev.groundskeeper.api.repo.WorktreeStatus;
import dev.groundskeeper.testkit.Events;
import dev.groundskeeper.testkit.RuleTester;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class SweepAndProviderTest {

  @Nested
  class Sweep {

    private RuleTester tester(Repo repo) {
      return RuleTester.of(new BranchRules(), BranchesConfig.DEFAULTS, SweepRule.ID)
          .withFacts(repo.facts());
    }

    @Test
    void theReportPutsLostWorkFirstThenTheCountAndFinishedBranches() {
      Repo repo = Repo.create().work("live-one");
      repo.branch("lonely").localOnly().state(BranchState.DORMANT).age(10)
          .where(Dormancy.Where.NOWHERE);
      repo.branch("shipped").state(BranchState.MERGED_INTO_DEFAULT).age(3);
      repo.branch("release-2024").age(200);
      repo.ledger(new TestLedger().abandoned(new BranchLedger.Abandoned("gone", "s:a",
          "dirty worktree", Instant.parse("2025-12-30T10:00:00Z"))));
      String reason = tester(repo).given(Events.sweep()).expectAdvise()
          .remedyCommands("groundskeeper branch clean --dry-run")
          .findingSubjects("live-one", "lonely", "release-2024", "shipped").verdict().reason();
      assertThat(reason).startsWith("Branches: 4 open of branches.wip.cap 10; the 5 branches"
          + " here and on origin: 1 default, 1 merged into default, 1 dormant, 2 live\n\n" + Texts.LOST_WORK_HEADING
          + "\n- lonely (idle 10 days): git push -u origin lonely");
      assertThat(reason).contains("Finished, not deleted", "- shipped (merged into the default"
          + " branch; last commit 3 days ago): git branch -d shipped", "Idle:\n- lonely (idle,"
          + " advisory stage, CONTAINED NOWHERE", "Left behind at a stop:\n- gone: dirty"
          + " worktree (session s, agent a, 2025-12-30T10:00:00Z)", "declare them in branches.integration_lines"
          + " so they are never counted or deleted:\n- release-2024");
    }

    @Test
    void aBranchOnlyOnTheRemoteIsNotCountedAsLocalAndAFindingDoesNotRepeatItsName() {
      Repo repo = Repo.create().work("mine");
      repo.branch("theirs").remoteOnly();
      var verdict = tester(repo).given(Events.sweep()).expectAdvise().verdict();
      assertThat(verdict.reason()).contains("the 3 branches here and on origin:")
          .doesNotContain("local");
      assertThat(verdict.findings()).allSatisfy(f -> assertThat(f.detail())
          .doesNotStartWith(f.subject()).contains("last commit"));
    }

    @Test
    void aMainThreadThatLeftABranchIsNamedAsItsSessionWithTheTimeToTheSecond() {
      Repo repo = Repo.create();
      repo.ledger(new TestLedger().abandoned(new BranchLedger.Abandoned("gone", "S1:",
          "commits no remote holds", Instant.parse("2025-12-30T10:00:00.123456789Z"))));
      assertThat(tester(repo).given(Events.sweep()).expectAdvise().verdict().reason())
          .contains("- gone: commits no remote holds (session S1, 2025-12-30T10:00:00Z)");
    }

    @Test
    void aBranchFinishedByContentIsDeletedThroughBranchCleanNotGitBranchD() {
      Repo repo = Repo.create();
      repo.branch("squashed").state(BranchState.PATCH_EQUIVALENT).age(2);
      String reason = tester(repo).given(Events.sweep()).expectAdvise().verdict().reason();
      assertThat(reason).contains("- squashed (").contains("): groundskeeper branch clean --yes")
          .doesNotContain("git branch -d squashed");
    }

    @Test
    void namesGitAcceptsButAShellWouldRunAreQuotedInEveryCommand() {
      Repo repo = Repo.create();
      repo.branch("x;touch${IFS}pwned").localOnly().state(BranchState.DORMANT).age(10)
          .where(Dormancy.Where.NOWHERE);
      repo.branch("it's-done").state(BranchState.MERGED_INTO_DEFAULT).age(3);
      String reason = tester(repo).given(Events.sweep()).expectAdvise().verdict().reason();
      assertThat(reason).contains("git push -u origin 'x;touch${IFS}pwned'",
          "git branch -d 'it'\\''s-done'").doesNotContain("origin x;touch");
    }

    @Test
    void outsideARepositoryThereIsNothingToJudge() {
      RuleTester.of(new BranchRules(), BranchesConfig.DEFAULTS, SweepRule.ID)
          .withFacts(Facts.builder().value(Facts.NOW, Instant.parse("2026-01-01T00:00:00Z"))
              .build())
          .given(Events.sweep()).expectNotApplicable();
    }

    @Test
    void anEmptyRepositoryHasNothingToReport() {
      tester(Repo.create()).given(Events.sweep()).expectAllow();
    }
  }

  @Nested
  class Provider {

    @Test
    void theProviderIsFoundThroughTheServiceLoaderAndBuildsEveryDeclaredRule() {
      Policy policy = Policy.builder().discover(getClass().getClassLoader()).build();
      assertThat(policy.rules().stream().map(ConfiguredRule::id).filter(id ->
          id.startsWith("branches."))).containsExactlyInAnyOrder(WipCapRule.ID,
          DuplicateStemRule.ID, DormancyRule.ID, ContainmentRule.ID, ForceRemovalRule.ID,
          RemoteDeleteRule.ID, StopGuardRule.ID, EvacuationRule.ID, CleanupAfterMergeRule.ID,
          SweepRule.ID);
    }

    @Test
    void everyRuleHasItsPage() {
      for (ConfiguredRule rule : new BranchRules().rules(BranchesConfig.DEFAULTS)) {
        Path page = Path.of("..", "docs", rule.rule().info().docsPage());
        assertThat(page).as(rule.id()).exists();
        assertThat(Files.isRegularFile(page)).isTrue();
      }
    }

    @Test
    void thePrincipleEndsEveryCapDormancyStopForceAndEvacuationRefusal() {
      Repo repo = Repo.create();
      IntStream.range(0, 10).forEach(i -> repo.branch("b" + i).localOnly().worktree("/w/b" + i)
          .touchedBy("test-session:"));
      repo.branch("idle").state(BranchState.DORMANT).age(40);
      repo.status("/w/b0", new WorktreeStatus(List.of(), List.of("x"), List.of(), List.of()));
      Facts facts = repo.facts();
      List<Verdict> denials = List.of(
          run(WipCapRule.ID, Events.command("git switch -c new").build(), facts),
          run(DormancyRule.ID, Events.command("git switch -c new").build(), facts),
          run(StopGuardRule.ID, Events.stop().build(), facts),
          run(ForceRemovalRule.ID, Events.command("git branch -D b1").build(), facts),
          run(EvacuationRule.ID, Events.command("git -C /w/b2 diff > /tmp/p && git worktree"
              + " remove /w/b2").build(), facts));
      for (Verdict verdict : denials) {
        assertThat(verdict.outcome()).as(verdict.ruleId()).isEqualTo(Outcome.DENY);
        assertThat(verdict.reason()).as(verdict.ruleId()).endsWith("\n\n" + BranchPrinciple.TEXT);
      }
    }

    private Verdict run(String id, Event event, Facts facts) {
      Rule rule = new BranchRules().rules(BranchesConfig.DEFAULTS).stream()
          .filter(r -> r.id().equals(id)).findFirst().orElseThrow().rule();
      return rule.evaluate(event, facts);
    }
  }
}
