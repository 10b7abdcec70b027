package dev.groundskeeper.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.Memo.Use;
import dev.groundskeeper.api.Memo.Use.Source;
import dev.groundskeeper.api.shell.Script;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class MemoTest {

  private static final EventContext CONTEXT = EventContext.of("s1", Path.of("/repo"));
  private static final Event.CommandEvent COMMAND =
      new Event.CommandEvent(CONTEXT, "git status && git push");
  private static final Fact<List<String>> NAMES = Fact.of("test.names", "some names");

  private static Policy policyOf(List<BiFunction<Event, Facts, Verdict>> bodies) {
    PolicyBuilder builder = Policy.builder();
    for (int i = 0; i < bodies.size(); i++) {
      String id = "test.rule-" + i;
      BiFunction<Event, Facts, Verdict> body = bodies.get(i);
      builder.rule(StubRule.reading(id, (event, facts) -> {
        body.apply(event, facts);
        return Verdict.allow(id);
      }));
    }
    return builder.build();
  }

  private static List<List<Use>> uses(Decision decision) {
    return decision.explanation().orElseThrow().steps().stream().map(Explanation.Step::memo)
        .toList();
  }

  @Nested
  class OneEvaluation {

    @Test
    void anEntryIsComputedByTheFirstRuleAndReusedByTheOthers() {
      AtomicInteger computed = new AtomicInteger();
      BiFunction<Event, Facts, Verdict> asks = (event, facts) -> {
        facts.memo().get(Memo.Key.of("test.count", "a"), computed::incrementAndGet);
        return null;
      };
      Policy policy = policyOf(List.of(asks, asks, asks));

      Decision decision = policy.explain(COMMAND, Facts.none());

      assertThat(computed).hasValue(1);
      assertThat(uses(decision)).containsExactly(
          List.of(new Use("test.count[a]", Source.COMPUTED)),
          List.of(new Use("test.count[a]", Source.REUSED)),
          List.of(new Use("test.count[a]", Source.REUSED)));
    }

    @Test
    void theParsedCommandIsOneScriptForEveryRule() {
      List<Script> seen = new ArrayList<>();
      BiFunction<Event, Facts, Verdict> parses = (event, facts) -> {
        seen.add(((Event.CommandEvent) event).script(facts));
        return null;
      };
      Policy policy = policyOf(List.of(parses, parses));

      Decision decision = policy.explain(COMMAND, Facts.none());

      assertThat(seen).hasSize(2);
      assertThat(seen.get(1)).isSameAs(seen.get(0));
      assertThat(seen.get(0).source()).isEqualTo(COMMAND.command());
      assertThat(uses(decision)).containsExactly(
          List.of(new Use("shell.script[git status && git push]", Source.COMPUTED)),
          List.of(new Use("shell.script[git status && git push]", Source.REUSED)));
    }

    @Test
    void partsAreComparedByValueForTextAndByIdentityForFactValues() {
      List<String> one = new ArrayList<>(List.of("x"));
      List<String> equalButOther = new ArrayList<>(List.of("x"));
      AtomicInteger computed = new AtomicInteger();
      Memo memo = Memo.fresh();

      memo.get(Memo.Key.of("test.index", one, "main"), computed::incrementAndGet);
      memo.get(Memo.Key.of("test.index", one, new String("main")), computed::incrementAndGet);
      assertThat(computed).hasValue(1);
      memo.get(Memo.Key.of("test.index", equalButOther, "main"), computed::incrementAndGet);
      memo.get(Memo.Key.of("test.index", one, "trunk"), computed::incrementAndGet);
      memo.get(Memo.Key.of("test.other", one, "main"), computed::incrementAndGet);
      memo.get(Memo.Key.pure("test.index", one, "main"), computed::incrementAndGet);
      assertThat(computed).hasValue(5);
    }

    @Test
    void aFailureIsRememberedAndEveryAskerCouldNotJudge() {
      AtomicInteger computed = new AtomicInteger();
      Fact<String> missing = Fact.of("test.missing", "never offered");
      BiFunction<Event, Facts, Verdict> asks = (event, facts) -> {
        facts.memo().get(Memo.Key.of("test.derived"), () -> {
          computed.incrementAndGet();
          return facts.get(missing);
        });
        return null;
      };
      Policy policy = policyOf(List.of(asks, asks));

      Decision decision = policy.explain(COMMAND, Facts.none());

      assertThat(computed).hasValue(1);
      assertThat(decision.verdicts()).extracting(Verdict::outcome)
          .containsOnly(Outcome.COULD_NOT_JUDGE);
      assertThat(decision.verdicts().get(1).message()).contains("test.missing");
      assertThat(uses(decision).get(1)).containsExactly(new Use("test.derived", Source.REUSED));
    }

    @Test
    void anEntryThatAsksForItselfFailsInsteadOfLooping() {
      Memo memo = Memo.fresh();
      Memo.Key<Integer> key = Memo.Key.of("test.loop");
      assertThatThrownBy(() -> memo.get(key, () -> memo.get(key, () -> 1)))
          .isInstanceOf(IllegalStateException.class).hasMessageContaining("test.loop");
    }

    @Test
    void anEntryMayAskForOthersAndEachIsListedWhenDone() {
      BiFunction<Event, Facts, Verdict> nested = (event, facts) -> {
        facts.memo().get(Memo.Key.of("test.outer"),
            () -> facts.memo().get(Memo.Key.of("test.inner"), () -> 1) + 1);
        return null;
      };
      Decision decision = policyOf(List.of(nested)).explain(COMMAND, Facts.none());

      assertThat(uses(decision).get(0)).containsExactly(
          new Use("test.inner", Source.COMPUTED), new Use("test.outer", Source.COMPUTED));
    }

    @Test
    void aNullValueIsRefused() {
      assertThatThrownBy(() -> Memo.fresh().get(Memo.Key.of("test.null"), () -> null))
          .isInstanceOf(NullPointerException.class).hasMessageContaining("test.null");
      assertThatThrownBy(() -> Memo.none().get(Memo.Key.of("test.null"), () -> null))
          .isInstanceOf(NullPointerException.class);
    }
  }

  @Nested
  class Lifetime {

    @Test
    void anEvaluationEntryIsGoneWhenTheEvaluationEnds() {
      AtomicInteger computed = new AtomicInteger();
      Policy policy = policyOf(List.of((event, facts) ->
          facts.memo().get(Memo.Key.of("test.count"), () -> {
            computed.incrementAndGet();
            return Verdict.allow("x");
          })));

      policy.evaluate(COMMAND, Facts.none());
      Decision second = policy.explain(COMMAND, Facts.none());

      assertThat(computed).hasValue(2);
      assertThat(uses(second).get(0)).containsExactly(new Use("test.count", Source.COMPUTED));
    }

    @Test
    void aPureEntryIsCarriedToTheNextEvaluationWithTheSameParts() {
      AtomicInteger computed = new AtomicInteger();
      Policy policy = policyOf(List.of((event, facts) -> {
        List<String> names = facts.get(NAMES);
        facts.memo().get(Memo.Key.pure("test.size", names), () -> {
          computed.incrementAndGet();
          return names.size();
        });
        return null;
      }));
      List<String> reading = List.of("a", "b");
      Facts facts = Facts.builder().value(NAMES, reading).build();
      Facts sameReading = Facts.builder().value(NAMES, reading).build();
      Facts newReading = Facts.builder().value(NAMES, List.of("a", "b")).build();

      policy.evaluate(COMMAND, facts);
      Decision carried = policy.explain(COMMAND, sameReading);
      assertThat(computed).hasValue(1);
      assertThat(uses(carried).get(0)).containsExactly(new Use("test.size", Source.CARRIED));

      Decision recomputed = policy.explain(COMMAND, newReading);
      assertThat(computed).hasValue(2);
      assertThat(uses(recomputed).get(0)).containsExactly(new Use("test.size", Source.COMPUTED));

      policyOf(List.of((event, f) -> {
        f.memo().get(Memo.Key.pure("test.size", reading), computed::incrementAndGet);
        return null;
      })).evaluate(COMMAND, facts);
      assertThat(computed).as("another policy carries nothing of this one").hasValue(3);
    }

    @Test
    void thePolicyCarriesOnlyTheMostRecentlyUsedEntries() {
      CarriedValues carried = new CarriedValues(3);
      for (int i = 0; i < 4; i++) {
        carried.put(Memo.Key.pure("test.n", i), i);
      }
      carried.get(Memo.Key.pure("test.n", 1));
      carried.put(Memo.Key.pure("test.n", 4), 4);

      assertThat(carried.size()).isEqualTo(3);
      assertThat(carried.get(Memo.Key.pure("test.n", 0))).isNull();
      assertThat(carried.get(Memo.Key.pure("test.n", 2))).isNull();
      assertThat(carried.get(Memo.Key.pure("test.n", 1))).isEqualTo(1);
      assertThat(carried.get(Memo.Key.pure("test.n", 4))).isEqualTo(4);
    }

    @Test
    void factsOutsideAnEvaluationRememberNothing() {
      AtomicInteger computed = new AtomicInteger();
      Facts.none().memo().get(Memo.Key.of("test.x"), computed::incrementAndGet);
      Facts.none().memo().get(Memo.Key.of("test.x"), computed::incrementAndGet);
      Facts.builder().build().memo().get(Memo.Key.pure("test.x"), computed::incrementAndGet);
      assertThat(computed).hasValue(3);
    }
  }

  @Nested
  class Keys {

    @Test
    void theLabelShowsTheNameAndThePartsComparedByValue() {
      assertThat(Memo.Key.of("branches.dormancy.at-stage", List.of(), Outcome.DENY, 3).label())
          .isEqualTo("branches.dormancy.at-stage[DENY, 3]");
      assertThat(Memo.Key.pure("test.plain", new Object()).label()).isEqualTo("test.plain");
      assertThat(Memo.Key.of("test.long", "x".repeat(100)).label())
          .isEqualTo("test.long[" + "x".repeat(57) + "...]");
    }

    @Test
    void aBadNameOrANullPartIsRefused() {
      assertThatThrownBy(() -> Memo.Key.of(" ")).isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> Memo.Key.of("a b")).isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> Memo.Key.of("test.x", (Object) null))
          .isInstanceOf(NullPointerException.class).hasMessageContaining("test.x");
    }
  }
}
