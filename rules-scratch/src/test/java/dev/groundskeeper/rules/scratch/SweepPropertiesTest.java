package dev.groundskeeper.rules.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class SweepPropertiesTest {

  record Aged(String path, Duration age) {}

  @Property
  void theListIsTheOldestMaxListedFindingsInOrderAndTheTotalCountsAll(
      @ForAll @Size(max = 40) List<@IntRange(min = 25, max = 500) Integer> hours,
      @ForAll @IntRange(min = 1, max = 10) int maxListed) {
    MemoryFiles files = new MemoryFiles();
    List<Aged> all = new ArrayList<>();
    for (int i = 0; i < hours.size(); i++) {
      String path = "untracked/scratch/c-" + i + ".txt";
      files.file(path, Duration.ofHours(hours.get(i)));
      all.add(new Aged(path, Duration.ofHours(hours.get(i))));
    }
    ScratchConfig d = ScratchConfig.DEFAULTS;
    ScratchConfig config = new ScratchConfig(d.roots(), d.directory(), d.shapes(), d.stores(),
        d.shapeDeny(), d.consumeChain(), new ScratchConfig.Sweep(24, Optional.empty(), maxListed),
        d.spaces(), d.orientation());
    SweepReport report = ScratchSweep.scan(config, files.facts());
    List<String> expected = all.stream()
        .sorted(Comparator.comparing(Aged::age).reversed().thenComparing(Aged::path))
        .limit(maxListed).map(Aged::path).toList();
    assertThat(report.total()).isEqualTo(hours.size());
    assertThat(report.listed()).extracting(SweepReport.Item::path).containsExactlyElementsOf(expected);
  }
}
