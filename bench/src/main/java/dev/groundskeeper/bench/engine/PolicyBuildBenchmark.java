package dev.groundskeeper.bench.engine;

import dev.groundskeeper.api.Policy;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Discovering every rule provider on the class path and building the policy on the embedded
 * defaults: what a hook process pays once per call before it evaluates anything.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PolicyBuildBenchmark {

  @Benchmark
  public Policy discoverAndBuild() {
    return Policy.builder().discover(PolicyBuildBenchmark.class.getClassLoader()).build();
  }
}
