package dev.groundskeeper.bench.git;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchTip;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.git.GitFacts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The git module's facts on a generated repository (bench/scripts/gen-repo.py). {@code repo} names
 * the repository directory; run with {@code -p repo=/tmp/gkb/r10000}.
 *
 * <ul>
 *   <li>{@code inventoryCold}: the full inventory with every state and judgement, caches dropped
 *       before each call (the JIT is warm; the first read of an agent's session).
 *   <li>{@code inventoryWarm}: the same read again in one process with the refs unchanged (every
 *       hook call after the first).
 *   <li>{@code wipCount}: the hot path of a branch-creation command: tips only, distinct tips of
 *       the non-default branches counted.
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class GitFactsBenchmark {

  @Param("/tmp/gkb/r1000")
  public String repo;

  private RepositorySettings settings;

  @Setup(Level.Trial)
  public void setUp() {
    settings = RepositorySettings.defaults()
        .withScanLimits(new RepositorySettings.ScanLimits(10_000_000, Duration.ofSeconds(120)));
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    GitFacts.clearCaches();
  }

  private Facts facts() {
    return GitFacts.forDirectory(Path.of(repo), settings);
  }

  @Benchmark
  public BranchInventory inventoryCold() {
    GitFacts.clearCaches();
    return facts().get(RepoFacts.BRANCHES);
  }

  @Benchmark
  public BranchInventory inventoryWarm() {
    return facts().get(RepoFacts.BRANCHES);
  }

  @Benchmark
  public int wipCount() {
    Facts facts = facts();
    List<BranchTip> tips = facts.get(RepoFacts.BRANCH_TIPS);
    Set<String> open = new HashSet<>();
    for (BranchTip tip : tips) {
      if (!tip.name().equals("main") && !settings.isExempt(tip.name()) && !settings.isIntegrationLine(tip.name())) {
        open.add(tip.tip());
      }
    }
    return open.size();
  }
}
