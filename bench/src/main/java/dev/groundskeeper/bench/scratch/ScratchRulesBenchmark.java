package dev.groundskeeper.bench.scratch;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Shell;
import dev.groundskeeper.rules.scratch.ScratchConfig;
import dev.groundskeeper.rules.scratch.ScratchPaths;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The hot path of the scratch rules on typical inputs: the shape predicate alone, and the
 * consume-chain and shape rules on typical Bash commands including the parse. Commands rotate
 * through four distinct texts, so the shell model's one-entry parse memo never answers and every
 * call pays for a fresh parse.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ScratchRulesBenchmark {

  private final ScratchConfig config = ScratchSamples.CONFIG;
  private final Rule consumeChain = ScratchSamples.rule("scratch.consume-chain");
  private final Rule shape = ScratchSamples.rule("scratch.shape");
  private final Facts facts = ScratchSamples.facts();
  private final Event[] typical = ScratchSamples.events(ScratchSamples.TYPICAL);
  private final Event[] denied = ScratchSamples.events(ScratchSamples.DENIED);
  private final Event[] writing = ScratchSamples.events(ScratchSamples.WRITING);
  private int next;

  private int step() {
    next = (next + 1) & 3;
    return next;
  }

  /** The parse alone, for scale: what the rules add is the difference. */
  @Benchmark
  public Script parseOnly() {
    return Shell.parseFresh(ScratchSamples.TYPICAL[step()]);
  }

  @Benchmark
  public boolean shapePredicate() {
    return ScratchPaths.isAllowedNewScratchPath(ScratchSamples.PATHS[step()], config);
  }

  @Benchmark
  public Verdict consumeChainTypicalWithParse() {
    return consumeChain.evaluate(typical[step()], facts);
  }

  @Benchmark
  public Verdict consumeChainDeniedWithParse() {
    return consumeChain.evaluate(denied[step()], facts);
  }

  @Benchmark
  public Verdict shapeRuleOnCommandWithParse() {
    return shape.evaluate(writing[step()], facts);
  }
}
