package dev.groundskeeper.rules.branches;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Explanation;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Memo;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.PolicyBuilder;
import dev.groundskeeper.testkit.repo.InMemoryRepository;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What replaced the static memos: the branch rules derive their indexes once per evaluation, and a
 * policy judging the same reading again carries them instead of deriving them anew.
 */
class WarmPolicyMemoTest {

  private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

  private static Policy everyBranchRule(BranchesConfig config) {
    PolicyBuilder builder = Policy.builder();
    for (ConfiguredRule rule : new BranchRules().rules(config)) {
      builder.rule(rule.rule(), rule.mode());
    }
    return builder.build();
  }

  private static List<Memo.Use> uses(Decision decision) {
    return decision.explanation().orElseThrow().steps().stream()
        .flatMap(step -> step.memo().stream()).toList();
  }

  @Test
  void aSecondEvaluationOfTheSameReadingDerivesNothingAgain() {
    InMemoryRepository.Builder repo = InMemoryRepository.builder().now(NOW).defaultBranch("main");
    for (int i = 0; i < 30; i++) {
      int n = i;
      repo.branch("fix-issue-" + i, spec -> spec.idleDays(n % 3 == 0 ? 40 : 1));
    }
    Facts facts = repo.build().facts();
    Policy policy = everyBranchRule(BranchesConfig.DEFAULTS);
    Event event = new Event.CommandEvent(EventContext.of("s1", Path.of("/repo")),
        "git switch -c fix-issue-4711-retry");

    Decision first = policy.explain(event, facts);
    Decision second = policy.explain(event, facts);

    assertThat(uses(first)).extracting(Memo.Use::key)
        .contains(TipsIndex.KEY + "[main]", Classifier.KEY, IdleIndex.KEY + "[main]",
            "shell.script[git switch -c fix-issue-4711-retry]");
    assertThat(uses(first)).filteredOn(use -> use.key().equals(TipsIndex.KEY + "[main]"))
        .extracting(Memo.Use::source).first().isEqualTo(Memo.Use.Source.COMPUTED);
    assertThat(uses(second)).isNotEmpty()
        .noneMatch(use -> use.source() == Memo.Use.Source.COMPUTED);
    assertThat(uses(second)).filteredOn(use -> use.key().equals(TipsIndex.KEY + "[main]"))
        .extracting(Memo.Use::source).first().isEqualTo(Memo.Use.Source.CARRIED);
    assertThat(second.verdicts()).isEqualTo(first.verdicts());
    assertThat(first.explanation().orElseThrow().steps()).extracting(Explanation.Step::ruleId)
        .contains(WipCapRule.ID);
  }
}
