package dev.groundskeeper.api.rules;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.shell.Script;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A rule about shell commands written as a value: its metadata once, the readings it takes from
 * the command's script ({@code GitPush::in}, {@code Script::deletedBranches}, ...), and a
 * {@link Judge} for each reading. The rule it builds answers
 * <ul>
 *   <li>{@code NOT_APPLICABLE} to events other than {@link Event.CommandEvent} and to commands
 *       without a reading;</li>
 *   <li>the first denial among the readings' judgements, with the findings of every denial;
 *       otherwise the first could-not-judge, then the first advice, else {@code ALLOW};</li>
 *   <li>{@code COULD_NOT_JUDGE} for a command the shell model could not read in full when no
 *       reading was found in what it did read and the text mentions one of the words given to
 *       {@link Builder#unreadable} (any such command, when none is given).</li>
 * </ul>
 * The script is parsed once per evaluation and shared with every other rule. Immutable and
 * thread-safe when the readings and the judge are.
 *
 * <pre>{@code
 * static final Rule NO_VERIFY = CommandRule.define("example.no-verify",
 *         "Commits run their hooks", "Denies git commit --no-verify.")
 *     .judging(script -> script.gitCommands().stream()
 *             .filter(git -> git.is("commit") && git.arguments().has("--no-verify", "-n"))
 *             .toList(),
 *         (commit, facts) -> Judgement.deny("--no-verify skips the checks the hooks run.",
 *             Remedy.describe("Commit without --no-verify and fix what the hooks report.")));
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL)
public final class CommandRule implements Rule {

  private final RuleInfo info;
  private final String unreadableConsequence;
  private final List<String> unreadableMentions;
  private final Function<Script, ? extends List<?>> readings;
  private final Judge<Object> judge;

  @SuppressWarnings("unchecked")
  private <T> CommandRule(Builder builder, Function<Script, ? extends List<? extends T>> readings,
      Judge<? super T> judge) {
    this.info = new RuleInfo(builder.id, builder.title, builder.summary, builder.mode,
        Set.of(Event.CommandEvent.class), builder.docsPage.orElse("rules/" + builder.id + ".md"));
    this.unreadableConsequence = builder.unreadableConsequence;
    this.unreadableMentions = builder.unreadableMentions;
    this.readings = Objects.requireNonNull(readings, "readings");
    this.judge = (Judge<Object>) Objects.requireNonNull(judge, "judge");
  }

  /**
   * Starts a rule: its id and the texts a rule list shows. It reads {@link Event.CommandEvent}s,
   * runs at {@link Mode#BLOCK} unless {@link Builder#mode} says otherwise, and its page is
   * {@code rules/<id>.md} unless {@link Builder#docsPage} says otherwise.
   *
   * @param id {@code namespace.name}, lower-case words and dashes
   * @param title a few words, for lists
   * @param summary one line saying what the rule guards
   * @return a builder; each call returns a new one, so a builder may be shared
   * @throws dev.groundskeeper.api.InvalidRuleIdException for a malformed id
   */
  public static Builder define(String id, String title, String summary) {
    RuleInfo.checkId(Objects.requireNonNull(id, "id"));
    return new Builder(id, Objects.requireNonNull(title, "title"),
        Objects.requireNonNull(summary, "summary"), Mode.BLOCK, Optional.empty(),
        "what it runs cannot be judged", List.of());
  }

  @Override
  public RuleInfo info() {
    return info;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    if (!(event instanceof Event.CommandEvent command)) {
      return Verdict.notApplicable(info.id());
    }
    Script script = command.script(facts);
    List<?> found = List.copyOf(readings.apply(script));
    if (found.isEmpty()) {
      boolean mentioned = unreadableMentions.isEmpty()
          || unreadableMentions.stream().anyMatch(command.command()::contains);
      return script.complete() || !mentioned ? Verdict.notApplicable(info.id())
          : Verdict.couldNotJudge(info.id(), "the command could not be read in full ("
              + script.problems().get(0).reason() + "), so " + unreadableConsequence);
    }
    List<Judgement> judged = new ArrayList<>();
    for (Object reading : found) {
      judged.add(Objects.requireNonNull(judge.judge(reading, facts),
          () -> info.id() + "'s judge returned null for " + reading));
    }
    for (Outcome outcome : List.of(Outcome.DENY, Outcome.COULD_NOT_JUDGE, Outcome.ADVISE)) {
      Optional<Judgement> first = judged.stream().filter(j -> j.outcome() == outcome).findFirst();
      if (first.isPresent()) {
        List<Finding> findings = new ArrayList<>();
        judged.stream().filter(j -> j.outcome() == outcome)
            .forEach(j -> findings.addAll(j.findings()));
        return first.get().verdict(info.id()).withFindings(findings);
      }
    }
    return Verdict.allow(info.id());
  }

  @Override
  public String toString() {
    return "CommandRule[" + info.id() + "]";
  }

  /**
   * The metadata of a {@link CommandRule} being defined. Immutable: each call returns a new
   * builder.
   */
  @API(status = API.Status.EXPERIMENTAL)
  public static final class Builder {

    private final String id;
    private final String title;
    private final String summary;
    private final Mode mode;
    private final Optional<String> docsPage;
    private final String unreadableConsequence;
    private final List<String> unreadableMentions;

    private Builder(String id, String title, String summary, Mode mode,
        Optional<String> docsPage, String unreadableConsequence,
        List<String> unreadableMentions) {
      this.id = id;
      this.title = title;
      this.summary = summary;
      this.mode = mode;
      this.docsPage = docsPage;
      this.unreadableConsequence = unreadableConsequence;
      this.unreadableMentions = List.copyOf(unreadableMentions);
    }

    /**
     * The mode without configuration.
     *
     * @param mode the default mode
     * @return a builder with it
     */
    public Builder mode(Mode mode) {
      return new Builder(id, title, summary, Objects.requireNonNull(mode, "mode"), docsPage,
          unreadableConsequence, unreadableMentions);
    }

    /**
     * The rule's documentation page, when it is not {@code rules/<id>.md}.
     *
     * @param page relative to the {@code docs/} folder
     * @return a builder with it
     */
    public Builder docsPage(String page) {
      return new Builder(id, title, summary, mode, Optional.of(page), unreadableConsequence,
          unreadableMentions);
    }

    /**
     * What a command the shell model could not read in full means for this rule, and the words
     * whose presence makes it matter.
     *
     * @param consequence the end of the sentence {@code the command could not be read in full
     *     (why), so ...}, as in {@code a force push in it cannot be ruled out}
     * @param mentions words of the command's text ({@code push}); without any, every unreadable
     *     command without a reading cannot be judged
     * @return a builder with it
     */
    public Builder unreadable(String consequence, String... mentions) {
      if (consequence.isBlank()) {
        throw new IllegalArgumentException("the consequence of an unreadable command is blank");
      }
      return new Builder(id, title, summary, mode, docsPage, consequence, List.of(mentions));
    }

    /**
     * Completes the rule.
     *
     * @param <T> the readings' type
     * @param readings what the rule looks at in a command's script ({@code GitPush::in})
     * @param judge the judgement of each reading
     * @return the rule
     */
    public <T> CommandRule judging(Function<Script, ? extends List<? extends T>> readings,
        Judge<? super T> judge) {
      return new CommandRule(this, readings, judge);
    }
  }
}
