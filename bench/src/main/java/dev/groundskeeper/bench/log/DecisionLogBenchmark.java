package dev.groundskeeper.bench.log;

import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.config.LogConfig;
import dev.groundskeeper.git.store.Redactor;
import dev.groundskeeper.host.DecisionLog;
import dev.groundskeeper.host.Host;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
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
 * What the decision log adds to one hook call (issue 19: it must never slow the hook): building
 * one entry from an explained decision (each rule's step, the redaction pass over the command)
 * and appending it to {@code decisions.log} in a temporary state directory, the directory levels
 * read without following links, the size checked for rotation, the file opened, written and
 * closed, as {@code Host.handle} does once per event. {@code maxBytes} at the default (1 MiB)
 * rotates about once every few thousand appends; at the smallest allowed (4096) every dozen or so,
 * which bounds the cost of a rotation. Commands and results: docs/benchmarks/log.md.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class DecisionLogBenchmark {

  @Param({"1048576", "4096"})
  public long maxBytes;

  private Path temp;
  private DecisionLog log;
  private LogConfig config;
  private Event event;
  private Decision decision;
  private Redactor redactor;
  private DecisionLog.Entry entry;

  @Setup
  public void setUp() throws IOException {
    temp = Files.createTempDirectory("groundskeeper-log-bench");
    Path home = Files.createDirectories(temp.resolve("home"));
    // A real explained decision (every built-in rule's step), judged outside any repository.
    Host host = Host.builder().environment(Map.of("HOME", home.toString(),
        "GROUNDSKEEPER_HOME", temp.resolve("judge").toString())).build();
    event = new Event.CommandEvent(EventContext.of("bench", temp),
        "git push https://bob:hunter2hunter2@example.com/r.git main && git branch -D feat/x");
    decision = host.judge(event, true).decision();
    redactor = Redactor.of(List.of(Pattern.compile("(?i)token=\\S+")));
    entry = DecisionLog.entry(Instant.parse("2026-01-02T03:04:05Z"), "claude", event, decision,
        250_000, redactor);
    log = DecisionLog.in(temp.resolve("gk").resolve("state"));
    config = new LogConfig(LogConfig.Decisions.ALL, maxBytes, 3);
  }

  @TearDown
  public void tearDown() throws IOException {
    long dropped = log.dropped();
    try (Stream<Path> paths = Files.walk(temp)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
    if (dropped > 0) {
      // An append that was dropped measured the failure path, not a write: the run is void.
      throw new IllegalStateException(dropped + " appends were dropped"
          + log.problem().map(problem -> ": " + problem).orElse(""));
    }
  }

  /** One entry built from the decision: steps, outcomes and the redacted subject. */
  @Benchmark
  public DecisionLog.Entry buildEntry() {
    return DecisionLog.entry(Instant.parse("2026-01-02T03:04:05Z"), "claude", event, decision,
        250_000, redactor);
  }

  /** One entry appended, rotating when the file is full; false would mean it was dropped. */
  @Benchmark
  public boolean append() {
    return log.append(entry, config, Optional.empty());
  }
}
