package dev.groundskeeper.bench.scratch;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.shell.Shell;
import dev.groundskeeper.bench.shell.CpuTime;
import dev.groundskeeper.rules.scratch.ScratchPaths;

/**
 * The timings of {@link ScratchRulesBenchmark} in CPU time of the measuring thread (see
 * {@link CpuTime}), which a machine shared with other work disturbs far less than wall time:
 * {@code java -cp bench/target/benchmarks.jar dev.groundskeeper.bench.scratch.ScratchCpuTime}.
 */
public final class ScratchCpuTime {

  private static int next;

  private ScratchCpuTime() {}

  private static int step() {
    next = (next + 1) & 3;
    return next;
  }

  public static void main(String[] args) {
    Rule consumeChain = ScratchSamples.rule("scratch.consume-chain");
    Rule shape = ScratchSamples.rule("scratch.shape");
    Facts facts = ScratchSamples.facts();
    Event[] typical = ScratchSamples.events(ScratchSamples.TYPICAL);
    Event[] denied = ScratchSamples.events(ScratchSamples.DENIED);
    Event[] writing = ScratchSamples.events(ScratchSamples.WRITING);
    System.out.println("load average " + CpuTime.loadAverage());
    CpuTime.measure("shapePredicate", () -> ScratchPaths.isAllowedNewScratchPath(
        ScratchSamples.PATHS[step()], ScratchSamples.CONFIG) ? 1 : 0, 1);
    CpuTime.measure("parseOnly",
        () -> Shell.parseFresh(ScratchSamples.TYPICAL[step()]).commands().size(), 1);
    CpuTime.measure("consumeChainTypicalWithParse",
        () -> consumeChain.evaluate(typical[step()], facts).outcome().ordinal(), 1);
    CpuTime.measure("shapeRuleOnCommandWithParse",
        () -> shape.evaluate(writing[step()], facts).outcome().ordinal(), 1);
    CpuTime.measure("consumeChainDeniedWithParse",
        () -> consumeChain.evaluate(denied[step()], facts).outcome().ordinal(), 1);
    System.out.println("load average " + CpuTime.loadAverage());
  }
}
