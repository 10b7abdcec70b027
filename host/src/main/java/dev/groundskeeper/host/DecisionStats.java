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
 *
 * @param calls the row of whole calls
 * @param rules one row per rule id, in id order
 * @param dropped how many entries the log dropped (a failed write), summed over the entries
 */
@API(status = API.Status.EXPERIMENTAL)
public record DecisionStats(Row calls, List<Row> rules, long dropped) {

  /**
   * Keeps an immutable copy of the rows.
   *
   * @param calls the row of whole calls
   * @param rules one row per rule id
   * @param dropped how many entries the log dropped
   * @throws NullPointerException if {@code calls} or a row is null
   */
  public DecisionStats {
    Objects.requireNonNull(calls, "calls");
    rules = List.copyOf(rules);
  }

  /**
   * One line of statistics; the latencies are in nanoseconds, -1 when nothing was timed.
   *
   * @param name the rule id, or {@code (whole calls)}
   * @param calls the entries that ran it
   * @param denials the entries whose delivered outcome was a denial
   * @param advice the entries whose delivered outcome was advice
   * @param p50 the median latency
   * @param p95 the 95th percentile latency
   * @param p99 the 99th percentile latency
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Row(String name, long calls, long denials, long advice, long p50, long p95,
      long p99) {
    /**
     * Checks that the row is named.
     *
     * @param name the rule id, or {@code (whole calls)}
     * @param calls the entries that ran it
     * @param denials the entries whose delivered outcome was a denial
     * @param advice the entries whose delivered outcome was advice
     * @param p50 the median latency
     * @param p95 the 95th percentile latency
     * @param p99 the 99th percentile latency
     * @throws NullPointerException if {@code name} is null
     */
    public Row {
      Objects.requireNonNull(name, "name");
    }
  }

  /**
   * Computes the statistics of some log entries.
   *
   * @param entries the entries, such as those of {@link DecisionLog#read}
   * @return the statistics; rows with zero counts and -1 latencies when there are no entries
   */
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
