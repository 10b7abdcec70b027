package dev.groundskeeper.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.ProviderLoadException;
import dev.groundskeeper.api.ProvidesRules;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.RuleProvider;
import dev.groundskeeper.api.Verdict;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

class RuleTesterTest {

  private final RuleTester tester = RuleTester.of(new SampleRule())
      .withFacts(TestFacts.builder().with(SampleRule.KEPT, Set.of("notes")));

  @Nested
  class PassingAssertions {

    @Test
    void aDenialWithReasonRemedyAndFindings() {
      tester.given(Events.command("rm -rf notes"))
          .expectDeny()
          .reasonIs("notes is kept; removing it loses work")
          .reasonContains("kept", "loses work")
          .reasonStartsWith("notes is kept")
          .reasonDoesNotContain("advice")
          .remedyCommands("mv notes notes.old")
          .remedyDescriptionContains("aside")
          .remedyIs(Remedy.run("Move it aside instead:", "mv notes notes.old"))
          .findings(Finding.of(Finding.Kind.PATH, "notes"))
          .findingSubjects("notes")
          .hasNoEffects()
          .readFacts(SampleRule.KEPT)
          .messageIs("notes is kept; removing it loses work\nMove it aside instead:\n"
              + "  mv notes notes.old");
    }

    @Test
    void adviceAllowAndNotApplicable() {
      tester.given(Events.command("rm -rf build")).expectAdvise().hasNoRemedy().hasNoFindings();
      tester.given(Events.command("ls")).expectAllow().readNoFacts();
      tester.given(Events.stop()).expectNotApplicable();
      tester.given(Events.command("ls").build()).expect(Outcome.ALLOW);
    }

    @Test
    void aCaseMayBringItsOwnFacts() {
      tester.given(Events.command("rm -rf build"))
          .withFacts(TestFacts.builder().with(SampleRule.KEPT, Set.of("build")))
          .expectDeny();
    }

    @Test
    void aMissingFactIsCouldNotJudgeAsInTheEngine() {
      RuleTester.of(new SampleRule()).given(Events.command("rm -rf build"))
          .expectCouldNotJudge()
          .reasonIs("fact 'sample.kept' is unavailable: no source offers it");
    }

    @Test
    void theVerdictIsThereForAssertionsOfYourOwn() {
      Verdict verdict = tester.given(Events.command("rm -rf notes")).verdict();

      assertThat(verdict.ruleId()).isEqualTo(SampleRule.ID);
    }

    @Test
    void decisionAppliesTheTestersMode() {
      RuleCase removal = tester.given(Events.command("rm -rf notes"));

      assertThat(removal.decision().outcome()).isEqualTo(Outcome.DENY);
      Decision softened = tester.withMode(Mode.ADVISE).given(Events.command("rm -rf notes"))
          .decision();
      assertThat(softened.outcome()).isEqualTo(Outcome.ADVISE);
      assertThat(tester.withMode(Mode.OFF).given(Events.command("rm -rf notes")).decision()
          .verdicts()).isEmpty();
      assertThat(removal.verdict().outcome()).as("the raw verdict ignores modes")
          .isEqualTo(Outcome.DENY);
    }
  }

  @Nested
  class FailureMessages {

    @Test
    void aWrongOutcomeNamesRuleEventExpectationAndTheWholeVerdict() {
      AssertionFailedError error = failure(() ->
          tester.given(Events.command("rm -rf notes").in("/w")).expectAllow());

      assertThat(error).hasMessage("""
          sample.keep-paths on command `rm -rf notes` in /w [session test-session]
            expected outcome ALLOW
            but was  DENY
            verdict:  DENY
            reason:   notes is kept; removing it loses work
            remedy:   Move it aside instead:
                      $ mv notes notes.old
            findings: PATH notes""");
      assertThat(error.getExpected().getValue()).isEqualTo(Outcome.ALLOW);
      assertThat(error.getActual().getValue()).isEqualTo(Outcome.DENY);
    }

    @Test
    void aMissingReasonText() {
      AssertionFailedError error = failure(() ->
          tester.given(Events.command("rm -rf build")).expectAdvise().reasonContains("undone",
              "forever"));

      assertThat(error.getMessage()).startsWith("""
          sample.keep-paths on command `rm -rf build` in /repo [session test-session]
            expected reason to contain "forever"
            but was  "rm -rf of build cannot be undone"
          """);
    }

    @Test
    void aWrongReasonStart() {
      AssertionFailedError error = failure(() ->
          tester.given(Events.command("rm -rf build")).then().reasonStartsWith("build"));

      assertThat(error.getMessage()).contains("expected reason to start with \"build\"\n"
          + "  but was  \"rm -rf of build cannot be undone\"");
    }

    @Test
    void wrongRemedyCommands() {
      AssertionFailedError error = failure(() ->
          tester.given(Events.command("rm -rf notes")).expectDeny().remedyCommands("rm -ri notes"));

      assertThat(error.getMessage()).contains("expected remedy commands [rm -ri notes]\n"
          + "  but was  [mv notes notes.old]");
    }

    @Test
    void aRemedyExpectedWhereThereIsNone() {
      AssertionFailedError error = failure(() ->
          tester.given(Events.command("rm -rf build")).expectAdvise().remedyCommands("x"));

      assertThat(error.getMessage()).contains("expected a remedy\n  but was  \"no remedy\"");
    }

    @Test
    void aRemedyWhereNoneWasExpected() {
      AssertionFailedError error = failure(() ->
          tester.given(Events.command("rm -rf notes")).expectDeny().hasNoRemedy());

      assertThat(error.getMessage()).contains("expected remedy \"no remedy\"\n"
          + "  but was  \"Move it aside instead:\n  mv notes notes.old\"");
    }

    @Test
    void wrongFindingsEffectsAndFactsRead() {
      assertThat(failure(() -> tester.given(Events.command("rm -rf notes")).then()
          .findingSubjects("build")).getMessage())
          .contains("expected finding subjects [build]\n  but was  [notes]");
      assertThat(failure(() -> tester.given(Events.command("rm -rf notes")).then()
          .effects(() -> "delete branch x")).getMessage())
          .contains("expected effects [");
      assertThat(failure(() -> tester.given(Events.command("ls")).then()
          .readFacts(Facts.NOW)).getMessage())
          .contains("expected facts read [clock.now]\n  but was  []");
    }

    @Test
    void aRuleThatThrowsFailsWithItsExceptionAsCause() {
      Rule throwing = rule("sample.throws", (event, facts) -> {
        throw new IllegalStateException("index out of step");
      });

      AssertionFailedError error = failure(() ->
          RuleTester.of(throwing).given(Events.command("ls")).expectAllow());

      assertThat(error).hasMessage("sample.throws threw java.lang.IllegalStateException: "
          + "index out of step\n  on command `ls` in /repo [session test-session]");
      assertThat(error).hasCauseInstanceOf(IllegalStateException.class);
    }

    @Test
    void aRuleAnsweringNullOrForAnotherRuleFails() {
      assertThat(failure(() -> RuleTester.of(rule("sample.null", (e, f) -> null))
          .given(Events.command("ls")).then()))
          .hasMessage("sample.null answered null instead of a verdict\n"
              + "  on command `ls` in /repo [session test-session]");
      assertThat(failure(() -> RuleTester.of(rule("sample.other",
          (e, f) -> Verdict.allow("sample.someone-else"))).given(Events.command("ls")).then()))
          .hasMessage("sample.other answered in the name of another rule\n"
              + "  on command `ls` in /repo [session test-session]");
    }

    private AssertionFailedError failure(Runnable assertion) {
      try {
        assertion.run();
      } catch (AssertionFailedError e) {
        return e;
      }
      throw new AssertionError("the assertion passed but should have failed");
    }
  }

  @Nested
  class FromAProvider {

    @Test
    void theProviderBuildsTheRuleFromTheGivenConfiguration() {
      RuleTester fromProvider = RuleTester.of(new SampleProvider(), new SampleConfig(Mode.ADVISE,
          true));

      assertThat(fromProvider.rule().info().id()).isEqualTo("sample.keep-paths");
      assertThat(fromProvider.mode()).isEqualTo(Mode.ADVISE);
    }

    @Test
    void severalRulesNeedAnId() {
      SampleConfig both = new SampleConfig(Mode.BLOCK, true);

      assertThatThrownBy(() -> RuleTester.of(new TwoRuleProvider(), both))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(TwoRuleProvider.class.getName() + " builds 2 rules from this "
              + "configuration (sample.keep-paths, sample.other); name the one to test with "
              + "RuleTester.of(provider, config, ruleId)");
      assertThat(RuleTester.of(new TwoRuleProvider(), both, "sample.other").rule().info().id())
          .isEqualTo("sample.other");
    }

    @Test
    void anIdTheProviderDoesNotBuildIsNamed() {
      assertThatThrownBy(() -> RuleTester.of(new TwoRuleProvider(),
          new SampleConfig(Mode.BLOCK, false), "sample.other"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(TwoRuleProvider.class.getName() + " builds no rule 'sample.other' from "
              + "this configuration; it builds sample.keep-paths");
    }

    @Test
    void aBrokenProviderFailsAsDiscoveryWould() {
      assertThatThrownBy(() -> RuleTester.of(new UnannotatedProvider(), new SampleConfig(
          Mode.BLOCK, false)))
          .isInstanceOf(ProviderLoadException.class)
          .hasMessageEndingWith("it lacks the @ProvidesRules annotation declaring its "
              + "namespace and rule ids");
    }
  }

  static Rule rule(String id, java.util.function.BiFunction<Event, Facts, Verdict> body) {
    RuleInfo info = new RuleInfo(id, "Test", "A rule of a test.", Mode.BLOCK,
        Set.of(Event.CommandEvent.class), "rules/" + id + ".md");
    return new Rule() {
      @Override
      public RuleInfo info() {
        return info;
      }

      @Override
      public Verdict evaluate(Event event, Facts facts) {
        return body.apply(event, facts);
      }
    };
  }

  /** Configuration of the sample providers. */
  public record SampleConfig(Mode mode, boolean other) {}

  @ProvidesRules(namespace = "sample", ids = "sample.keep-paths")
  public static final class SampleProvider implements RuleProvider<SampleConfig> {
    @Override
    public Class<SampleConfig> configType() {
      return SampleConfig.class;
    }

    @Override
    public SampleConfig defaultConfig() {
      return new SampleConfig(Mode.BLOCK, false);
    }

    @Override
    public List<ConfiguredRule> rules(SampleConfig config) {
      return List.of(new ConfiguredRule(new SampleRule(), config.mode()));
    }
  }

  @ProvidesRules(namespace = "sample", ids = {"sample.keep-paths", "sample.other"})
  public static final class TwoRuleProvider implements RuleProvider<SampleConfig> {
    @Override
    public Class<SampleConfig> configType() {
      return SampleConfig.class;
    }

    @Override
    public SampleConfig defaultConfig() {
      return new SampleConfig(Mode.BLOCK, false);
    }

    @Override
    public List<ConfiguredRule> rules(SampleConfig config) {
      ConfiguredRule keep = new ConfiguredRule(new SampleRule(), config.mode());
      return config.other()
          ? List.of(keep, ConfiguredRule.atDefault(rule("sample.other",
              (e, f) -> Verdict.allow("sample.other"))))
          : List.of(keep);
    }
  }

  public static final class UnannotatedProvider implements RuleProvider<SampleConfig> {
    @Override
    public Class<SampleConfig> configType() {
      return SampleConfig.class;
    }

    @Override
    public SampleConfig defaultConfig() {
      return new SampleConfig(Mode.BLOCK, false);
    }

    @Override
    public List<ConfiguredRule> rules(SampleConfig config) {
      return List.of();
    }
  }
}
