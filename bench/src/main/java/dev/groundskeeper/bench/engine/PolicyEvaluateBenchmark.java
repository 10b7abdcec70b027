package dev.groundskeeper.bench.engine;

import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Policy;
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
 * {@code Policy.evaluate} for a PreToolUse Bash event, with every rule discovered on the class
 * path (the built-in rule modules). Results: docs/benchmarks/engine.md.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PolicyEvaluateBenchmark {

  @Param({"git status", "git branch -D feat/x && git push origin --delete feat/x",
      "cd /tmp/notes && cat plan.md && rm plan.md"})
  public String command;

  private Policy policy;
  private Event event;
  private Facts facts;

  @Setup
  public void setUp() {
    policy = Policy.builder().discover(PolicyEvaluateBenchmark.class.getClassLoader()).build();
    event = new Event.CommandEvent(EventContext.of("bench", Path.of("/tmp/bench-repo")), command);
    facts = Facts.builder().value(Facts.NOW, Instant.parse("2026-01-02T03:04:05Z")).build();
  }

  @Benchmark
  public Decision evaluatePreToolUseBash() {
    return policy.evaluate(event, facts);
  }
}
