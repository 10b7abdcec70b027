package dev.groundskeeper.bench.scratch;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.files.ListingBudget;
import dev.groundskeeper.git.files.FileSystemFacts;
import dev.groundskeeper.rules.scratch.ScratchConfig;
import dev.groundskeeper.rules.scratch.ScratchSweep;
import dev.groundskeeper.rules.scratch.SweepReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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
 * The scratch sweep over a real directory of 100,000 stale scratch files (100 directories of
 * 1,000), every one of them a finding: with the sweep's own budget (50,000 entries or 1 s, so
 * it stops and says so) and with a budget large enough to see everything. The tree is built
 * once per fork in the system's temporary directory and removed afterwards.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ScratchSweepBenchmark {

  static final int DIRECTORIES = 100;
  static final int FILES_PER_DIRECTORY = 1_000;
  private static final Instant NOW = Instant.parse("2026-11-20T12:00:00Z");

  /** {@code sweep}: the budget the rule uses; {@code whole}: enough to list every file. */
  @Param({"sweep", "whole"})
  public String budget;

  private Path root;
  private Facts facts;
  private ListingBudget listing;

  @Setup(Level.Trial)
  public void createTree() throws IOException {
    root = Files.createTempDirectory("groundskeeper-sweep-bench");
    FileTime old = FileTime.from(NOW.minus(Duration.ofDays(3)));
    for (int d = 0; d < DIRECTORIES; d++) {
      Path directory = Files.createDirectories(
          root.resolve("untracked/scratch/run-" + d));
      for (int f = 0; f < FILES_PER_DIRECTORY; f++) {
        Path file = Files.writeString(directory.resolve("capture-" + f + ".txt"), "x");
        Files.setLastModifiedTime(file, old);
      }
    }
    facts = FileSystemFacts.register(Facts.builder(), root).value(Facts.NOW, NOW).build();
    listing = budget.equals("sweep") ? ListingBudget.SWEEP
        : new ListingBudget(1_000_000, Duration.ofSeconds(60));
    SweepReport probe = ScratchSweep.scan(ScratchConfig.DEFAULTS, facts, listing);
    System.out.println("\n[sweep " + budget + "] files reported: " + probe.total()
        + ", complete: " + probe.complete());
  }

  @TearDown(Level.Trial)
  public void removeTree() throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  @Benchmark
  public SweepReport sweep() {
    return ScratchSweep.scan(ScratchConfig.DEFAULTS, facts, listing);
  }
}
