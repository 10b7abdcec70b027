package dev.groundskeeper.api;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the engine answers for one event: the combined outcome ({@link Outcome#DENY} if any rule
 * denies, else {@link Outcome#ADVISE} if any advises or could not judge, else
 * {@link Outcome#ALLOW}), every verdict in rule order with modes applied, and an explanation when
 * one was asked for.
 *
 * @param outcome the combined outcome: allow, advise or deny
 * @param verdicts every rule's verdict, in rule order, modes applied
 * @param explanation how the decision was reached, when asked for
 */
@API(status = API.Status.STABLE)
public record Decision(Outcome outcome, List<Verdict> verdicts, Optional<Explanation> explanation) {

  /** The id prefix of the engine's own notes, which a denial keeps. */
  public static final String ENGINE_PREFIX = "engine.";

  /**
   * Checks the decision and copies the verdicts.
   *
   * @param outcome the combined outcome: allow, advise or deny
   * @param verdicts every rule's verdict, in rule order, modes applied
   * @param explanation how the decision was reached, when asked for
   * @throws IllegalArgumentException for an outcome other than allow, advise or deny
   */
  public Decision {
    Objects.requireNonNull(outcome, "outcome");
    verdicts = List.copyOf(verdicts);
    Objects.requireNonNull(explanation, "explanation");
    if (outcome != Outcome.ALLOW && outcome != Outcome.ADVISE && outcome != Outcome.DENY) {
      throw new IllegalArgumentException("a decision is allow, advise or deny, not " + outcome);
    }
  }

  /**
   * Combines verdicts whose modes are already applied.
   *
   * @param verdicts the verdicts, in rule order
   * @param explanation how they were reached, when asked for
   * @return the decision with the combined outcome
   */
  public static Decision of(List<Verdict> verdicts, Optional<Explanation> explanation) {
    Outcome combined = Outcome.ALLOW;
    for (Verdict verdict : verdicts) {
      switch (verdict.outcome()) {
        case DENY -> combined = Outcome.DENY;
        case ADVISE, COULD_NOT_JUDGE -> {
          if (combined != Outcome.DENY) {
            combined = Outcome.ADVISE;
          }
        }
        default -> { }
      }
    }
    return new Decision(combined, verdicts, explanation);
  }

  /**
   * Whether the step must not happen.
   *
   * @return true for a denial
   */
  public boolean denied() {
    return outcome == Outcome.DENY;
  }

  /**
   * The verdicts with one outcome.
   *
   * @param wanted the outcome
   * @return those verdicts, in rule order
   */
  public List<Verdict> withOutcome(Outcome wanted) {
    return verdicts.stream().filter(v -> v.outcome() == wanted).toList();
  }

  /**
   * Every effect the verdicts ask for, in rule order.
   *
   * @return the effects
   */
  public List<Effect> effects() {
    return verdicts.stream().flatMap(v -> v.effects().stream()).toList();
  }

  /** The most lines {@link #message()} has. */
  public static final int MESSAGE_MAX_LINES = TextBudget.MAX_LINES;
  /** The most bytes (UTF-8) {@link #message()} has. */
  public static final int MESSAGE_MAX_BYTES = TextBudget.MAX_BYTES;

  /**
   * The text for the agent: denials when denied, else advice and could-not-judge notes; each
   * verdict's message prefixed with its rule id. Empty when there is nothing to say. A denial
   * keeps the engine's own notes (ids under {@code engine.}, such as a configuration that could
   * not be used): they say what the judgement rested on.
   *
   * <p>It is the one place an answer's size is bounded: at most {@link #MESSAGE_MAX_LINES} lines
   * and {@link #MESSAGE_MAX_BYTES} bytes, lines of at most 1,000 characters, a paragraph several
   * verdicts share said once; what does not fit is counted in a closing line that names the
   * command printing everything. Every runner's answer is rendered from it.
   *
   * @return the message, or an empty string
   */
  public String message() {
    List<Verdict> shown = denied()
        ? verdicts.stream().filter(v -> v.outcome() == Outcome.DENY
            || v.outcome() == Outcome.COULD_NOT_JUDGE && v.ruleId().startsWith(ENGINE_PREFIX))
            .toList()
        : verdicts.stream().filter(v -> v.outcome() == Outcome.ADVISE
            || v.outcome() == Outcome.COULD_NOT_JUDGE).toList();
    return TextBudget.join(shown.stream()
        .map(v -> "[" + v.ruleId() + "] "
            + (v.outcome() == Outcome.COULD_NOT_JUDGE ? "could not judge: " : "") + v.message())
        .toList());
  }
}
