package dev.groundskeeper.testkit;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.Verdict;
import java.util.Objects;

/**
 * One event (and the facts around it) given to the rule of a {@link RuleTester}. Immutable; the
 * rule runs when an outcome is asked for, once per call.
 *
 * <pre>{@code
 * tester.given(Events.command("git push -f origin main"))
 *     .expectDeny()
 *     .reasonContains("main")
 *     .remedyCommands("git push --force-with-lease origin main");
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL)
public final class RuleCase {

  private final RuleTester tester;
  private final Event event;
  private final Facts facts;

  RuleCase(RuleTester tester, Event event, Facts facts) {
    this.tester = tester;
    this.event = Objects.requireNonNull(event, "event");
    this.facts = Objects.requireNonNull(facts, "facts");
  }

  /**
   * The same event with these facts instead of the tester's.
   *
   * @param facts what the rule may read
   * @return a new case
   */
  public RuleCase withFacts(Facts facts) {
    return new RuleCase(tester, event, facts);
  }

  /**
   * As {@link #withFacts(Facts)}, from a builder of test facts.
   *
   * @param facts the builder, built here
   * @return a new case
   */
  public RuleCase withFacts(TestFacts.Builder facts) {
    return withFacts(facts.build());
  }

  /**
   * The event of this case.
   *
   * @return the event
   */
  public Event event() {
    return event;
  }

  /**
   * Runs the rule and returns assertions on what it reported (before any mode applies).
   *
   * @return assertions on the verdict
   */
  public VerdictAssert then() {
    return new VerdictAssert(RuleRun.of(tester.rule(), event, facts));
  }

  /**
   * The rule's verdict as it reported it (before any mode applies).
   *
   * @return the verdict
   */
  public Verdict verdict() {
    return then().verdict();
  }

  /**
   * Runs the rule and checks the outcome.
   *
   * @param outcome the outcome expected
   * @return assertions on the verdict, the outcome already checked
   * @throws AssertionError when the rule answers otherwise, naming the event and the verdict
   */
  public VerdictAssert expect(Outcome outcome) {
    return then().hasOutcome(outcome);
  }

  /**
   * Runs the rule and checks that it answers {@code ALLOW}.
   *
   * @return assertions on the verdict, the outcome already checked
   * @throws AssertionError when the rule answers otherwise, naming the event and the verdict
   */
  public VerdictAssert expectAllow() {
    return expect(Outcome.ALLOW);
  }

  /**
   * Runs the rule and checks that it answers {@code ADVISE}.
   *
   * @return assertions on the verdict, the outcome already checked
   * @throws AssertionError when the rule answers otherwise, naming the event and the verdict
   */
  public VerdictAssert expectAdvise() {
    return expect(Outcome.ADVISE);
  }

  /**
   * Runs the rule and checks that it answers {@code DENY}.
   *
   * @return assertions on the verdict, the outcome already checked
   * @throws AssertionError when the rule answers otherwise, naming the event and the verdict
   */
  public VerdictAssert expectDeny() {
    return expect(Outcome.DENY);
  }

  /**
   * Runs the rule and checks that it answers {@code NOT_APPLICABLE}.
   *
   * @return assertions on the verdict, the outcome already checked
   * @throws AssertionError when the rule answers otherwise, naming the event and the verdict
   */
  public VerdictAssert expectNotApplicable() {
    return expect(Outcome.NOT_APPLICABLE);
  }

  /**
   * Runs the rule and checks that it answers {@code COULD_NOT_JUDGE}.
   *
   * @return assertions on the verdict, the outcome already checked
   * @throws AssertionError when the rule answers otherwise, naming the event and the verdict
   */
  public VerdictAssert expectCouldNotJudge() {
    return expect(Outcome.COULD_NOT_JUDGE);
  }

  /**
   * What the engine delivers for this event with the rule alone at the tester's mode: a denial
   * softened under {@code advise}, nothing at all under {@code off}, could-not-judge for a rule
   * that throws.
   *
   * @return the decision of a one-rule policy
   */
  public Decision decision() {
    return Policy.builder().rule(tester.rule(), tester.mode()).build().evaluate(event, facts);
  }
}
