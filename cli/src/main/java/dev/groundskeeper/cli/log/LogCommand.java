package dev.groundskeeper.cli.log;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.API;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.cli.Json;
import dev.groundskeeper.host.DecisionLog;
import dev.groundskeeper.host.DecisionStats;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code groundskeeper log}: lists the decision log, or its statistics. */
@API(status = API.Status.INTERNAL)
@Command(name = "log", mixinStandardHelpOptions = true,
    description = {
        "Lists the decisions the hook recorded in the local decision log.",
        "",
        "The log lives in $GROUNDSKEEPER_HOME/state, else $XDG_STATE_HOME/groundskeeper, else"
            + " ~/.groundskeeper/state; the log: block of the configuration says which decisions"
            + " are recorded (by default those a rule in advise or warn mode judged).",
        "With --stats it prints, per rule and for whole calls, the calls, denials, advice and"
            + " p50/p95/p99 latency."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:listed (an empty log too)", "2:bad usage"})
public final class LogCommand implements Callable<Integer> {

  private static final Pattern AGO = Pattern.compile("(\\d{1,9})([smhd])");

  private final PrintStream out;
  private final Supplier<DecisionLog> log;
  private final Clock clock;

  @Spec
  private CommandSpec spec;

  @Option(names = "--since", paramLabel = "WHEN",
      description = "Only decisions at or after WHEN: an instant (2026-01-02T03:04:05Z) or an"
          + " age such as 30m, 12h or 7d.")
  private String since;

  @Option(names = "--rule", paramLabel = "ID",
      description = "Only decisions in which rule ID ran (a trailing * matches a prefix, as in"
          + " branches.*).")
  private String rule;

  @Option(names = "--json", description = "Print JSON: the entries, or the statistics.")
  private boolean json;

  @Option(names = "--pretty", description = "With --json: indent the JSON.")
  private boolean pretty;

  @Option(names = "--stats", description = "Print per-rule and whole-call statistics.")
  private boolean stats;

  /**
   * The {@code log} command; the log is opened only when it runs.
   *
   * @param out where the entries or the statistics are printed
   * @param log the decision log of this run's state directory
   * @param clock the time an age given to {@code --since} counts back from
   */
  public LogCommand(PrintStream out, Supplier<DecisionLog> log, Clock clock) {
    this.out = out;
    this.log = log;
    this.clock = clock;
  }

  @Override
  public Integer call() {
    Instant from = since == null ? Instant.MIN : since(since);
    DecisionLog decisions = log.get();
    DecisionLog.Listing listing = decisions.read();
    List<DecisionLog.Entry> entries = new ArrayList<>();
    for (DecisionLog.Entry entry : listing.entries()) {
      if (!entry.time().isBefore(from) && (rule == null
          || entry.rules().stream().anyMatch(r -> matches(rule, r.id())))) {
        entries.add(entry);
      }
    }
    if (stats) {
      DecisionStats computed = DecisionStats.of(entries);
      if (rule != null) {
        computed = new DecisionStats(computed.calls(), computed.rules().stream()
            .filter(row -> matches(rule, row.name())).toList(), computed.dropped());
      }
      printStats(computed, listing);
    } else {
      printEntries(entries, listing);
    }
    return 0;
  }

  private Instant since(String text) {
    Matcher ago = AGO.matcher(text.strip().toLowerCase(Locale.ROOT));
    if (ago.matches()) {
      long amount = Long.parseLong(ago.group(1));
      Duration unit = switch (ago.group(2)) {
        case "s" -> Duration.ofSeconds(1);
        case "m" -> Duration.ofMinutes(1);
        case "h" -> Duration.ofHours(1);
        default -> Duration.ofDays(1);
      };
      return clock.instant().minus(unit.multipliedBy(amount));
    }
    try {
      return Instant.parse(text.strip());
    } catch (DateTimeParseException e) {
      throw new ParameterException(spec.commandLine(), "--since " + text + " is neither an"
          + " instant such as 2026-01-02T03:04:05Z nor an age such as 30m, 12h or 7d");
    }
  }

  static boolean matches(String pattern, String id) {
    return pattern.endsWith("*") ? id.startsWith(pattern.substring(0, pattern.length() - 1))
        : id.equals(pattern);
  }

  private void printEntries(List<DecisionLog.Entry> entries, DecisionLog.Listing listing) {
    if (json) {
      ObjectNode node = Json.object();
      ArrayNode array = node.putArray("entries");
      entries.forEach(entry -> array.add(entry.toJson()));
      unreadable(node, listing);
      out.println(Json.text(node, pretty));
      return;
    }
    if (entries.isEmpty()) {
      out.println("no decisions recorded" + (since != null || rule != null ? " that match" : "")
          + place());
    }
    for (DecisionLog.Entry entry : entries) {
      StringBuilder line = new StringBuilder();
      line.append(entry.time()).append("  ").append(entry.outcome()).append("  ")
          .append(entry.runner()).append("  ").append(entry.event());
      if (!entry.subject().isEmpty()) {
        line.append("  ").append(entry.subject());
      }
      line.append("  (").append(millis(entry.nanos())).append(")");
      out.println(SafeText.escape(line.toString()));
      for (DecisionLog.RuleEntry r : entry.rules()) {
        if (!r.outcome().equals("not-applicable")) {
          out.println(SafeText.escape("    " + r.outcome() + "  " + r.id()
              + (r.mode().isEmpty() ? "" : " (" + r.mode() + ")") + "  " + millis(r.nanos())));
        }
      }
    }
    listing.unreadable().forEach(problem -> out.println(SafeText.escape("note: " + problem)));
  }

  private String place() {
    return log.get().file().map(file -> " in " + file).orElse("");
  }

  private void printStats(DecisionStats computed, DecisionLog.Listing listing) {
    if (json) {
      ObjectNode node = Json.object();
      node.set("calls", row(computed.calls()));
      ArrayNode rules = node.putArray("rules");
      computed.rules().forEach(row -> rules.add(row(row)));
      node.put("dropped", computed.dropped());
      unreadable(node, listing);
      out.println(Json.text(node, pretty));
      return;
    }
    List<DecisionStats.Row> rows = new ArrayList<>();
    rows.add(computed.calls());
    rows.addAll(computed.rules());
    int width = Math.max(4, rows.stream().mapToInt(row -> row.name().length()).max().orElse(0));
    out.println(String.format(Locale.ROOT, "%-" + width + "s %7s %7s %7s %10s %10s %10s", "RULE",
        "CALLS", "DENIED", "ADVISED", "P50", "P95", "P99"));
    for (DecisionStats.Row row : rows) {
      out.println(SafeText.escape(String.format(Locale.ROOT,
          "%-" + width + "s %7d %7d %7d %10s %10s %10s", row.name(), row.calls(), row.denials(),
          row.advice(), millis(row.p50()), millis(row.p95()), millis(row.p99()))));
    }
    if (computed.dropped() > 0) {
      out.println(computed.dropped() + " entries could not be written (full disk, read-only"
          + " directory); they are missing above");
    }
    listing.unreadable().forEach(problem -> out.println(SafeText.escape("note: " + problem)));
  }

  private static ObjectNode row(DecisionStats.Row row) {
    return Json.object().put("name", row.name()).put("calls", row.calls())
        .put("denials", row.denials()).put("advice", row.advice()).put("p50_nanos", row.p50())
        .put("p95_nanos", row.p95()).put("p99_nanos", row.p99());
  }

  private static void unreadable(ObjectNode node, DecisionLog.Listing listing) {
    ArrayNode problems = node.putArray("unreadable");
    listing.unreadable().forEach(problems::add);
  }

  static String millis(long nanos) {
    return nanos < 0 ? "-" : String.format(Locale.ROOT, "%.3f ms", nanos / 1_000_000.0);
  }
}
