package dev.groundskeeper.testkit;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.Verdict;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.opentest4j.AssertionFailedError;

/**
 * The properties every rule must have, as jqwik properties a rule's test class inherits. Extend
 * it, supply the rule, and steer the generated events and facts towards what the rule reads:
 *
 * <pre>{@code
 * class MyRuleContractTest extends RuleContract {
 *   protected Rule rule() { return new MyRule(MyConfig.DEFAULTS); }
 *   protected Arbitrary<Event> events() {
 *     return EventArbitraries.commandEvents(CommandArbitraries.gitCommands());
 *   }
 * }
 * }</pre>
 *
 * <p>Events come from {@link #events()} mixed with events of every type, so events the rule does
 * not read are always among them. A rule may throw {@link dev.groundskeeper.api
 * .FactUnavailableException} (it counts as could-not-judge, as in the engine); any other
 * exception fails every property with its stack trace.
 */
@API(status = API.Status.EXPERIMENTAL)
public abstract class RuleContract {

  /** {@return the rule under test} Called once per try; it may return a new instance each time. */
  protected abstract Rule rule();

  /**
   * Events the rule should be tried on; by default events of every type.
   *
   * @return the events to try the rule on
   */
  protected Arbitrary<Event> events() {
    return EventArbitraries.events();
  }

  /**
   * Facts the rule should be tried with; by default only a fixed clock.
   *
   * @return the facts to try the rule with
   */
  protected Arbitrary<Facts> facts() {
    return Arbitraries.just(TestFacts.atDefaultTime());
  }

  @Provide
  Arbitrary<Event> contractEvents() {
    return Arbitraries.oneOf(events(), events(), EventArbitraries.events());
  }

  @Provide
  Arbitrary<Facts> contractFacts() {
    return facts();
  }

  @Property
  void answersEveryEventWithAVerdict(@ForAll("contractEvents") Event event,
      @ForAll("contractFacts") Facts facts) {
    Rule rule = rule();
    Optional<Verdict> returned = RuleRun.of(rule, event, facts).returned();
    if (returned.isEmpty()) {
      throw new AssertionFailedError(rule.info().id() + " answered null on "
          + Events.describe(event));
    }
  }

  @Property
  void answersInItsOwnName(@ForAll("contractEvents") Event event,
      @ForAll("contractFacts") Facts facts) {
    Rule rule = rule();
    RuleRun.of(rule, event, facts).returned().ifPresent(verdict -> {
      if (!verdict.ruleId().equals(rule.info().id())) {
        throw new AssertionFailedError(rule.info().id() + " answered in the name of '"
            + verdict.ruleId() + "' on " + Events.describe(event), rule.info().id(),
            verdict.ruleId());
      }
    });
  }

  @Property
  void answersTheSameForTheSameEventAndFacts(@ForAll("contractEvents") Event event,
      @ForAll("contractFacts") Facts facts) {
    Rule rule = rule();
    Verdict first = RuleRun.of(rule, event, facts).verdict();
    Verdict second = RuleRun.of(rule, event, facts).verdict();
    if (!first.equals(second)) {
      throw new AssertionFailedError(rule.info().id() + " answered differently twice on "
          + Events.describe(event) + "\n first:\n" + VerdictAssert.describe(first)
          + "\n second:\n" + VerdictAssert.describe(second), first, second);
    }
  }

  @Property
  void explainsEveryDenialAndAdvice(@ForAll("contractEvents") Event event,
      @ForAll("contractFacts") Facts facts) {
    Rule rule = rule();
    Verdict verdict = RuleRun.of(rule, event, facts).verdict();
    boolean speaks = verdict.outcome() == Outcome.DENY || verdict.outcome() == Outcome.ADVISE;
    if (speaks && verdict.reason().isBlank()) {
      throw new AssertionFailedError(rule.info().id() + " answered " + verdict.outcome()
          + " without a reason on " + Events.describe(event));
    }
    if (verdict.outcome() == Outcome.DENY && verdict.remedy().isEmpty()) {
      throw new AssertionFailedError(rule.info().id() + " denied without naming the way out "
          + "(no remedy) on " + Events.describe(event) + "\n" + VerdictAssert.describe(verdict));
    }
  }

  @Property
  void ignoresEventsItDoesNotRead(@ForAll("contractEvents") Event event,
      @ForAll("contractFacts") Facts facts) {
    Rule rule = rule();
    if (rule.info().reads(event)) {
      return;
    }
    Verdict verdict = RuleRun.of(rule, event, facts).verdict();
    if (verdict.outcome() != Outcome.NOT_APPLICABLE) {
      throw new AssertionFailedError(rule.info().id() + " does not read "
          + event.getClass().getSimpleName() + " (RuleInfo.events) yet answered "
          + verdict.outcome() + " on " + Events.describe(event) + "\n"
          + VerdictAssert.describe(verdict), Outcome.NOT_APPLICABLE, verdict.outcome());
    }
  }

  @Property
  void neverDeniesASweep(@ForAll("sweeps") Event event, @ForAll("contractFacts") Facts facts) {
    Rule rule = rule();
    Verdict verdict = RuleRun.of(rule, event, facts).verdict();
    if (verdict.outcome() == Outcome.DENY) {
      throw new AssertionFailedError(rule.info().id() + " denied a sweep request, which only "
          + "asks for a report\n" + VerdictAssert.describe(verdict));
    }
  }

  @Provide
  Arbitrary<Event> sweeps() {
    return EventArbitraries.sweeps();
  }
}
