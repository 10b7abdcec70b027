package dev.groundskeeper.api;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One rule's conclusion about one event. Rules report what they found; the engine applies the
 * configured mode afterwards (see {@link Mode}). A {@code DENY} or {@code ADVISE} always carries a
 * non-blank reason; {@code COULD_NOT_JUDGE} says why.
 *
 * @param ruleId the id of the rule that concluded, as in its {@link RuleInfo}
 * @param outcome what the rule concluded, before the engine applies the mode
 * @param reason why, in words for the agent; blank only for {@code ALLOW} and
 *     {@code NOT_APPLICABLE}
 * @param remedy the way out of a denial, a command that runs as printed
 * @param findings the things the rule looked at, for reports ({@code sweep}, {@code explain})
 * @param effects what the host should do once the decision stands (delete, park, record)
 */
@API(status = API.Status.STABLE)
public record Verdict(String ruleId, Outcome outcome, String reason, Optional<Remedy> remedy,
    List<Finding> findings, List<Effect> effects) {

  /**
   * Checks the verdict and copies its lists.
   *
   * @param ruleId the id of the rule that concluded, as in its {@link RuleInfo}
   * @param outcome what the rule concluded, before the engine applies the mode
   * @param reason why, in words for the agent; blank only for {@code ALLOW} and
   *     {@code NOT_APPLICABLE}
   * @param remedy the way out of a denial, a command that runs as printed
   * @param findings the things the rule looked at, for reports ({@code sweep}, {@code explain})
   * @param effects what the host should do once the decision stands (delete, park, record)
   * @throws IllegalArgumentException when a deny, advise or could-not-judge verdict has a blank
   *     reason
   */
  public Verdict {
    Objects.requireNonNull(ruleId, "ruleId");
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(remedy, "remedy");
    findings = List.copyOf(findings);
    effects = List.copyOf(effects);
    boolean needsReason = outcome == Outcome.DENY || outcome == Outcome.ADVISE
        || outcome == Outcome.COULD_NOT_JUDGE;
    if (needsReason && reason.isBlank()) {
      throw new IllegalArgumentException(outcome + " verdict of " + ruleId + " needs a reason");
    }
  }

  /**
   * The rule looked and found nothing against the event.
   *
   * @param ruleId the rule's id
   * @return an allowing verdict with no reason, remedy, findings or effects
   */
  public static Verdict allow(String ruleId) {
    return new Verdict(ruleId, Outcome.ALLOW, "", Optional.empty(), List.of(), List.of());
  }

  /**
   * The event is not one the rule judges (another tool, another verb).
   *
   * @param ruleId the rule's id
   * @return a not-applicable verdict
   */
  public static Verdict notApplicable(String ruleId) {
    return new Verdict(ruleId, Outcome.NOT_APPLICABLE, "", Optional.empty(), List.of(), List.of());
  }

  /**
   * The rule applies but a fact it needs is missing or unreadable; the engine decides what that
   * turns into.
   *
   * @param ruleId the rule's id
   * @param why what could not be read or proven, non-blank
   * @return a could-not-judge verdict
   */
  public static Verdict couldNotJudge(String ruleId, String why) {
    return new Verdict(ruleId, Outcome.COULD_NOT_JUDGE, why, Optional.empty(), List.of(),
        List.of());
  }

  /**
   * A note for the agent; the step goes ahead.
   *
   * @param ruleId the rule's id
   * @param reason the note, non-blank
   * @return an advising verdict
   */
  public static Verdict advise(String ruleId, String reason) {
    return new Verdict(ruleId, Outcome.ADVISE, reason, Optional.empty(), List.of(), List.of());
  }

  /**
   * The step must not happen as asked; the remedy says what to do instead.
   *
   * @param ruleId the rule's id
   * @param reason why, non-blank
   * @param remedy the way out, a command that runs as printed
   * @return a denying verdict
   */
  public static Verdict deny(String ruleId, String reason, Remedy remedy) {
    return new Verdict(ruleId, Outcome.DENY, reason, Optional.of(remedy), List.of(), List.of());
  }

  /**
   * This verdict with another way out.
   *
   * @param remedy the new remedy
   * @return a copy carrying {@code remedy}
   */
  public Verdict withRemedy(Remedy remedy) {
    return new Verdict(ruleId, outcome, reason, Optional.of(remedy), findings, effects);
  }

  /**
   * This verdict with these findings in place of its own.
   *
   * @param findings what the rule looked at
   * @return a copy carrying {@code findings}
   */
  public Verdict withFindings(List<Finding> findings) {
    return new Verdict(ruleId, outcome, reason, remedy, findings, effects);
  }

  /**
   * This verdict with these effects in place of its own.
   *
   * @param effects what the host should do once the decision stands
   * @return a copy carrying {@code effects}
   */
  public Verdict withEffects(List<Effect> effects) {
    return new Verdict(ruleId, outcome, reason, remedy, findings, effects);
  }

  /**
   * The same verdict with another outcome; used by the engine to apply modes.
   *
   * @param outcome the new outcome
   * @return a copy with {@code outcome}
   */
  public Verdict withOutcome(Outcome outcome) {
    return new Verdict(ruleId, outcome, reason, remedy, findings, effects);
  }

  /** {@return the reason, then the remedy if any, as one text for an agent or a person} */
  public String message() {
    return remedy.map(r -> reason + "\n" + r.render()).orElse(reason);
  }
}
