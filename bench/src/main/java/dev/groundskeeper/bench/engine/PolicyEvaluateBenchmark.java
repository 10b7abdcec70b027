package dev.groundskeeper.bench.engine;

import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.git.GitFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code Policy.evaluate} for a PreToolUse Bash event, with every rule discovered on the class
 * path (the built-in rule modules), in a small real repository (main plus a few branches).
 * {@code facts=clock} offers only the clock, so rules that need the repository answer
 * could-not-judge: the pure path. {@code facts=git} gives each evaluation fresh
 * {@code GitFacts}, as a hook call does (the opened repository itself is reused, as it is within
 * one process). Results: docs/benchmarks/engine.md.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PolicyEvaluateBenchmark {

  static final Clock CLOCK = Clock.fixed(Instant.parse("2026-01-02T03:04:05Z"), ZoneOffset.UTC);

  @Param({"git status", "git branch -D feat/x && git push origin --delete feat/x",
      "cd /tmp/notes && cat plan.md && rm plan.md"})
  public String command;

  @Param({"clock", "git"})
  public String facts;

  private Path temp;
  private Path repo;
  private Policy policy;
  private Event event;

  @Setup
  public void setUp() throws IOException, InterruptedException {
    temp = Files.createTempDirectory("groundskeeper-evaluate-bench");
    repo = temp.resolve("repo");
    git(temp, "init", "-q", "-b", "main", repo.toString());
    git(repo, "commit", "-q", "--allow-empty", "-m", "initial");
    for (String branch : List.of("feat/x", "feat/y", "fix/z")) {
      git(repo, "checkout", "-q", "-b", branch, "main");
      git(repo, "commit", "-q", "--allow-empty", "-m", "work on " + branch);
    }
    git(repo, "checkout", "-q", "main");
    policy = Policy.builder().discover(PolicyEvaluateBenchmark.class.getClassLoader()).build();
    event = new Event.CommandEvent(EventContext.of("bench", repo), command);
  }

  @TearDown
  public void tearDown() throws IOException {
    try (Stream<Path> files = Files.walk(temp)) {
      for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  @Benchmark
  public Decision evaluatePreToolUseBash() {
    return policy.evaluate(event, facts.equals("git")
        ? GitFacts.forDirectory(repo, RepositorySettings.defaults(), CLOCK)
        : Facts.builder().supplier(Facts.NOW, f -> CLOCK.instant()).build());
  }

  private static void git(Path directory, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=bench",
        "-c", "user.email=bench@groundskeeper.invalid", "-c", "commit.gpgsign=false"));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).directory(directory.toFile())
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    if (process.waitFor() != 0) {
      throw new IOException(command + " failed in " + directory);
    }
  }
}
