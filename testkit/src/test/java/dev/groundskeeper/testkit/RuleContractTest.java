package dev.groundskeeper.testkit;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.Verdict;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** Each contract property fails for a rule that breaks it, with a message saying how. */
class RuleContractTest {

  private static final Event COMMAND = Events.command("git push").build();
  private static final Event STOP = Events.stop().build();
  private static final Event SWEEP = Events.sweep().build();
  private static final Facts FACTS = TestFacts.atDefaultTime();

  @Test
  void nullVerdictsBreakTheContract() {
    RuleContract contract = contractFor((e, f) -> null);

    assertThatThrownBy(() -> contract.answersEveryEventWithAVerdict(COMMAND, FACTS))
        .isInstanceOf(AssertionFailedError.class)
        .hasMessage("broken.rule answered null on command `git push` in /repo "
            + "[session test-session]");
  }

  @Test
  void verdictsInAnotherNameBreakTheContract() {
    RuleContract contract = contractFor((e, f) -> Verdict.allow("other.rule"));

    assertThatThrownBy(() -> contract.answersInItsOwnName(COMMAND, FACTS))
        .isInstanceOf(AssertionFailedError.class)
        .hasMessage("broken.rule answered in the name of 'other.rule' on command `git push` in "
            + "/repo [session test-session]");
  }

  @Test
  void changingAnswersBreakTheContract() {
    AtomicInteger calls = new AtomicInteger();
    RuleContract contract = contractFor((e, f) -> calls.incrementAndGet() % 2 == 0
        ? Verdict.allow("broken.rule") : Verdict.advise("broken.rule", "odd call"));

    assertThatThrownBy(() -> contract.answersTheSameForTheSameEventAndFacts(COMMAND, FACTS))
        .isInstanceOf(AssertionFailedError.class)
        .hasMessageStartingWith("broken.rule answered differently twice on command `git push`");
  }

  @Test
  void aDenialWithoutRemedyBreaksTheContract() {
    RuleContract contract = contractFor((e, f) -> new Verdict("broken.rule", Outcome.DENY,
        "no", java.util.Optional.empty(), List.of(), List.of()));

    assertThatThrownBy(() -> contract.explainsEveryDenialAndAdvice(COMMAND, FACTS))
        .isInstanceOf(AssertionFailedError.class)
        .hasMessage("broken.rule denied without naming the way out (no remedy) on command "
            + "`git push` in /repo [session test-session]\n  verdict:  DENY\n  reason:   no");
  }

  @Test
  void answeringAnEventItDoesNotReadBreaksTheContract() {
    RuleContract contract = contractFor((e, f) -> Verdict.allow("broken.rule"));

    assertThatThrownBy(() -> contract.ignoresEventsItDoesNotRead(STOP, FACTS))
        .isInstanceOf(AssertionFailedError.class)
        .hasMessage("broken.rule does not read Stop (RuleInfo.events) yet answered ALLOW on "
            + "stop in /repo [session test-session]\n  verdict:  ALLOW");
    assertThatCode(() -> contract.ignoresEventsItDoesNotRead(COMMAND, FACTS))
        .doesNotThrowAnyException();
  }

  @Test
  void denyingASweepBreaksTheContract() {
    RuleContract contract = contractFor((e, f) -> Verdict.deny("broken.rule", "no sweeping",
        Remedy.describe("Do not.")));

    assertThatThrownBy(() -> contract.neverDeniesASweep(SWEEP, FACTS))
        .isInstanceOf(AssertionFailedError.class)
        .hasMessageStartingWith("broken.rule denied a sweep request, which only asks for a "
            + "report");
  }

  @Test
  void aThrowingRuleFailsEveryPropertyWithItsException() {
    RuleContract contract = contractFor((e, f) -> {
      throw new IllegalStateException("oops");
    });

    assertThatThrownBy(() -> contract.explainsEveryDenialAndAdvice(COMMAND, FACTS))
        .isInstanceOf(AssertionFailedError.class)
        .hasMessageStartingWith("broken.rule threw java.lang.IllegalStateException: oops")
        .hasCauseInstanceOf(IllegalStateException.class);
  }

  @Test
  void anUnavailableFactIsNoBreach() {
    RuleContract contract = contractFor((e, f) -> {
      f.get(SampleRule.KEPT);
      return Verdict.allow("broken.rule");
    });

    assertThatCode(() -> {
      contract.answersTheSameForTheSameEventAndFacts(COMMAND, FACTS);
      contract.explainsEveryDenialAndAdvice(COMMAND, FACTS);
    }).doesNotThrowAnyException();
  }

  private static RuleContract contractFor(BiFunction<Event, Facts, Verdict> body) {
    Rule rule = RuleTesterTest.rule("broken.rule", body);
    return new RuleContract() {
      @Override
      protected Rule rule() {
        return rule;
      }
    };
  }
}
