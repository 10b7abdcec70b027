package dev.groundskeeper.api;

import dev.groundskeeper.api.config.EffectiveConfig;
import dev.groundskeeper.api.config.EngineConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * The engine: a fixed set of configured rules, evaluated against events. Built once through
 * {@link #builder()}, then immutable and safe to share between threads.
 *
 * <p>Rules run in id order. A rule whose mode is {@code off} never runs; a denial under a softening
 * mode ({@code advise}, {@code warn}) is delivered as advice. A rule that throws yields
 * {@link Outcome#COULD_NOT_JUDGE} (or a denial when {@code engine.on_error} is {@code deny}); a
 * fact it could not read yields {@link Outcome#COULD_NOT_JUDGE}. Evaluation itself never throws
 * for a rule's failure.
 *
 * <p>Each evaluation gives its rules one {@link Memo} ({@link Facts#memo()}), gone when the
 * evaluation ends; the values of pure entries are also carried to later evaluations (the last
 * few dozen, by their keys), which is the only state a policy keeps and never changes a decision.
 */
@API(status = API.Status.STABLE)
public final class Policy {

  private final List<ConfiguredRule> rules;
  private final Map<Class<?>, List<ConfiguredRule>> rulesByEvent;
  private final EffectiveConfig config;
  /** Pure memo entries carried between evaluations (see {@link Memo}); never part of a result. */
  private final CarriedValues carried = new CarriedValues(CarriedValues.CAPACITY);

  Policy(List<ConfiguredRule> rules, EffectiveConfig config) {
    this.rules = List.copyOf(rules);
    this.config = config;
    Map<Class<?>, List<ConfiguredRule>> index = new HashMap<>();
    for (Class<?> eventType : Event.class.getPermittedSubclasses()) {
      List<ConfiguredRule> reading = new ArrayList<>();
      for (ConfiguredRule rule : this.rules) {
        if (!rule.mode().isOff() && reads(rule.rule().info(), eventType)) {
          reading.add(rule);
        }
      }
      index.put(eventType, List.copyOf(reading));
    }
    this.rulesByEvent = Map.copyOf(index);
  }

  /**
   * Starts a policy: rules, providers, configuration layers, id filters.
   *
   * @return a new builder
   */
  public static PolicyBuilder builder() {
    return new PolicyBuilder();
  }

  /**
   * Every configured rule, in evaluation order, including those switched off.
   *
   * @return the rules with their modes
   */
  public List<ConfiguredRule> rules() {
    return rules;
  }

  /**
   * The configuration this policy was built from.
   *
   * @return the merged layers
   */
  public EffectiveConfig config() {
    return config;
  }

  /**
   * Judges one event: every rule that reads its type and is not off, modes applied, combined.
   * A rule that throws, or whose fact is unavailable, could not judge (see the class comment);
   * it never stops the others.
   *
   * @param event the event
   * @param facts what the rules may read about the world, for this event
   * @return the decision
   */
  public Decision evaluate(Event event, Facts facts) {
    return run(event, facts, false);
  }

  /**
   * As {@link #evaluate}, with an explanation of each rule's run attached.
   *
   * @param event the event
   * @param facts what the rules may read, for this event
   * @return the decision, its explanation present
   */
  public Decision explain(Event event, Facts facts) {
    return run(event, facts, true, System::nanoTime);
  }

  /**
   * As {@link #explain(Event, Facts)}, each rule's time read from {@code nanoTime} (a monotonic
   * nanosecond counter, such as {@code System::nanoTime}), so that a caller that times whole
   * calls, or a test, uses one time source for both.
   *
   * @param event the event
   * @param facts what the rules may read, for this event
   * @param nanoTime the time source of each step's duration
   * @return the decision, its explanation present
   */
  public Decision explain(Event event, Facts facts, LongSupplier nanoTime) {
    return run(event, facts, true, Objects.requireNonNull(nanoTime, "nanoTime"));
  }

  private Decision run(Event event, Facts facts, boolean explain) {
    return run(event, facts, explain, System::nanoTime);
  }

  private Decision run(Event event, Facts facts, boolean explain, LongSupplier nanoTime) {
    Objects.requireNonNull(event, "event");
    Objects.requireNonNull(facts, "facts");
    List<ConfiguredRule> reading = rulesByEvent.getOrDefault(event.getClass(), List.of());
    EvaluationFacts shared = new EvaluationFacts(facts, carried);
    List<Verdict> verdicts = new ArrayList<>(reading.size());
    List<Explanation.Step> steps = explain ? new ArrayList<>(reading.size()) : List.of();
    for (ConfiguredRule configured : reading) {
      long start = explain ? nanoTime.getAsLong() : 0L;
      EvaluationFacts.Reader reader = shared.readerFor();
      Verdict reported = judge(configured.rule(), event, reader);
      Verdict applied = applyMode(reported, configured.mode());
      verdicts.add(applied);
      if (explain) {
        long elapsed = Math.max(0L, nanoTime.getAsLong() - start);
        steps.add(new Explanation.Step(configured.id(), configured.mode(), reported.outcome(),
            applied, reader.factsRead(), reader.memoUses(), Duration.ofNanos(elapsed)));
      }
    }
    return Decision.of(verdicts,
        explain ? Optional.of(new Explanation(steps)) : Optional.empty());
  }

  private Verdict judge(Rule rule, Event event, Facts facts) {
    String id = rule.info().id();
    Verdict verdict;
    try {
      verdict = rule.evaluate(event, facts);
    } catch (FactUnavailableException e) {
      return Verdict.couldNotJudge(id, e.getMessage());
    } catch (RuntimeException | LinkageError | StackOverflowError e) {
      // Words for the agent, never the exception's class name; the CLI's --debug runs the rule
      // again for its stack trace (rules are pure).
      return internalError(id, "the rule failed: " + SafeText.failure(e));
    }
    if (verdict == null) {
      return internalError(id, "the rule returned no verdict");
    }
    if (!verdict.ruleId().equals(id)) {
      return internalError(id, "the rule returned a verdict for '" + verdict.ruleId() + "'");
    }
    return verdict;
  }

  private Verdict internalError(String ruleId, String why) {
    if (config.engine().onError() == EngineConfig.OnError.DENY) {
      return Verdict.deny(ruleId, why + " (engine.on_error is deny)",
          Remedy.describe("Fix or exclude the rule (engine.exclude), or set engine.on_error to "
              + "allow."));
    }
    return Verdict.couldNotJudge(ruleId, why);
  }

  private static Verdict applyMode(Verdict verdict, Mode mode) {
    if (verdict.outcome() == Outcome.DENY && mode.softensDenials()) {
      return verdict.withOutcome(Outcome.ADVISE);
    }
    return verdict;
  }

  private static boolean reads(RuleInfo info, Class<?> eventType) {
    return info.events().stream().anyMatch(type -> type.isAssignableFrom(eventType));
  }
}
