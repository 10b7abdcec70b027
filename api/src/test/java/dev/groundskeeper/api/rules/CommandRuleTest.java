package dev.groundskeeper.api.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.InvalidRuleIdException;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.ProvidesRules;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.config.ConfigException;
import dev.groundskeeper.api.config.ConfigLayer;
import dev.groundskeeper.api.shell.GitCommand;
import dev.groundskeeper.api.shell.Script;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Rules as values: what a {@link CommandRule} answers, and a {@link RuleSet} as a provider. */
class CommandRuleTest {

  /** Denies {@code git commit --no-verify}, advises on {@code --amend}, cannot judge a variable. */
  static final CommandRule COMMITS = CommandRule.define("demo.commits", "Commits run their hooks",
          "Denies git commit --no-verify.")
      .unreadable("a commit in it cannot be ruled out", "commit")
      .judging(CommandRuleTest::commits, (commit, facts) -> {
        if (commit.arguments().has("--no-verify", "-n")) {
          return Judgement.deny("--no-verify skips the hooks.",
              Remedy.run("Commit with the hooks.", "git commit")).about(Finding.Kind.PATH,
              List.of(commit.command().words().get(0).value()), "commit");
        }
        if (commit.arguments().has("--amend")) {
          return Judgement.advise("an amend rewrites the last commit.");
        }
        if (commit.arguments().operands().stream().anyMatch(w -> !w.isStatic())) {
          return Judgement.unknown("a pathspec expands when the command runs");
        }
        return Judgement.pass();
      });

  private static List<GitCommand> commits(Script script) {
    return script.gitCommands().stream().filter(git -> git.is("commit")).toList();
  }

  @Test
  void theMetadataIsDeclaredOnceWithDefaults() {
    RuleInfo info = COMMITS.info();

    assertThat(info).isEqualTo(new RuleInfo("demo.commits", "Commits run their hooks",
        "Denies git commit --no-verify.", Mode.BLOCK, Set.of(Event.CommandEvent.class),
        "rules/demo.commits.md"));
    CommandRule advising = CommandRule.define("demo.x", "X", "Y").mode(Mode.ADVISE)
        .docsPage("guides/x.md").judging(CommandRuleTest::commits, (c, f) -> Judgement.pass());
    assertThat(advising.info().defaultMode()).isEqualTo(Mode.ADVISE);
    assertThat(advising.info().docsPage()).isEqualTo("guides/x.md");
    assertThat(advising).hasToString("CommandRule[demo.x]");
    assertThatThrownBy(() -> CommandRule.define("Demo X", "X", "Y"))
        .isInstanceOf(InvalidRuleIdException.class);
  }

  @Test
  void theFirstDenialWinsWithTheFindingsOfEvery() {
    Verdict verdict = evaluate("git commit --amend && git commit -n && /usr/bin/git commit -n");

    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.ruleId()).isEqualTo("demo.commits");
    assertThat(verdict.reason()).isEqualTo("--no-verify skips the hooks.");
    assertThat(verdict.remedy()).contains(Remedy.run("Commit with the hooks.", "git commit"));
    assertThat(verdict.findings()).extracting(Finding::subject)
        .containsExactly("git", "/usr/bin/git");
  }

  @Test
  void withoutADenialAnUnknownComesBeforeAdvice() {
    Verdict unknown = evaluate("git commit --amend; git commit \"$FILES\"");
    assertThat(unknown.outcome()).isEqualTo(Outcome.COULD_NOT_JUDGE);
    assertThat(unknown.reason()).isEqualTo("a pathspec expands when the command runs");

    Verdict advice = evaluate("git commit --amend");
    assertThat(advice.outcome()).isEqualTo(Outcome.ADVISE);
    assertThat(advice.reason()).isEqualTo("an amend rewrites the last commit.");
    assertThat(advice.remedy()).isEmpty();

    assertThat(evaluate("git commit -m ok").outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aCommandWithoutAReadingOrAnotherEventIsNotApplicable() {
    assertThat(evaluate("git status && ls").outcome()).isEqualTo(Outcome.NOT_APPLICABLE);
    assertThat(COMMITS.evaluate(new Event.SweepRequest(EventContext.of("s", Path.of("/repo"))),
        Facts.none()).outcome()).isEqualTo(Outcome.NOT_APPLICABLE);
  }

  @Test
  void anUnreadableCommandMentioningTheRulesWordCannotBeJudged() {
    Verdict verdict = evaluate("echo \"unclosed && git commit -n");

    assertThat(verdict.outcome()).isEqualTo(Outcome.COULD_NOT_JUDGE);
    assertThat(verdict.reason()).startsWith("the command could not be read in full (")
        .endsWith("), so a commit in it cannot be ruled out");
    assertThat(evaluate("echo \"unclosed && ls").outcome()).isEqualTo(Outcome.NOT_APPLICABLE);
    assertThat(evaluate("git commit -n 'unclosed").outcome())
        .as("a reading found before the unreadable part is judged").isEqualTo(Outcome.DENY);
  }

  @Test
  void withoutWordsEveryUnreadableCommandCannotBeJudged() {
    CommandRule any = CommandRule.define("demo.any", "Any", "Any command.")
        .judging(CommandRuleTest::commits, (c, f) -> Judgement.pass());

    Verdict verdict = any.evaluate(command("echo \"unclosed"), Facts.none());

    assertThat(verdict.outcome()).isEqualTo(Outcome.COULD_NOT_JUDGE);
    assertThat(verdict.reason()).endsWith("), so what it runs cannot be judged");
    assertThatThrownBy(() -> CommandRule.define("demo.x", "X", "Y").unreadable(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the consequence of an unreadable command is blank");
  }

  @Test
  void aFactTheJudgeCannotReadIsLeftToTheEngine() {
    CommandRule reading = CommandRule.define("demo.facts", "Facts", "Reads a fact.")
        .judging(CommandRuleTest::commits, (c, facts) -> {
          facts.get(Facts.NOW);
          return Judgement.pass();
        });

    assertThatThrownBy(() -> reading.evaluate(command("git commit"), Facts.none()))
        .isInstanceOf(FactUnavailableException.class);
    Decision decision = Policy.builder().rule(reading).build()
        .evaluate(command("git commit"), Facts.none());
    assertThat(decision.verdicts()).extracting(Verdict::outcome)
        .containsExactly(Outcome.COULD_NOT_JUDGE);
  }

  @Test
  void aJudgementWithoutAReasonIsRefused() {
    assertThatThrownBy(() -> Judgement.deny(" ", Remedy.describe("x")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a DENY judgement needs a reason");
    assertThat(Judgement.pass().findings()).isEmpty();
    assertThat(Judgement.unknown("why")).hasToString("Judgement[COULD_NOT_JUDGE: why]");
    assertThat(Judgement.pass().verdict("demo.x")).isEqualTo(Verdict.allow("demo.x"));
  }

  @ProvidesRules(namespace = "demo", ids = "demo.commits")
  public static final class DemoRules extends RuleSet {
    public DemoRules() {
      super(COMMITS);
    }
  }

  @Test
  void aRuleSetIsAProviderWithoutConfiguration() {
    Policy policy = Policy.builder().provider(new DemoRules()).build();

    assertThat(policy.rules()).extracting(ConfiguredRule::id, ConfiguredRule::mode)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("demo.commits", Mode.BLOCK));
    assertThat(policy.evaluate(command("git commit -n"), Facts.none()).outcome())
        .isEqualTo(Outcome.DENY);
    assertThat(Policy.builder().provider(new DemoRules()).exclude("demo.*").build().rules())
        .isEmpty();
    assertThatThrownBy(() -> Policy.builder().provider(new DemoRules())
        .config(ConfigLayer.ofText("repository", "demo:\n  commits: off\n")).build())
        .isInstanceOf(ConfigException.class).hasMessageContaining("demo.commits: unknown key");
  }

  @Test
  void anEmptyRuleSetIsRefused() {
    assertThatThrownBy(Empty::new).isInstanceOf(IllegalArgumentException.class)
        .hasMessageEndingWith("$Empty holds no rule");
  }

  private static final class Empty extends RuleSet {
    Empty() {
      super();
    }
  }

  private static Verdict evaluate(String command) {
    return COMMITS.evaluate(command(command), Facts.none());
  }

  private static Event.CommandEvent command(String text) {
    return new Event.CommandEvent(EventContext.of("s1", Path.of("/repo")), text);
  }

}
