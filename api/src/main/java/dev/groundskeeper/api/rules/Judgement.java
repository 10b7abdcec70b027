package dev.groundskeeper.api.rules;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Verdict;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link CommandRule} concluded about one reading of a command, before it carries the
 * rule's id: nothing to say, a note, a denial with its way out, or that it could not know.
 * Immutable.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class Judgement {

  private static final Judgement PASS = new Judgement(Outcome.ALLOW, "", Optional.empty(),
      List.of());

  private final Outcome outcome;
  private final String reason;
  private final Optional<Remedy> remedy;
  private final List<Finding> findings;

  private Judgement(Outcome outcome, String reason, Optional<Remedy> remedy,
      List<Finding> findings) {
    this.outcome = outcome;
    this.reason = Objects.requireNonNull(reason, "reason");
    this.remedy = remedy;
    this.findings = List.copyOf(findings);
    if (outcome != Outcome.ALLOW && reason.isBlank()) {
      throw new IllegalArgumentException("a " + outcome + " judgement needs a reason");
    }
  }

  /**
   * The reading is fine.
   *
   * @return the judgement that lets it through without a word
   */
  public static Judgement pass() {
    return PASS;
  }

  /**
   * The reading goes through with a note for the agent.
   *
   * @param reason the note, not blank
   * @return an advising judgement
   */
  public static Judgement advise(String reason) {
    return new Judgement(Outcome.ADVISE, reason, Optional.empty(), List.of());
  }

  /**
   * The reading is refused.
   *
   * @param reason what would be lost, not blank
   * @param remedy the way out: the corrected command, or what to do instead
   * @return a denying judgement
   */
  public static Judgement deny(String reason, Remedy remedy) {
    return new Judgement(Outcome.DENY, reason, Optional.of(Objects.requireNonNull(remedy,
        "remedy")), List.of());
  }

  /**
   * The reading should have been judged but cannot be (a value known only when the command
   * runs, a fact that is not there).
   *
   * @param why what is missing and, where there is one, how the agent can make it judgeable
   * @return a could-not-judge judgement
   */
  public static Judgement unknown(String why) {
    return new Judgement(Outcome.COULD_NOT_JUDGE, why, Optional.empty(), List.of());
  }

  /**
   * The same judgement about these subjects too, for reports.
   *
   * @param kind what the subjects are
   * @param subjects the branch names, paths or refs judged
   * @param detail a few words on each, the same for all (may be empty)
   * @return a judgement carrying one more finding per subject
   */
  public Judgement about(Finding.Kind kind, Collection<String> subjects, String detail) {
    List<Finding> more = new ArrayList<>(findings);
    for (String subject : subjects) {
      more.add(new Finding(kind, subject, detail));
    }
    return new Judgement(outcome, reason, remedy, more);
  }

  /**
   * What was concluded: {@code ALLOW}, {@code ADVISE}, {@code DENY} or {@code COULD_NOT_JUDGE}.
   *
   * @return the outcome
   */
  public Outcome outcome() {
    return outcome;
  }

  /**
   * Why, in words for the agent.
   *
   * @return the reason; empty for a pass
   */
  public String reason() {
    return reason;
  }

  /**
   * The way out of a denial.
   *
   * @return the remedy; empty unless this is a denial
   */
  public Optional<Remedy> remedy() {
    return remedy;
  }

  /**
   * What the judgement is about.
   *
   * @return the findings, in the order given
   */
  public List<Finding> findings() {
    return findings;
  }

  /**
   * This judgement as the verdict of a rule.
   *
   * @param ruleId the rule's id
   * @return the verdict in that rule's name
   */
  public Verdict verdict(String ruleId) {
    return new Verdict(ruleId, outcome, reason, remedy, findings, List.of());
  }

  @Override
  public String toString() {
    return "Judgement[" + outcome + (reason.isEmpty() ? "" : ": " + reason) + "]";
  }
}
