package dev.groundskeeper.cli.explain;

import dev.groundskeeper.cli.Json;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.API;
import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Explanation;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How one decision came about, for {@code check --explain}, {@code hook} with
 * {@code GROUNDSKEEPER_EXPLAIN=1} and replay: every configured rule, whether it ran, and for each
 * that ran its mode, what it reported, what was delivered, the facts it read, its time and why
 * (for an allow too: what it checks and on what it decided). Rules that did not run say why not
 * (switched off, or they read other events). The text and the JSON carry the same rows.
 */
@API(status = API.Status.INTERNAL)
public final class Explainer {


  private Explainer() {}

  /**
   * One configured rule's part in the decision.
   *
   * @param ruleId the rule's id, or the id an engine note carries
   * @param ran whether the rule was evaluated for this event
   * @param mode the rule's mode as configured ({@code deny}, {@code advise}, ...); {@code ""}
   *     for an engine note
   * @param reported what the rule itself answered; empty when it did not run
   * @param delivered the outcome delivered after its mode applied; empty when it did not run
   *     (an engine note has its own)
   * @param factsRead the ids of the facts it read, in first-read order; empty when it did not run
   * @param elapsed how long its evaluation took; empty when it did not run
   * @param why one line saying why it decided as it did, or why it did not run
   */
  public record Row(String ruleId, boolean ran, String mode, Optional<Outcome> reported,
      Optional<Outcome> delivered, List<String> factsRead, Optional<Duration> elapsed,
      String why) {
    /**
     * Checks that no component is null and keeps an immutable copy of the facts read.
     *
     * @param ruleId the rule's id, or the id an engine note carries
     * @param ran whether the rule was evaluated for this event
     * @param mode the rule's mode as configured; {@code ""} for an engine note
     * @param reported what the rule itself answered; empty when it did not run
     * @param delivered the outcome delivered after its mode applied
     * @param factsRead the ids of the facts it read, in first-read order
     * @param elapsed how long its evaluation took; empty when it did not run
     * @param why why it decided as it did, or why it did not run
     * @throws NullPointerException if a component or a fact is null
     */
    public Row {
      Objects.requireNonNull(ruleId, "ruleId");
      Objects.requireNonNull(mode, "mode");
      Objects.requireNonNull(reported, "reported");
      Objects.requireNonNull(delivered, "delivered");
      factsRead = List.copyOf(factsRead);
      Objects.requireNonNull(elapsed, "elapsed");
      Objects.requireNonNull(why, "why");
    }
  }

  /**
   * The explanation of {@code decision} (made by {@link Policy#explain}) for {@code event} under
   * {@code policy}: the rules that ran in order, then those that did not, then any verdict that
   * no rule made (a configuration note).
   *
   * @param policy the policy that decided: its configured rules, run or not, are the rows
   * @param event the event that was judged
   * @param decision the decision, made with {@link Policy#explain}; one made without an
   *     explanation lists every rule as not run
   * @return one row per configured rule, then one per engine note
   */
  public static List<Row> rows(Policy policy, Event event, Decision decision) {
    List<Explanation.Step> steps = decision.explanation().map(Explanation::steps)
        .orElse(List.of());
    Map<String, ConfiguredRule> configured = new HashMap<>();
    policy.rules().forEach(rule -> configured.put(rule.id(), rule));
    List<Row> rows = new ArrayList<>();
    List<String> ran = new ArrayList<>();
    for (Explanation.Step step : steps) {
      ran.add(step.ruleId());
      Optional<RuleInfo> info = Optional.ofNullable(configured.get(step.ruleId()))
          .map(rule -> rule.rule().info());
      rows.add(new Row(step.ruleId(), true, step.mode().word(), Optional.of(step.reported()),
          Optional.of(step.verdict().outcome()), step.factsRead(), Optional.of(step.elapsed()),
          why(step, info)));
    }
    for (ConfiguredRule rule : policy.rules()) {
      if (ran.contains(rule.id())) {
        continue;
      }
      RuleInfo info = rule.rule().info();
      String why = rule.mode().isOff()
          ? "switched off (mode off): it never runs"
          : info.reads(event)
              ? "not run for this event"
              : "did not apply: it reads only " + events(info) + " events, not "
                  + eventName(event.getClass());
      rows.add(new Row(rule.id(), false, rule.mode().word(), Optional.empty(), Optional.empty(),
          List.of(), Optional.empty(), why));
    }
    for (Verdict verdict : decision.verdicts()) {
      if (!ran.contains(verdict.ruleId()) && !configured.containsKey(verdict.ruleId())) {
        rows.add(new Row(verdict.ruleId(), false, "", Optional.empty(),
            Optional.of(verdict.outcome()), List.of(), Optional.empty(),
            "a note of the engine, not a rule: " + verdict.reason()));
      }
    }
    return rows;
  }

  /**
   * Facts derived during the evaluation (the evaluation-scoped memo's entries), each once, in the
   * order the rules asked for them: its key, how it was obtained the first time (computed here,
   * or carried from an earlier evaluation of the same policy), and the rule that asked first.
   */
  static List<String> derivedFacts(Decision decision) {
    java.util.Map<String, String> derived = new java.util.LinkedHashMap<>();
    decision.explanation().ifPresent(explanation -> {
      for (Explanation.Step step : explanation.steps()) {
        for (dev.groundskeeper.api.Memo.Use use : step.memo()) {
          derived.putIfAbsent(use.key(), use.key() + " ("
              + use.source().name().toLowerCase(java.util.Locale.ROOT) + " by " + step.ruleId()
              + ")");
        }
      }
    });
    return List.copyOf(derived.values());
  }

  private static String why(Explanation.Step step, Optional<RuleInfo> info) {
    String checks = info.map(i -> i.summary()).orElse("");
    String basis = step.factsRead().isEmpty() ? "on the event alone"
        : "on " + String.join(", ", step.factsRead());
    Verdict verdict = step.verdict();
    switch (step.reported()) {
      case NOT_APPLICABLE:
        return "not applicable: nothing in this event is what it judges"
            + (checks.isEmpty() ? "" : " (" + checks + ")");
      case ALLOW:
        return (verdict.reason().isBlank() ? "allowed: it found nothing to object to"
            : "allowed: " + verdict.reason()) + ", " + basis
            + (checks.isEmpty() ? "" : "; it checks: " + checks);
      case COULD_NOT_JUDGE:
        return "could not judge: " + verdict.reason();
      case DENY:
        return (verdict.outcome() == Outcome.DENY ? "denied: "
            : "would deny; delivered as " + word(verdict.outcome()) + " (mode "
                + step.mode().word() + "): ") + firstLine(verdict.reason()) + ", " + basis;
      default:
        return word(verdict.outcome()) + ": " + firstLine(verdict.reason()) + ", " + basis;
    }
  }

  private static String firstLine(String text) {
    return text.lines().findFirst().orElse("");
  }

  private static String events(RuleInfo info) {
    return info.events().stream().map(Explainer::eventName).sorted()
        .collect(Collectors.joining(", "));
  }

  private static String eventName(Class<?> type) {
    return type.getSimpleName();
  }

  static String word(Outcome outcome) {
    return outcome.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * The rows as text, one rule a line with its reason beneath, then the derived facts.
   *
   * @param rows the rows of {@link #rows} for {@code decision}
   * @param decision the decision explained, for the facts derived while it was made
   * @return lines without a final line break, escaped for a terminal
   */
  public static String text(List<Row> rows, Decision decision) {
    long ran = rows.stream().filter(Row::ran).count();
    Duration total = rows.stream().map(row -> row.elapsed().orElse(Duration.ZERO))
        .reduce(Duration.ZERO, Duration::plus);
    StringBuilder out = new StringBuilder();
    out.append("explain: ").append(ran).append(ran == 1 ? " rule ran" : " rules ran")
        .append(" in ").append(millis(total)).append(", ")
        .append(rows.size() - ran).append(" did not\n");
    int width = rows.stream().mapToInt(row -> row.ruleId().length()).max().orElse(0);
    for (Row row : rows) {
      String outcome = row.delivered().map(Explainer::word).orElse("not-run");
      out.append("  ").append(pad(outcome, 15)).append(pad(row.ruleId(), width + 2))
          .append(pad(row.mode(), 8));
      if (row.ran()) {
        out.append(pad(millis(row.elapsed().orElse(Duration.ZERO)), 11)).append("facts: ")
            .append(row.factsRead().isEmpty() ? "none" : String.join(", ", row.factsRead()));
      }
      out.append('\n').append("      ").append(row.why()).append('\n');
    }
    List<String> derived = derivedFacts(decision);
    out.append("derived facts: ").append(derived.isEmpty()
        ? "none (no rule asked the evaluation memo)" : String.join(", ", derived));
    return SafeText.escapeLines(out.toString());
  }

  /**
   * The rows as JSON: {@code {"rules": [...], "derived_facts": [...]}}.
   *
   * @param rows the rows of {@link #rows} for {@code decision}
   * @param decision the decision explained, for the facts derived while it was made
   * @return a new object; a rule that did not run has no {@code reported}, {@code outcome} or
   *     {@code nanos}
   */
  public static ObjectNode json(List<Row> rows, Decision decision) {
    ObjectNode node = Json.object();
    ArrayNode array = node.putArray("rules");
    for (Row row : rows) {
      ObjectNode item = array.addObject();
      item.put("rule", row.ruleId());
      item.put("ran", row.ran());
      item.put("mode", row.mode());
      // a rule that did not run has neither: the fields are left out
      row.reported().ifPresent(o -> item.put("reported", word(o)));
      row.delivered().ifPresent(o -> item.put("outcome", word(o)));
      ArrayNode facts = item.putArray("facts_read");
      row.factsRead().forEach(facts::add);
      row.elapsed().ifPresent(d -> item.put("nanos", d.toNanos()));
      item.put("why", row.why());
    }
    ArrayNode derived = node.putArray("derived_facts");
    derivedFacts(decision).forEach(derived::add);
    return node;
  }

  static String millis(Duration duration) {
    return String.format(Locale.ROOT, "%.3f ms", duration.toNanos() / 1_000_000.0);
  }

  private static String pad(String text, int width) {
    return text.length() >= width ? text + " " : text + " ".repeat(width - text.length());
  }
}
