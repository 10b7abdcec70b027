package dev.groundskeeper.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class PolicyEvaluationTest {

  private static final EventContext CONTEXT = EventContext.of("s1", Path.of("/repo"));
  private static final Event COMMAND = new Event.CommandEvent(CONTEXT, "git status");
  private static final Event STOP = new Event.Stop(CONTEXT, false);

  private static final Fact<String> BRANCH = Fact.of("test.branch", "the current branch");
  private static final Fact<Integer> COUNT = Fact.of("test.count", "a number");

  @Nested
  class Order {

    @Test
    void rulesRunInIdOrderWhateverOrderTheyWereAddedIn() {
      List<String> ran = new ArrayList<>();
      Policy policy = Policy.builder()
          .rule(recording("zeta.last", ran))
          .rule(recording("alpha.first", ran))
          .rule(recording("mid.dle", ran))
          .build();

      Decision decision = policy.evaluate(COMMAND, Facts.none());

      assertThat(ran).containsExactly("alpha.first", "mid.dle", "zeta.last");
      assertThat(decision.verdicts()).extracting(Verdict::ruleId)
          .containsExactly("alpha.first", "mid.dle", "zeta.last");
      assertThat(policy.rules()).extracting(ConfiguredRule::id)
          .containsExactly("alpha.first", "mid.dle", "zeta.last");
    }

    @Test
    void onlyRulesReadingTheEventTypeRun() {
      StubRule commands = StubRule.answering("test.commands", Outcome.DENY);
      StubRule stops = new StubRule("test.stops", Set.of(Event.Stop.class),
          (event, facts) -> Verdict.allow("test.stops"));
      Policy policy = Policy.builder().rule(commands).rule(stops).build();

      Decision decision = policy.evaluate(STOP, Facts.none());

      assertThat(decision.verdicts()).extracting(Verdict::ruleId).containsExactly("test.stops");
      assertThat(decision.outcome()).isEqualTo(Outcome.ALLOW);
      assertThat(commands.runs()).isZero();
    }

    @Test
    void aRuleReadingTheEventInterfaceReadsEveryEventType() {
      StubRule everything = new StubRule("test.all", Set.of(Event.class),
          (event, facts) -> Verdict.allow("test.all"));
      Policy policy = Policy.builder().rule(everything).build();

      policy.evaluate(COMMAND, Facts.none());
      policy.evaluate(STOP, Facts.none());
      policy.evaluate(new Event.SweepRequest(CONTEXT), Facts.none());

      assertThat(everything.runs()).isEqualTo(3);
    }

    private StubRule recording(String id, List<String> ran) {
      return StubRule.reading(id, (event, facts) -> {
        ran.add(id);
        return Verdict.allow(id);
      });
    }
  }

  @Nested
  class Modes {

    @Test
    void aRuleSwitchedOffNeverRunsButStaysListed() {
      StubRule off = StubRule.answering("test.off", Outcome.DENY);
      Policy policy = Policy.builder().rule(off, Mode.OFF).build();

      Decision decision = policy.explain(COMMAND, Facts.none());

      assertThat(off.runs()).isZero();
      assertThat(decision.verdicts()).isEmpty();
      assertThat(decision.explanation().orElseThrow().steps()).isEmpty();
      assertThat(decision.outcome()).isEqualTo(Outcome.ALLOW);
      assertThat(policy.rules()).extracting(ConfiguredRule::mode).containsExactly(Mode.OFF);
    }

    @Test
    void adviseAndWarnSoftenADenialIntoAdviceKeepingReasonAndRemedy() {
      for (Mode softening : List.of(Mode.ADVISE, Mode.WARN)) {
        Policy policy = Policy.builder()
            .rule(StubRule.answering("test.denies", Outcome.DENY), softening).build();

        Decision decision = policy.evaluate(COMMAND, Facts.none());

        Verdict verdict = decision.verdicts().get(0);
        assertThat(verdict.outcome()).as("under %s", softening).isEqualTo(Outcome.ADVISE);
        assertThat(verdict.reason()).isEqualTo("test.denies refuses");
        assertThat(verdict.remedy()).contains(Remedy.run("Run this instead:", "true"));
        assertThat(decision.outcome()).isEqualTo(Outcome.ADVISE);
      }
    }

    @Test
    void blockAndRuleSpecificWordsKeepADenial() {
      for (Mode keeping : List.of(Mode.BLOCK, Mode.ACT, Mode.ON, Mode.of("strict"))) {
        Policy policy = Policy.builder()
            .rule(StubRule.answering("test.denies", Outcome.DENY), keeping).build();

        assertThat(policy.evaluate(COMMAND, Facts.none()).outcome())
            .as("under %s", keeping).isEqualTo(Outcome.DENY);
      }
    }

    @Test
    void softeningLeavesEveryOtherOutcomeAlone() {
      for (Outcome outcome : List.of(Outcome.ALLOW, Outcome.ADVISE, Outcome.NOT_APPLICABLE,
          Outcome.COULD_NOT_JUDGE)) {
        Policy policy = Policy.builder()
            .rule(StubRule.answering("test.rule", outcome), Mode.ADVISE).build();

        assertThat(policy.evaluate(COMMAND, Facts.none()).verdicts().get(0).outcome())
            .isEqualTo(outcome);
      }
    }

    @Test
    void aRuleAddedWithoutAModeRunsAtItsDefault() {
      Policy policy = Policy.builder().rule(StubRule.answering("test.rule", Outcome.DENY)).build();

      assertThat(policy.rules()).extracting(ConfiguredRule::mode).containsExactly(Mode.BLOCK);
    }
  }

  @Nested
  class CombinedOutcome {

    @Test
    void anyDenialWins() {
      assertThat(combine(Outcome.ALLOW, Outcome.ADVISE, Outcome.DENY, Outcome.COULD_NOT_JUDGE))
          .isEqualTo(Outcome.DENY);
    }

    @Test
    void adviceOrCouldNotJudgeWithoutDenialIsAdvice() {
      assertThat(combine(Outcome.ALLOW, Outcome.ADVISE)).isEqualTo(Outcome.ADVISE);
      assertThat(combine(Outcome.ALLOW, Outcome.COULD_NOT_JUDGE)).isEqualTo(Outcome.ADVISE);
    }

    @Test
    void allowAndNotApplicableAloneAreAllow() {
      assertThat(combine(Outcome.ALLOW, Outcome.NOT_APPLICABLE)).isEqualTo(Outcome.ALLOW);
      assertThat(combine(Outcome.NOT_APPLICABLE)).isEqualTo(Outcome.ALLOW);
      assertThat(combine()).isEqualTo(Outcome.ALLOW);
    }

    @Test
    void theMessageShowsOnlyDenialsWhenDenied() {
      Decision decision = Policy.builder()
          .rule(StubRule.answering("a.advises", Outcome.ADVISE))
          .rule(StubRule.answering("b.denies", Outcome.DENY))
          .build().evaluate(COMMAND, Facts.none());

      assertThat(decision.message()).isEqualTo("[b.denies] b.denies refuses\n"
          + "Run this instead:\n  true");
    }

    @Test
    void aDenialKeepsTheEnginesOwnNotesButNoRulesUncertainty() {
      Decision judged = Policy.builder()
          .rule(StubRule.answering("a.unsure", Outcome.COULD_NOT_JUDGE))
          .rule(StubRule.answering("b.denies", Outcome.DENY))
          .build().evaluate(COMMAND, Facts.none());
      List<Verdict> verdicts = new java.util.ArrayList<>(judged.verdicts());
      verdicts.add(Verdict.couldNotJudge("engine.configuration", "invalid configuration"));
      Decision decision = Decision.of(verdicts, judged.explanation());

      assertThat(decision.message()).isEqualTo("[b.denies] b.denies refuses\n"
          + "Run this instead:\n  true\n\n"
          + "[engine.configuration] could not judge: invalid configuration");
    }

    @Test
    void theMessageShowsAdviceAndCouldNotJudgeNotesOtherwise() {
      Decision decision = Policy.builder()
          .rule(StubRule.answering("a.advises", Outcome.ADVISE))
          .rule(StubRule.answering("b.unsure", Outcome.COULD_NOT_JUDGE))
          .rule(StubRule.answering("c.allows", Outcome.ALLOW))
          .build().evaluate(COMMAND, Facts.none());

      assertThat(decision.message()).isEqualTo("[a.advises] a.advises has a note\n\n"
          + "[b.unsure] could not judge: b.unsure could not tell");
    }

    private Outcome combine(Outcome... outcomes) {
      PolicyBuilder builder = Policy.builder();
      for (int i = 0; i < outcomes.length; i++) {
        builder.rule(StubRule.answering("test.rule-" + i, outcomes[i]));
      }
      return builder.build().evaluate(COMMAND, Facts.none()).outcome();
    }
  }

  @Nested
  class ExplanationOfARun {

    @Test
    void evaluateAttachesNoExplanation() {
      Policy policy = Policy.builder().rule(StubRule.answering("test.rule", Outcome.ALLOW)).build();

      assertThat(policy.evaluate(COMMAND, Facts.none()).explanation()).isEmpty();
    }

    @Test
    void explainListsEachRuleWithModeOutcomesAndTheFactsItReadInOrder() {
      Facts facts = Facts.builder().value(BRANCH, "main").value(COUNT, 3)
          .value(Facts.NOW, Instant.EPOCH).build();
      Policy policy = Policy.builder()
          .rule(StubRule.reading("a.reads-two", (event, f) -> {
            f.get(COUNT);
            f.get(BRANCH);
            f.get(COUNT);
            return StubRule.verdict("a.reads-two", Outcome.DENY);
          }), Mode.ADVISE)
          .rule(StubRule.reading("b.reads-one", (event, f) -> {
            f.find(BRANCH);
            return Verdict.allow("b.reads-one");
          }))
          .rule(StubRule.answering("c.reads-none", Outcome.NOT_APPLICABLE))
          .build();

      Decision decision = policy.explain(COMMAND, facts);

      List<Explanation.Step> steps = decision.explanation().orElseThrow().steps();
      assertThat(steps).extracting(Explanation.Step::ruleId)
          .containsExactly("a.reads-two", "b.reads-one", "c.reads-none");
      Explanation.Step first = steps.get(0);
      assertThat(first.mode()).isEqualTo(Mode.ADVISE);
      assertThat(first.reported()).isEqualTo(Outcome.DENY);
      assertThat(first.verdict().outcome()).isEqualTo(Outcome.ADVISE);
      assertThat(first.factsRead()).containsExactly("test.count", "test.branch");
      assertThat(steps.get(1).factsRead()).containsExactly("test.branch");
      assertThat(steps.get(2).factsRead()).isEmpty();
      assertThat(steps).allSatisfy(step -> assertThat(step.elapsed().isNegative()).isFalse());
      assertThat(steps).extracting(Explanation.Step::verdict)
          .containsExactlyElementsOf(decision.verdicts());
    }

    @Test
    void explainAndEvaluateReachTheSameDecision() {
      Policy policy = Policy.builder()
          .rule(StubRule.answering("a.denies", Outcome.DENY), Mode.WARN)
          .rule(StubRule.answering("b.allows", Outcome.ALLOW))
          .build();

      Decision evaluated = policy.evaluate(COMMAND, Facts.none());
      Decision explained = policy.explain(COMMAND, Facts.none());

      assertThat(explained.outcome()).isEqualTo(evaluated.outcome());
      assertThat(explained.verdicts()).isEqualTo(evaluated.verdicts());
    }

    @Test
    void eachRuleIsTimedByTheInjectedCounter() {
      Policy policy = Policy.builder()
          .rule(StubRule.answering("a.first", Outcome.ALLOW))
          .rule(StubRule.answering("b.second", Outcome.DENY))
          .build();
      long[] now = {0};
      // Every read of the counter advances it by 7 ns: each rule reads it twice.
      Decision decision = policy.explain(COMMAND, Facts.none(), () -> now[0] += 7);

      assertThat(decision.explanation().orElseThrow().steps())
          .extracting(step -> step.elapsed().toNanos()).containsExactly(7L, 7L);
      assertThat(now[0]).isEqualTo(28);
    }
  }

  @Nested
  class LazyFacts {

    @Test
    void aFactNobodyReadsIsNeverComputed() {
      AtomicInteger computed = new AtomicInteger();
      Facts facts = Facts.builder().supplier(BRANCH, f -> {
        computed.incrementAndGet();
        return "main";
      }).build();

      Policy.builder().rule(StubRule.answering("test.rule", Outcome.ALLOW)).build()
          .evaluate(COMMAND, facts);

      assertThat(computed).hasValue(0);
    }

    @Test
    void aFactReadBySeveralRulesIsAskedForOncePerEvaluation() {
      CountingFacts source = new CountingFacts(Facts.builder().value(BRANCH, "main").build());
      Policy policy = Policy.builder()
          .rule(readingBranchTwice("a.first"))
          .rule(readingBranchTwice("b.second"))
          .rule(readingBranchTwice("c.third"))
          .build();

      policy.evaluate(COMMAND, source);
      assertThat(source.asked(BRANCH)).isEqualTo(1);

      policy.evaluate(COMMAND, source);
      assertThat(source.asked(BRANCH)).as("a new evaluation asks again").isEqualTo(2);
    }

    @Test
    void aFactThatFailedIsNotAskedForAgainAndEveryReaderCouldNotJudge() {
      CountingFacts source = new CountingFacts(Facts.builder().supplier(BRANCH, f -> {
        throw new FactUnavailableException(BRANCH, "git timed out");
      }).build());
      Policy policy = Policy.builder()
          .rule(readingBranchTwice("a.first"))
          .rule(readingBranchTwice("b.second"))
          .build();

      Decision decision = policy.evaluate(COMMAND, source);

      assertThat(source.asked(BRANCH)).isEqualTo(1);
      assertThat(decision.verdicts()).allSatisfy(v -> {
        assertThat(v.outcome()).isEqualTo(Outcome.COULD_NOT_JUDGE);
        assertThat(v.reason()).isEqualTo("fact 'test.branch' is unavailable: git timed out");
      });
      assertThat(decision.outcome()).isEqualTo(Outcome.ADVISE);
    }

    @Test
    void aSourceThatThrowsSomethingElseIsReportedAsAnUnavailableFact() {
      Facts broken = new Facts() {
        @Override
        public <T> Optional<T> find(Fact<T> fact) {
          throw new IllegalStateException("disk on fire");
        }
      };
      Policy policy = Policy.builder().rule(readingBranchTwice("a.first")).build();

      Verdict verdict = policy.evaluate(COMMAND, broken).verdicts().get(0);

      assertThat(verdict.outcome()).isEqualTo(Outcome.COULD_NOT_JUDGE);
      assertThat(verdict.reason()).isEqualTo("fact 'test.branch' is unavailable: disk on fire");
    }

    @Test
    void aSourceAnsweringNullIsReportedAsAnUnavailableFact() {
      Facts broken = new Facts() {
        @Override
        public <T> Optional<T> find(Fact<T> fact) {
          return null;
        }
      };

      Verdict verdict = Policy.builder().rule(readingBranchTwice("a.first")).build()
          .evaluate(COMMAND, broken).verdicts().get(0);

      assertThat(verdict.outcome()).isEqualTo(Outcome.COULD_NOT_JUDGE);
      assertThat(verdict.reason())
          .isEqualTo("fact 'test.branch' is unavailable: facts returned null for test.branch");
    }

    @Test
    void aFactNoSourceOffersIsCouldNotJudgeForARuleThatRequiresIt() {
      Verdict verdict = Policy.builder().rule(readingBranchTwice("a.first")).build()
          .evaluate(COMMAND, Facts.none()).verdicts().get(0);

      assertThat(verdict.outcome()).isEqualTo(Outcome.COULD_NOT_JUDGE);
      assertThat(verdict.reason()).isEqualTo("fact 'test.branch' is unavailable: no source offers it");
    }

    private StubRule readingBranchTwice(String id) {
      return StubRule.reading(id, (event, facts) -> {
        facts.get(BRANCH);
        facts.get(BRANCH);
        return Verdict.allow(id);
      });
    }
  }

  @Nested
  class Failures {

    @Test
    void aRuleThatThrowsCouldNotJudgeAndTheOthersStillRun() {
      StubRule after = StubRule.answering("b.after", Outcome.DENY);
      Policy policy = Policy.builder()
          .rule(StubRule.reading("a.throws", (event, facts) -> {
            throw new IllegalStateException("bug in rule");
          }))
          .rule(after)
          .build();

      Decision decision = policy.evaluate(COMMAND, Facts.none());

      Verdict failed = decision.verdicts().get(0);
      assertThat(failed.outcome()).isEqualTo(Outcome.COULD_NOT_JUDGE);
      assertThat(failed.reason())
          .isEqualTo("the rule failed: bug in rule");
      assertThat(after.runs()).isEqualTo(1);
      assertThat(decision.outcome()).isEqualTo(Outcome.DENY);
    }

    @Test
    void aRuleThatThrowsAnErrorOfTheVmKindIsContainedToo() {
      Policy policy = Policy.builder()
          .rule(StubRule.reading("a.overflows", (event, facts) -> {
            throw new StackOverflowError("deep");
          }))
          .build();

      Verdict verdict = policy.evaluate(COMMAND, Facts.none()).verdicts().get(0);

      assertThat(verdict.outcome()).isEqualTo(Outcome.COULD_NOT_JUDGE);
      assertThat(verdict.reason()).isEqualTo("the rule failed: the call stack overflowed: deep");
    }

    /**
     * What reaches the agent says the failure in words: the message without any exception's
     * class name (a wrapper's cause, a JDK message that only names types), and the rule's id.
     */
    @Test
    void aFailingRulesReasonNamesNoExceptionClass() {
      List<RuntimeException> thrown = List.of(new IllegalStateException("bug in rule"),
          new RuntimeException(new java.io.UncheckedIOException("cannot read x",
              new java.io.IOException("disk gone"))),
          new RuntimeException(new IllegalArgumentException()),
          new NullPointerException("Cannot invoke \"java.lang.String.length()\" because"
              + " \"<local1>\" is null"),
          new ClassCastException("class java.lang.String cannot be cast to class"
              + " java.lang.Integer"),
          new IllegalStateException("java.lang.IllegalArgumentException: nested\nline two"));
      for (RuntimeException e : thrown) {
        Policy policy = Policy.builder()
            .rule(StubRule.reading("a.fails", (event, facts) -> {
              throw e;
            }))
            .build();

        Verdict verdict = policy.evaluate(COMMAND, Facts.none()).verdicts().get(0);

        assertThat(verdict.outcome()).as(e.toString()).isEqualTo(Outcome.COULD_NOT_JUDGE);
        assertThat(verdict.ruleId()).isEqualTo("a.fails");
        assertThat(verdict.reason()).as(e.toString()).startsWith("the rule failed: ")
            .doesNotContain("java.").doesNotContain("Exception").doesNotContain("\n");
        assertThat(Decision.of(List.of(verdict), java.util.Optional.empty()).message())
            .as("the text to the agent").contains("a.fails").doesNotContain("java.")
            .doesNotContain("Exception");
      }
    }

    @Test
    void aRuleThatThrowsFactUnavailableCouldNotJudgeWithTheFactsMessage() {
      Policy policy = Policy.builder()
          .rule(StubRule.reading("a.rule", (event, facts) -> {
            throw new FactUnavailableException(COUNT, "took longer than 200 ms");
          }))
          .build();

      Verdict verdict = policy.evaluate(COMMAND, Facts.none()).verdicts().get(0);

      assertThat(verdict.outcome()).isEqualTo(Outcome.COULD_NOT_JUDGE);
      assertThat(verdict.reason())
          .isEqualTo("fact 'test.count' is unavailable: took longer than 200 ms");
    }

    @Test
    void withOnErrorDenyAThrowingRuleDeniesAndSaysHowToStopThat() {
      Policy policy = Policy.builder()
          .config(dev.groundskeeper.api.config.ConfigLayer.ofText("repository",
              "engine:\n  on_error: deny\n"))
          .rule(StubRule.reading("a.throws", (event, facts) -> {
            throw new IllegalStateException("bug in rule");
          }))
          .build();

      Decision decision = policy.evaluate(COMMAND, Facts.none());

      Verdict verdict = decision.verdicts().get(0);
      assertThat(decision.outcome()).isEqualTo(Outcome.DENY);
      assertThat(verdict.reason()).isEqualTo("the rule failed: bug in rule (engine.on_error is"
          + " deny)");
      assertThat(verdict.ruleId()).isEqualTo("a.throws");
      assertThat(verdict.remedy()).contains(Remedy.describe("Fix or exclude the rule "
          + "(engine.exclude), or set engine.on_error to allow."));
    }

    @Test
    void withOnErrorDenyAnUnavailableFactIsStillCouldNotJudge() {
      Policy policy = Policy.builder()
          .config(dev.groundskeeper.api.config.ConfigLayer.ofText("repository",
              "engine:\n  on_error: deny\n"))
          .rule(StubRule.reading("a.reads", (event, facts) -> {
            facts.get(BRANCH);
            return Verdict.allow("a.reads");
          }))
          .build();

      Decision decision = policy.evaluate(COMMAND, Facts.none());

      assertThat(decision.verdicts().get(0).outcome()).isEqualTo(Outcome.COULD_NOT_JUDGE);
      assertThat(decision.outcome()).isEqualTo(Outcome.ADVISE);
    }

    @Test
    void onErrorAllowIsTheDefault() {
      Policy policy = Policy.builder()
          .config(dev.groundskeeper.api.config.ConfigLayer.ofText("repository",
              "engine:\n  on_error: allow\n"))
          .rule(StubRule.reading("a.throws", (event, facts) -> {
            throw new IllegalStateException("bug in rule");
          }))
          .build();

      assertThat(policy.evaluate(COMMAND, Facts.none()).outcome()).isEqualTo(Outcome.ADVISE);
      assertThat(Policy.builder().build().config().engine().onError())
          .isEqualTo(dev.groundskeeper.api.config.EngineConfig.OnError.ALLOW);
    }

    @Test
    void aRuleAnsweringNullCouldNotJudge() {
      Verdict verdict = Policy.builder().rule(StubRule.reading("a.rule", (event, facts) -> null))
          .build().evaluate(COMMAND, Facts.none()).verdicts().get(0);

      assertThat(verdict.outcome()).isEqualTo(Outcome.COULD_NOT_JUDGE);
      assertThat(verdict.reason()).isEqualTo("the rule returned no verdict");
    }

    @Test
    void aRuleAnsweringForAnotherIdCouldNotJudge() {
      Verdict verdict = Policy.builder()
          .rule(StubRule.reading("a.rule", (event, facts) -> Verdict.allow("b.other")))
          .build().evaluate(COMMAND, Facts.none()).verdicts().get(0);

      assertThat(verdict.ruleId()).isEqualTo("a.rule");
      assertThat(verdict.outcome()).isEqualTo(Outcome.COULD_NOT_JUDGE);
      assertThat(verdict.reason()).isEqualTo("the rule returned a verdict for 'b.other'");
    }
  }

  @Test
  void evaluationFromManyThreadsGivesTheSameDecisions() throws Exception {
    Policy policy = Policy.builder()
        .rule(StubRule.reading("a.reads", (event, facts) ->
            facts.get(BRANCH).equals("main") ? StubRule.verdict("a.reads", Outcome.DENY)
                : Verdict.allow("a.reads")))
        .rule(StubRule.answering("b.advises", Outcome.ADVISE), Mode.ADVISE)
        .build();
    Decision expected = policy.evaluate(COMMAND, Facts.builder().value(BRANCH, "main").build());

    List<Thread> threads = new ArrayList<>();
    List<Decision> seen = java.util.Collections.synchronizedList(new ArrayList<>());
    for (int t = 0; t < 8; t++) {
      Thread thread = new Thread(() -> {
        for (int i = 0; i < 200; i++) {
          seen.add(policy.evaluate(COMMAND, Facts.builder().value(BRANCH, "main").build()));
        }
      });
      threads.add(thread);
      thread.start();
    }
    for (Thread thread : threads) {
      thread.join(Duration.ofSeconds(30).toMillis());
    }

    assertThat(seen).hasSize(1600).allSatisfy(d -> assertThat(d).isEqualTo(expected));
  }

  /** Facts that count how often each fact is asked for and memoize nothing themselves. */
  static final class CountingFacts implements Facts {
    private final Facts delegate;
    private final java.util.Map<String, AtomicInteger> asked =
        new java.util.concurrent.ConcurrentHashMap<>();

    CountingFacts(Facts delegate) {
      this.delegate = delegate;
    }

    int asked(Fact<?> fact) {
      return asked.getOrDefault(fact.id(), new AtomicInteger()).get();
    }

    @Override
    public <T> Optional<T> find(Fact<T> fact) {
      asked.computeIfAbsent(fact.id(), id -> new AtomicInteger()).incrementAndGet();
      return delegate.find(fact);
    }
  }
}
