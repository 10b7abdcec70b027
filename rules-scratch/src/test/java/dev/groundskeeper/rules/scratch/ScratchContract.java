package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.testkit.RuleContract;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

/**
 * The contract of every rule (a verdict for every event, in its own name, reasons on denials and
 * advice), tried with an empty checkout and with one that has something for every scratch rule.
 */
abstract class ScratchContract extends RuleContract {

  static final ScratchConfig THREADS = new ScratchConfig(List.of("untracked/"),
      "untracked/scratch/", ScratchConfig.Shapes.DEFAULTS, List.of(),
      ScratchConfig.ShapeDeny.DEFAULTS, ScratchConfig.ConsumeChain.DEFAULTS,
      ScratchConfig.Sweep.DEFAULTS,
      new ScratchConfig.Spaces(Optional.of(".frizz/threads/{session}/"), 7),
      ScratchConfig.Orientation.DEFAULTS);

  @Override
  protected Arbitrary<Facts> facts() {
    return Arbitraries.of(
        new MemoryFiles().facts(),
        new MemoryFiles().usage(90_000)
            .file("untracked/scratch/notes.md", Duration.ofDays(3))
            .file("untracked/reports/r.md", Duration.ofHours(1))
            .file(".frizz/threads/s-1/a.md", Duration.ofMinutes(5)).facts());
  }
}
