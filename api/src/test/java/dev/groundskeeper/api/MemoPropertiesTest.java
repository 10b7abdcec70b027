package dev.groundskeeper.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The memo's invariants over any sequence of asks by any number of rules and evaluations. */
class MemoPropertiesTest {

  private static final Event COMMAND =
      new Event.CommandEvent(EventContext.of("s1", Path.of("/repo")), "true");

  /** One ask: which rule, which key (name index, pure or not). */
  record Ask(int rule, int name, boolean pure) {
    Memo.Key<String> key() {
      return pure ? Memo.Key.pure("test.pure-" + name) : Memo.Key.of("test.once-" + name);
    }
  }

  @Provide
  Arbitrary<List<List<Ask>>> evaluations() {
    Arbitrary<Ask> ask = net.jqwik.api.Combinators.combine(Arbitraries.integers().between(0, 3),
        Arbitraries.integers().between(0, 4), Arbitraries.of(true, false)).as(Ask::new);
    return ask.list().ofMaxSize(12).list().ofMinSize(1).ofMaxSize(4);
  }

  @Property(tries = 200)
  void eachKeyIsComputedOncePerEvaluationAndEveryAskerGetsItsValue(
      @ForAll("evaluations") List<List<Ask>> evaluations) {
    Map<Integer, List<Ask>> byRule = new HashMap<>();
    List<Integer> computations = new ArrayList<>();
    int[] counter = {0};
    List<Map<Memo.Key<String>, String>> answers = new ArrayList<>();
    // One policy of four rules; which asks a rule makes depends on the evaluation being run.
    int[] evaluation = {0};
    PolicyBuilder builder = Policy.builder();
    for (int r = 0; r < 4; r++) {
      int rule = r;
      builder.rule(StubRule.reading("test.rule-" + r, (event, facts) -> {
        for (Ask ask : evaluations.get(evaluation[0])) {
          if (ask.rule() != rule) {
            continue;
          }
          String value = facts.memo().get(ask.key(), () -> {
            computations.add(evaluation[0]);
            return ask.key().label() + "#" + counter[0]++;
          });
          String earlier = answers.get(evaluation[0]).putIfAbsent(ask.key(), value);
          assertThat(value).isEqualTo(earlier == null ? value : earlier);
        }
        return Verdict.allow("test.rule-" + rule);
      }));
    }
    Policy policy = builder.build();
    Set<String> pureSeen = new HashSet<>();
    for (int e = 0; e < evaluations.size(); e++) {
      evaluation[0] = e;
      answers.add(new HashMap<>());
      Decision decision = policy.explain(COMMAND, Facts.none());
      List<Ask> asks = evaluations.get(e);
      Set<Memo.Key<String>> distinct = new HashSet<>();
      long expectedComputations = 0;
      for (Ask ask : asks) {
        if (distinct.add(ask.key()) && !(ask.pure() && pureSeen.contains(ask.key().label()))) {
          expectedComputations++;
        }
      }
      int evaluationIndex = e;
      assertThat(computations.stream().filter(c -> c == evaluationIndex).count())
          .isEqualTo(expectedComputations);
      // The listing: in rule order, the first ask of a key is computed or carried, later reused.
      Set<String> listed = new HashSet<>();
      for (Explanation.Step step : decision.explanation().orElseThrow().steps()) {
        for (Memo.Use use : step.memo()) {
          boolean first = listed.add(use.key());
          assertThat(use.source() == Memo.Use.Source.REUSED).isEqualTo(!first);
        }
      }
      for (Ask ask : asks) {
        if (ask.pure()) {
          pureSeen.add(ask.key().label());
        }
      }
    }
  }
}
