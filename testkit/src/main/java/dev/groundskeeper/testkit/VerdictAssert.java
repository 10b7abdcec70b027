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

  /** The verdict, for assertions of your own. */
  public Verdict verdict() {
    return verdict;
  }

  /** Fact ids in the order the rule first read them. */
  public List<String> factsRead() {
    return run.factsRead();
  }

  public VerdictAssert hasOutcome(Outcome expected) {
    return check("outcome", expected, verdict.outcome());
  }

  public VerdictAssert reasonIs(String expected) {
    return check("reason", expected, verdict.reason());
  }

  /** The reason contains every one of these texts. */
  public VerdictAssert reasonContains(String... parts) {
    for (String part : parts) {
      if (!verdict.reason().contains(part)) {
        throw failure("reason to contain \"" + part + "\"", part, verdict.reason());
      }
    }
    return this;
  }

  public VerdictAssert reasonStartsWith(String prefix) {
    if (!verdict.reason().startsWith(prefix)) {
      throw failure("reason to start with \"" + prefix + "\"", prefix, verdict.reason());
    }
    return this;
  }

  public VerdictAssert reasonDoesNotContain(String... parts) {
    for (String part : parts) {
      if (verdict.reason().contains(part)) {
        throw failure("reason not to contain \"" + part + "\"", "", verdict.reason());
      }
    }
    return this;
  }

  /** {@link Verdict#message()}: the reason and the rendered remedy, as an agent sees them. */
  public VerdictAssert messageIs(String expected) {
    return check("message", expected, verdict.message());
  }

  public VerdictAssert remedyIs(Remedy expected) {
    return check("remedy", expected, remedy());
  }

  /** The remedy's commands are exactly these, in this order. */
  public VerdictAssert remedyCommands(String... expected) {
    return check("remedy commands", List.of(expected), remedy().commands());
  }

  public VerdictAssert remedyDescriptionContains(String part) {
    String description = remedy().description();
    if (!description.contains(part)) {
      throw failure("remedy description to contain \"" + part + "\"", part, description);
    }
    return this;
  }

  public VerdictAssert hasNoRemedy() {
    return check("remedy", "no remedy",
        verdict.remedy().map(Remedy::render).orElse("no remedy"));
  }

  /** The findings are exactly these, in this order. */
  public VerdictAssert findings(Finding... expected) {
    return check("findings", List.of(expected), verdict.findings());
  }

  /** The findings' subjects are exactly these, in this order. */
  public VerdictAssert findingSubjects(String... expected) {
    return check("finding subjects", List.of(expected),
        verdict.findings().stream().map(Finding::subject).toList());
  }

  public VerdictAssert hasNoFindings() {
    return check("findings", List.of(), verdict.findings());
  }

  /** The effects are exactly these (compared with {@code equals}), in this order. */
  public VerdictAssert effects(Effect... expected) {
    return check("effects", List.of(expected), verdict.effects());
  }

  public VerdictAssert hasNoEffects() {
    return check("effects", List.of(), verdict.effects());
  }

  /** Hands the effects to assertions of your own (for effects without value equality). */
  public VerdictAssert effectsSatisfy(Consumer<List<Effect>> requirements) {
    requirements.accept(verdict.effects());
    return this;
  }

  /** The rule read exactly these facts, in first-read order. */
  public VerdictAssert readFacts(Fact<?>... expected) {
    return check("facts read", Arrays.stream(expected).map(Fact::id).toList(), run.factsRead());
  }

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
