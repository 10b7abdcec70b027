package dev.groundskeeper.host;

import dev.groundskeeper.api.API;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Statistics of decision-log entries: per rule the calls that ran it, its denials and its advice
 * (as delivered, after its mode), and the latency percentiles of its runs; the same for whole
 * calls. Percentiles are nearest-rank over the timed runs; untimed ones (-1) are not counted.
 */
@API(status = API.Status.EXPERIMENTAL)
public record DecisionStats(Row calls, List<Row> rules, long dropped) {

  public DecisionStats {
    Objects.requireNonNull(calls, "calls");
    rules = List.copyOf(rules);
  }

  /** One line of statistics; the latencies are in nanoseconds, -1 when nothing was timed. */
  @API(status = API.Status.EXPERIMENTAL)
  public record Row(String name, long calls, long denials, long advice, long p50, long p95,
      long p99) {
    public Row {
      Objects.requireNonNull(name, "name");
    }
  }

  public static DecisionStats of(List<DecisionLog.Entry> entries) {
    Tally whole = new Tally();
    Map<String, Tally> byRule = new TreeMap<>();
    long dropped = 0;
    for (DecisionLog.Entry entry : entries) {
      whole.add(entry.outcome(), entry.nanos());
      dropped += entry.dropped();
      for (DecisionLog.RuleEntry rule : entry.rules()) {
        byRule.computeIfAbsent(rule.id(), id -> new Tally()).add(rule.outcome(), rule.nanos());
      }
    }
    List<Row> rows = new ArrayList<>();
    byRule.forEach((id, tally) -> rows.add(tally.row(id)));
    return new DecisionStats(whole.row("(whole calls)"), rows, dropped);
  }

  /** The nearest-rank percentile {@code p} (0 to 100) of {@code sorted}; -1 when empty. */
  static long percentile(List<Long> sorted, double p) {
    if (sorted.isEmpty()) {
      return -1;
    }
    int rank = (int) Math.ceil(p / 100.0 * sorted.size());
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
  }

  private static final class Tally {
    private long calls;
    private long denials;
    private long advice;
    private final List<Long> times = new ArrayList<>();

    void add(String outcome, long nanos) {
      calls++;
      if (outcome.equals("deny")) {
        denials++;
      } else if (outcome.equals("advise")) {
        advice++;
      }
      if (nanos >= 0) {
        times.add(nanos);
      }
    }

    Row row(String name) {
      List<Long> sorted = new ArrayList<>(times);
      Collections.sort(sorted);
      return new Row(name, calls, denials, advice, percentile(sorted, 50),
          percentile(sorted, 95), percentile(sorted, 99));
    }
  }
}
