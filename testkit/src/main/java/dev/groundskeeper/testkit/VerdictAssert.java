package dev.groundskeeper.testkit;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.Fact;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Verdict;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.opentest4j.AssertionFailedError;

/**
 * Assertions on one rule's verdict for one event. Every failure names the rule, the event, what
 * was expected and the whole verdict, and carries expected and actual values for an IDE's diff.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class VerdictAssert {

  private final RuleRun run;
  private final Verdict verdict;

  VerdictAssert(RuleRun run) {
    this.run = run;
    this.verdict = run.verdict();
  }

  /**
   * The verdict, for assertions of your own.
   *
   * @return what the rule returned, before any mode applies
   */
  public Verdict verdict() {
    return verdict;
  }

  /**
   * The facts the rule read.
   *
   * @return fact ids in the order the rule first read them
   */
  public List<String> factsRead() {
    return run.factsRead();
  }

  /**
   * The outcome is this one.
   *
   * @param expected the outcome
   * @return this, for the next assertion
   * @throws AssertionError naming the rule, the event, the expectation and the whole verdict
   */
  public VerdictAssert hasOutcome(Outcome expected) {
    return check("outcome", expected, verdict.outcome());
  }

  /**
   * The reason is exactly this text.
   *
   * @param expected the whole reason
   * @return this, for the next assertion
   * @throws AssertionError naming the rule, the event, the expectation and the whole verdict
   */
  public VerdictAssert reasonIs(String expected) {
    return check("reason", expected, verdict.reason());
  }

  /**
   * The reason contains every one of these texts.
   *
   * @param parts texts the reason holds, in any order
   * @return this, for the next assertion
   * @throws AssertionError naming the rule, the event, the expectation and the whole verdict
   */
  public VerdictAssert reasonContains(String... parts) {
    for (String part : parts) {
      if (!verdict.reason().contains(part)) {
        throw failure("reason to contain \"" + part + "\"", part, verdict.reason());
      }
    }
    return this;
  }

  /**
   * The reason starts with this text.
   *
   * @param prefix its beginning
   * @return this, for the next assertion
   * @throws AssertionError naming the rule, the event, the expectation and the whole verdict
   */
  public VerdictAssert reasonStartsWith(String prefix) {
    if (!verdict.reason().startsWith(prefix)) {
      throw failure("reason to start with \"" + prefix + "\"", prefix, verdict.reason());
    }
    return this;
  }

  /**
   * The reason contains none of these texts.
   *
   * @param parts texts the reason must not hold
   * @return this, for the next assertion
   * @throws AssertionError naming the rule, the event, the expectation and the whole verdict
   */
  public VerdictAssert reasonDoesNotContain(String... parts) {
    for (String part : parts) {
      if (verdict.reason().contains(part)) {
        throw failure("reason not to contain \"" + part + "\"", "", verdict.reason());
      }
    }
    return this;
  }

  /**
   * {@link Verdict#message()} is exactly this: the reason and the rendered remedy, as an agent
   * reads them.
   *
   * @param expected the whole message
   * @return this, for the next assertion
   * @throws AssertionError naming the rule, the event, the expectation and the whole verdict
   */
  public VerdictAssert messageIs(String expected) {
    return check("message", expected, verdict.message());
  }

  /**
   * The remedy is this one: description and commands.
   *
   * @param expected the remedy
   * @return this, for the next assertion
   * @throws AssertionError naming the rule, the event, the expectation and the whole verdict
   */
  public VerdictAssert remedyIs(Remedy expected) {
    return check("remedy", expected, remedy());
  }

  /**
   * The remedy's commands are exactly these, in this order.
   *
   * @param expected the commands, as the agent would run them
   * @return this, for the next assertion
   * @throws AssertionError naming the rule, the event, the expectation and the whole verdict
   */
  public VerdictAssert remedyCommands(String... expected) {
    return check("remedy commands", List.of(expected), remedy().commands());
  }

  /**
   * The remedy's description contains this text.
   *
   * @param part a text of the description
   * @return this, for the next assertion
   * @throws AssertionError naming the rule, the event, the expectation and the whole verdict
   */
  public VerdictAssert remedyDescriptionContains(String part) {
    String description = remedy().description();
    if (!description.contains(part)) {
      throw failure("remedy description to contain \"" + part + "\"", part, description);
    }
    return this;
  }

  /**
   * The verdict carries no remedy.
   *
   * @return this, for the next assertion
   * @throws AssertionError naming the rule, the event, the expectation and the whole verdict
   */
  public VerdictAssert hasNoRemedy() {
    return check("remedy", "no remedy",
        verdict.remedy().map(Remedy::render).orElse("no remedy"));
  }

  /**
   * The findings are exactly these, in this order.
   *
   * @param expected the findings, kind, subject and detail
   * @return this, for the next assertion
   * @throws AssertionError naming the rule, the event, the expectation and the whole verdict
   */
  public VerdictAssert findings(Finding... expected) {
    return check("findings", List.of(expected), verdict.findings());
  }

  /**
   * The findings' subjects are exactly these, in this order.
   *
   * @param expected the subjects (branch names, paths, refs)
   * @return this, for the next assertion
   * @throws AssertionError naming the rule, the event, the expectation and the whole verdict
   */
  public VerdictAssert findingSubjects(String... expected) {
    return check("finding subjects", List.of(expected),
        verdict.findings().stream().map(Finding::subject).toList());
  }

  /**
   * The verdict carries no finding.
   *
   * @return this, for the next assertion
   * @throws AssertionError naming the rule, the event, the expectation and the whole verdict
   */
  public VerdictAssert hasNoFindings() {
    return check("findings", List.of(), verdict.findings());
  }

  /**
   * The effects are exactly these (compared with {@code equals}), in this order.
   *
   * @param expected the effects
   * @return this, for the next assertion
   * @throws AssertionError naming the rule, the event, the expectation and the whole verdict
   */
  public VerdictAssert effects(Effect... expected) {
    return check("effects", List.of(expected), verdict.effects());
  }

  /**
   * The verdict asks for no effect.
   *
   * @return this, for the next assertion
   * @throws AssertionError naming the rule, the event, the expectation and the whole verdict
   */
  public VerdictAssert hasNoEffects() {
    return check("effects", List.of(), verdict.effects());
  }

  /**
   * Hands the effects to assertions of your own (for effects without value equality).
   *
   * @param requirements assertions on the effects, in order
   * @return this, for the next assertion
   */
  public VerdictAssert effectsSatisfy(Consumer<List<Effect>> requirements) {
    requirements.accept(verdict.effects());
    return this;
  }

  /**
   * The rule read exactly these facts, in first-read order.
   *
   * @param expected the facts
   * @return this, for the next assertion
   * @throws AssertionError naming the rule, the event, the expectation and the whole verdict
   */
  public VerdictAssert readFacts(Fact<?>... expected) {
    return check("facts read", Arrays.stream(expected).map(Fact::id).toList(), run.factsRead());
  }

  /**
   * The rule read no fact.
   *
   * @return this, for the next assertion
   * @throws AssertionError naming the rule, the event, the expectation and the whole verdict
   */
  public VerdictAssert readNoFacts() {
    return check("facts read", List.of(), run.factsRead());
  }

  private Remedy remedy() {
    return verdict.remedy().orElseThrow(() -> failure("a remedy", "a remedy", "no remedy"));
  }

  private VerdictAssert check(String what, Object expected, Object actual) {
    if (!expected.equals(actual)) {
      throw failure(what + " " + render(expected), expected, actual);
    }
    return this;
  }

  private AssertionFailedError failure(String expectation, Object expected, Object actual) {
    String message = verdict.ruleId() + " on " + Events.describe(run.event()) + "\n"
        + "  expected " + expectation + "\n"
        + "  but was  " + render(actual) + "\n"
        + describe(verdict);
    return new AssertionFailedError(message, expected, actual);
  }

  /** The whole verdict, one field a line, as failure messages show it. */
  static String describe(Verdict verdict) {
    StringBuilder text = new StringBuilder("  verdict:  ").append(verdict.outcome());
    if (!verdict.reason().isEmpty()) {
      text.append("\n  reason:   ").append(verdict.reason());
    }
    verdict.remedy().ifPresent(remedy -> {
      text.append("\n  remedy:   ").append(remedy.description());
      remedy.commands().forEach(c -> text.append("\n            $ ").append(c));
    });
    if (!verdict.findings().isEmpty()) {
      text.append("\n  findings: ").append(verdict.findings().stream()
          .map(f -> f.kind() + " " + f.subject() + (f.detail().isEmpty() ? "" : " (" + f.detail()
              + ")"))
          .collect(Collectors.joining(", ")));
    }
    if (!verdict.effects().isEmpty()) {
      text.append("\n  effects:  ").append(verdict.effects().stream().map(Effect::describe)
          .collect(Collectors.joining("; ")));
    }
    return text.toString();
  }

  private static String render(Object value) {
    if (value instanceof String text) {
      return "\"" + text + "\"";
    }
    if (value instanceof Remedy remedy) {
      return remedy.description() + " " + remedy.commands();
    }
    return String.valueOf(value);
  }
}
