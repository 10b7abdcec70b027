package dev.groundskeeper.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import dev.groundskeeper.api.config.LogConfig;

/** Invariants of the decision log's entries and statistics. */
class DecisionStatsPropertiesTest {

  @Provide
  Arbitrary<List<DecisionLog.Entry>> entries() {
    Arbitrary<String> outcome = Arbitraries.of("allow", "advise", "deny");
    Arbitrary<DecisionLog.RuleEntry> rule = Combinators.combine(
        Arbitraries.of("a.one", "b.two", "c.three"), outcome,
        Arbitraries.longs().between(-1, 5_000_000))
        .as((id, out, nanos) -> new DecisionLog.RuleEntry(id, "block", out, out, nanos));
    return Combinators.combine(outcome, rule.list().ofMaxSize(4),
        Arbitraries.longs().between(-1, 50_000_000), Arbitraries.strings().ofMaxLength(40),
        Arbitraries.longs().between(0, 3))
        .as((out, rules, nanos, subject, dropped) -> new DecisionLog.Entry(Instant.EPOCH,
            "claude-code", "command", subject, "s", "", out, rules, nanos, dropped))
        .list().ofMaxSize(60);
  }

  @Property(tries = 200)
  void percentilesAreOrderedAndCountsAddUp(@ForAll("entries") List<DecisionLog.Entry> entries) {
    DecisionStats stats = DecisionStats.of(entries);
    List<DecisionStats.Row> rows = new ArrayList<>(stats.rules());
    rows.add(stats.calls());
    for (DecisionStats.Row row : rows) {
      assertThat(row.denials() + row.advice()).isLessThanOrEqualTo(row.calls());
      assertThat(row.p50()).isLessThanOrEqualTo(row.p95());
      assertThat(row.p95()).isLessThanOrEqualTo(row.p99());
    }
    assertThat(stats.calls().calls()).isEqualTo(entries.size());
    assertThat(stats.dropped()).isEqualTo(entries.stream().mapToLong(DecisionLog.Entry::dropped)
        .sum());
  }

  @Property(tries = 30)
  void whatIsAppendedIsReadBackAsItWas(@ForAll("entries") List<DecisionLog.Entry> entries)
      throws Exception {
    Path dir = Files.createTempDirectory("gk-log-property");
    try {
      DecisionLog log = DecisionLog.in(dir);
      LogConfig roomy = new LogConfig(LogConfig.Decisions.ALL, 1L << 30, 1);
      for (DecisionLog.Entry entry : entries) {
        assertThat(log.append(entry, roomy, java.util.Optional.empty())).isTrue();
      }
      DecisionLog.Listing listing = log.read();
      assertThat(listing.unreadable()).isEmpty();
      assertThat(listing.entries()).isEqualTo(entries);
    } finally {
      try (var files = Files.walk(dir)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
      }
    }
  }
}
