package dev.groundskeeper.bench.branches;

import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.git.GitFacts;
import dev.groundskeeper.git.InventoryPass;
import dev.groundskeeper.rules.branches.BranchesConfig;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * The cold path beside {@link BranchCreationBenchmark}: the same creation judged with the facts
 * read from a real repository of {@code branches} branches (made once with git fast-import), a
 * fresh {@code GitFacts} per evaluation. {@code firstInJvm} is one evaluation in a fresh JVM
 * (class loading, JGit start-up, first read); {@code freshFacts} is the steady-state cost of a
 * new reading in a warm JVM whose repository state is dropped before each evaluation, so every
 * evaluation opens the repository and reads the inventory cache as a new hook process does.
 *
 * <p>{@code read} says how the inventory is read: {@code full-none} is a full pass without a
 * cache (what every creation paid before the cache), {@code guard-none} the guard pass without a
 * cache (refs only: names-only refusals), {@code guard-disk} the guard pass on a cache written by
 * a session start, {@code full-disk} a session start's full pass on that cache. {@code refs}:
 * {@code loose} (one file per ref, as fast-import and new branches leave them) or {@code packed}.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class BranchCreationColdBenchmark {

  @Param({"10000"})
  public int branches;

  /** {@code all}: every branch rule; {@code wip-cap}: the cap alone, which reads only the tips. */
  @Param({"all", "wip-cap"})
  public String rules;

  @Param({"full-none", "guard-none", "guard-disk", "full-disk"})
  public String read;

  @Param({"loose", "packed"})
  public String refs;

  private Path root;
  private Policy policy;
  private Event event;
  private InventoryPass pass;
  private Path cacheFile;
  private byte[] cache;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    root = Files.createTempDirectory("gk-branches-bench");
    git(root, null, "init", "-q", "-b", "main", ".");
    StringBuilder stream = new StringBuilder();
    stream.append("commit refs/heads/main\nmark :1\ncommitter B <b@x> 1767225600 +0000\n")
        .append("data 4\nmain\n\n");
    for (int i = 0; i < branches; i++) {
      String message = "work " + i;
      stream.append("commit refs/heads/fix-issue-").append(i).append('\n')
          .append("committer B <b@x> ").append(1767225600L + i * 60L).append(" +0000\n")
          .append("data ").append(message.length()).append('\n').append(message).append('\n')
          .append("from :1\n\n");
    }
    git(root, stream.toString(), "fast-import", "--quiet");
    if (refs.equals("packed")) {
      git(root, null, "pack-refs", "--all", "--prune");
    }
    policy = rules.equals("all") ? BranchCreationBenchmark.policy(1_000_000)
        : BranchCreationBenchmark.policy(1_000_000, "branches.wip-cap");
    event = new Event.CommandEvent(EventContext.of("bench", root),
        "git switch -c fix-issue-4711-retry");
    pass = read.startsWith("full") ? InventoryPass.FULL : InventoryPass.GUARD;
    cacheFile = root.resolve(".git/groundskeeper/branch-inventory.cache");
    if (read.endsWith("disk")) {
      // In another JVM, so that firstInJvm's JVM has loaded and compiled nothing beforehand.
      String java = ProcessHandle.current().info().command().orElse("java");
      command(root, java, "-cp", System.getProperty("java.class.path"),
          BranchCreationColdBenchmark.class.getName(), root.toString());
      cache = Files.readAllBytes(cacheFile);
    }
  }

  /**
   * What a session start leaves in {@code args[0]}'s repository: every branch classified (here
   * without a time bound, so that the whole cache exists; a sweep fills it over several passes
   * within its budget).
   */
  public static void main(String[] args) {
    RepositorySettings unbounded = BranchesConfig.DEFAULTS.repositorySettings().withScanLimits(
        new RepositorySettings.ScanLimits(10_000_000, java.time.Duration.ofMinutes(10)));
    GitFacts.forDirectory(Path.of(args[0]), unbounded, clock(), InventoryPass.FULL).get(RepoFacts.BRANCHES);
  }

  /** Each evaluation starts as a new process would: nothing in memory, the cache as on disk. */
  @Setup(Level.Invocation)
  public void newProcessState() throws IOException {
    GitFacts.clearCaches();
    if (cache == null) {
      Files.deleteIfExists(cacheFile);
    } else {
      Files.write(cacheFile, cache);
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @Warmup(iterations = 0)
  @Measurement(iterations = 1)
  @Fork(5)
  public Decision firstInJvm() {
    return judge();
  }

  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @Warmup(iterations = 2, time = 5)
  @Measurement(iterations = 3, time = 5)
  @Fork(1)
  public Decision freshFacts() {
    return judge();
  }

  private Decision judge() {
    return policy.evaluate(event, GitFacts.forDirectory(root,
        BranchesConfig.DEFAULTS.repositorySettings(), clock(), pass));
  }

  private static java.time.Clock clock() {
    return java.time.Clock.fixed(BranchCreationBenchmark.NOW, java.time.ZoneOffset.UTC);
  }

  private static void git(Path dir, String input, String... args) throws Exception {
    String[] command = new String[args.length + 1];
    command[0] = "git";
    System.arraycopy(args, 0, command, 1, args.length);
    run(dir, input, command);
  }

  private static void command(Path dir, String... command) throws Exception {
    run(dir, null, command);
  }

  private static void run(Path dir, String input, String... command) throws Exception {
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
        .redirectErrorStream(true);
    builder.environment().put("GIT_CONFIG_NOSYSTEM", "1");
    builder.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
    Process process = builder.start();
    try (OutputStream in = process.getOutputStream()) {
      if (input != null) {
        in.write(input.getBytes(StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (process.waitFor() != 0) {
      throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
    }
  }
}
