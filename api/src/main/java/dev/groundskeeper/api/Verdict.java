package dev.groundskeeper.api;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One rule's conclusion about one event. Rules report what they found; the engine applies the
 * configured mode afterwards (see {@link Mode}). A {@code DENY} or {@code ADVISE} always carries a
 * non-blank reason; {@code COULD_NOT_JUDGE} says why.
 */
@API(status = API.Status.STABLE)
public record Verdict(String ruleId, Outcome outcome, String reason, Optional<Remedy> remedy,
    List<Finding> findings, List<Effect> effects) {

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

  public static Verdict allow(String ruleId) {
    return new Verdict(ruleId, Outcome.ALLOW, "", Optional.empty(), List.of(), List.of());
  }

  public static Verdict notApplicable(String ruleId) {
    return new Verdict(ruleId, Outcome.NOT_APPLICABLE, "", Optional.empty(), List.of(), List.of());
  }

  public static Verdict couldNotJudge(String ruleId, String why) {
    return new Verdict(ruleId, Outcome.COULD_NOT_JUDGE, why, Optional.empty(), List.of(),
        List.of());
  }

  public static Verdict advise(String ruleId, String reason) {
    return new Verdict(ruleId, Outcome.ADVISE, reason, Optional.empty(), List.of(), List.of());
  }

  public static Verdict deny(String ruleId, String reason, Remedy remedy) {
    return new Verdict(ruleId, Outcome.DENY, reason, Optional.of(remedy), List.of(), List.of());
  }

  public Verdict withRemedy(Remedy remedy) {
    return new Verdict(ruleId, outcome, reason, Optional.of(remedy), findings, effects);
  }

  public Verdict withFindings(List<Finding> findings) {
    return new Verdict(ruleId, outcome, reason, remedy, findings, effects);
  }

  public Verdict withEffects(List<Effect> effects) {
    return new Verdict(ruleId, outcome, reason, remedy, findings, effects);
  }

  /** The same verdict with another outcome; used by the engine to apply modes. */
  public Verdict withOutcome(Outcome outcome) {
    return new Verdict(ruleId, outcome, reason, remedy, findings, effects);
  }

  /** Reason, then the remedy if any, as one text for an agent or a person. */
  public String message() {
    return remedy.map(r -> reason + "\n" + r.render()).orElse(reason);
  }
}
