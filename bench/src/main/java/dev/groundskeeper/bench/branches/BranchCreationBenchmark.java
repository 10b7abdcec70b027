package dev.groundskeeper.bench.branches;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.PolicyBuilder;
import dev.groundskeeper.api.repo.MergeJudgement;
import dev.groundskeeper.rules.branches.BranchRules;
import dev.groundskeeper.rules.branches.BranchesConfig;
import dev.groundskeeper.testkit.repo.InMemoryRepository;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A branch creation judged by every branch rule against a large inventory whose facts are already
 * read (warm): the WIP count, the duplicate stems, dormancy and containment. {@code cap} 10 takes
 * the refusal path (the list of open branches is built); a cap above the count takes the allow
 * path. Results: docs/benchmarks/branches.md.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class BranchCreationBenchmark {

  static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

  @Param({"10000"})
  public int branches;

  @Param({"10", "1000000"})
  public int cap;

  private Policy policy;
  private Facts facts;
  private Event event;

  @Setup
  public void setUp() {
    policy = policy(cap);
    facts = inventory(branches).facts();
    event = new Event.CommandEvent(EventContext.of("bench", Path.of("/repo")),
        "git switch -c fix-issue-4711-retry");
    policy.evaluate(event, facts);
  }

  @Benchmark
  public Decision judgeCreationWarm() {
    return policy.evaluate(event, facts);
  }

  static Policy policy(int cap, String... only) {
    BranchesConfig d = BranchesConfig.DEFAULTS;
    BranchesConfig config = new BranchesConfig(d.defaultBranch(), d.remote(),
        java.util.List.of("release/*"), java.util.List.of("users/**"), d.protectedNames(),
        new BranchesConfig.Wip(cap, d.wip().mode(), true), d.duplicates(), d.dormancy(),
        d.stopGuard(), d.forceRemoval(), d.evacuation(), d.cleanupAfterMerge(), d.sweep());
    PolicyBuilder builder = Policy.builder();
    for (ConfiguredRule rule : new BranchRules().rules(config)) {
      if (only.length == 0 || java.util.List.of(only).contains(rule.id())) {
        builder.rule(rule.rule(), rule.mode());
      }
    }
    return builder.build();
  }

  /**
   * A repository of {@code count} branches named as agents name them: a quarter pushed, one in
   * ten merged, one in twenty idle for 40 days, a few exempt and lines.
   */
  static InMemoryRepository inventory(int count) {
    InMemoryRepository.Builder builder = InMemoryRepository.builder().now(NOW)
        .defaultBranch("main");
    for (int i = 0; i < count; i++) {
      String name = switch (i % 5) {
        case 0 -> "agent-task-" + i + "-" + Integer.toHexString(0x10000000 + i);
        case 1 -> "feature/area-" + (i % 97) + "/change-" + i;
        case 2 -> "fix-issue-" + i;
        case 3 -> i % 100 == 3 ? "users/ann/spike-" + i : "worktree-lane-" + i;
        default -> i % 200 == 4 ? "release/" + i : "chore/cleanup-" + i + "-v2";
      };
      int n = i;
      builder.branch(name, spec -> {
        if (n % 4 == 0) {
          spec.pushed();
        }
        if (n % 10 == 1) {
          spec.merged(MergeJudgement.Method.ANCESTRY);
        } else if (n % 20 == 7) {
          spec.idleDays(40);
        } else {
          spec.idleDays(n % 5);
        }
      });
    }
    return builder.build();
  }
}
