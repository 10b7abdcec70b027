package dev.groundskeeper.rules.branches;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Fact;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.PolicyBuilder;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.testkit.repo.InMemoryRepository;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the branch rules cost in repository reads on a tool call that neither creates, deletes
 * nor pushes a branch: none. Counted, not timed (a served hook call opened the repository for
 * every such call only because one rule asked where the repository was before asking what the
 * event was; docs/benchmarks/engine.md).
 */
class BranchReadCostTest {

  private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

  /** Facts over an in-memory repository that record the id of every fact asked for. */
  private static final class Counting implements Facts {
    final Facts real;
    final List<String> reads = new ArrayList<>();

    Counting(Facts real) {
      this.real = real;
    }

    @Override
    public <T> Optional<T> find(Fact<T> fact) {
      reads.add(fact.id());
      return real.find(fact);
    }
  }

  private static Policy everyBranchRule() {
    PolicyBuilder builder = Policy.builder();
    for (ConfiguredRule rule : new BranchRules().rules(BranchesConfig.DEFAULTS)) {
      builder.rule(rule.rule(), rule.mode());
    }
    return builder.build();
  }

  private static Counting facts() {
    InMemoryRepository.Builder repo = InMemoryRepository.builder().now(NOW).defaultBranch("main");
    repo.branch("old", spec -> spec.idleDays(40));
    return new Counting(repo.build().facts());
  }

  @ParameterizedTest
  @ValueSource(strings = {"ls -la", "mvn -q verify", "cat a.txt | wc -l", "echo 'git branch -D x'",
      "git status && git log --oneline -5"})
  void aCommandThatTouchesNoBranchReadsNoRepositoryFact(String command) {
    Counting facts = facts();
    everyBranchRule().evaluate(
        new Event.CommandEvent(EventContext.of("s1", Path.of("/repo")), command), facts);

    assertThat(facts.reads).doesNotContain(RepoFacts.LAYOUT.id(), RepoFacts.BRANCHES.id(),
        RepoFacts.BRANCH_TIPS.id());
  }

  @Test
  void aBranchCreationStillReadsTheRepository() {
    Counting facts = facts();
    everyBranchRule().evaluate(
        new Event.CommandEvent(EventContext.of("s1", Path.of("/repo")), "git switch -c feat/y"),
        facts);

    assertThat(facts.reads).contains(RepoFacts.LAYOUT.id());
  }
}
