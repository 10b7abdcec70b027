package dev.groundskeeper.bench.changes;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Fact;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.api.repo.Snapshot;
import dev.groundskeeper.api.repo.SnapshotEffect;
import dev.groundskeeper.git.GitFacts;
import dev.groundskeeper.git.snapshot.SnapshotStore;
import dev.groundskeeper.rules.changes.ChangeRules;
import dev.groundskeeper.rules.changes.ChangesConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The guards over uncommitted work (changes.discard, changes.delete) on a worktree of 10,000
 * tracked files with 20 changed, built in a temporary directory at setup.
 *
 * <ul>
 *   <li>{@code resetHard}: {@code git reset --hard} judged with fresh facts each call (one status
 *       read, the line counts computed in process; refused).
 *   <li>{@code noDiscard}: a command with no discard in it, with facts that count every read;
 *       the count must stay zero (rules-changes' ReadCostTest asserts the same without a timer).
 *   <li>{@code snapshotTake}: what snapshot mode adds to {@code resetHard}: the snapshot of the
 *       20 changed files taken as the host takes it (a status read, HEAD's and the index's
 *       entries, the copies forced to disk, the rename), then dropped so the store does not grow
 *       between calls (the drop is part of the figure).
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ChangesBenchmark {

  private Path root;
  private Path work;
  private Policy policy;
  private Event reset;
  private Event plain;
  private final AtomicInteger reads = new AtomicInteger();
  private Facts counting;
  private Path state;
  private SnapshotStore store;
  private SnapshotEffect snapshotEffect;

  @Setup(Level.Trial)
  public void setUp() throws IOException, InterruptedException {
    root = Files.createTempDirectory("gk-changes-bench");
    work = root.resolve("work");
    git(root, "init", "-q", "-b", "main", work.toString());
    for (int i = 0; i < 10_000; i++) {
      Path file = work.resolve("d" + (i / 100)).resolve("f" + i + ".txt");
      Files.createDirectories(file.getParent());
      Files.writeString(file, "line one of " + i + "\nline two\n", StandardCharsets.UTF_8);
    }
    git(work, "add", "-A");
    git(work, "-c", "user.name=bench", "-c", "user.email=bench@invalid", "commit", "-q", "-m",
        "10,000 files");
    for (int i = 0; i < 20; i++) {
      Files.writeString(work.resolve("d" + (i * 5)).resolve("f" + (i * 500) + ".txt"),
          "changed " + i + "\n", StandardCharsets.UTF_8);
    }
    var builder = Policy.builder();
    for (ConfiguredRule rule : new ChangeRules().rules(ChangesConfig.DEFAULTS)) {
      builder.rule(rule.rule(), rule.mode());
    }
    policy = builder.build();
    reset = new Event.CommandEvent(EventContext.of("bench", work), "git reset --hard");
    plain = new Event.CommandEvent(EventContext.of("bench", work),
        "ls -la && git status && echo 'git reset --hard' > notes.txt && git log --oneline -5");
    Facts real = GitFacts.forDirectory(work, RepositorySettings.defaults());
    counting = new Facts() {
      @Override
      public <T> Optional<T> find(Fact<T> fact) {
        reads.incrementAndGet();
        return real.find(fact);
      }
    };
    if (policy.evaluate(reset, facts()).outcome() != Outcome.DENY) {
      throw new IllegalStateException("git reset --hard over 20 changes was not refused");
    }
    setUpStore();
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException, InterruptedException {
    if (reads.get() != 0) {
      throw new IllegalStateException("a command with no discard read " + reads.get()
          + " facts");
    }
    GitFacts.clearCaches();
    new ProcessBuilder("rm", "-rf", root.toString(), state.toString()).start().waitFor();
  }

  /** The snapshot store in its own temporary state directory, checked with one snapshot. */
  private void setUpStore() throws IOException {
    state = Files.createTempDirectory("gk-changes-bench-state");
    store = new SnapshotStore(state, Optional.empty());
    // what changes.discard: snapshot asks for before git reset --hard: every tracked change
    snapshotEffect = new SnapshotEffect(work.toRealPath(), "git reset --hard", "bench",
        List.of(), List.of(""), SnapshotEffect.Limits.DEFAULTS);
    Snapshot taken = store.take(snapshotEffect, Instant.parse("2026-12-02T05:00:00Z"));
    if (taken.files().size() != 20) {
      throw new IllegalStateException("the snapshot held " + taken.files().size()
          + " paths, not the 20 changed");
    }
    store.drop(work, taken.id());
  }

  @Benchmark
  public Snapshot snapshotTake() {
    Snapshot taken = store.take(snapshotEffect, Instant.parse("2026-12-02T05:00:00Z"));
    store.drop(work, taken.id());
    return taken;
  }

  private Facts facts() {
    return GitFacts.forDirectory(work, RepositorySettings.defaults());
  }

  @Benchmark
  public Decision resetHard() {
    return policy.evaluate(reset, facts());
  }

  @Benchmark
  public Decision noDiscard() {
    return policy.evaluate(plain, counting);
  }

  private static void git(Path dir, String... args) throws IOException, InterruptedException {
    String[] command = new String[args.length + 1];
    command[0] = "git";
    System.arraycopy(args, 0, command, 1, args.length);
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).inheritIO();
    builder.environment().put("GIT_CONFIG_NOSYSTEM", "1");
    builder.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
    if (builder.start().waitFor() != 0) {
      throw new IllegalStateException("git " + String.join(" ", args) + " failed");
    }
  }
}
