package dev.groundskeeper.api;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How a decision came about: each rule that ran, in order.
 *
 * @param steps each rule that ran, in evaluation order
 */
@API(status = API.Status.STABLE)
public record Explanation(List<Step> steps) {

  /**
   * Checks the components and keeps immutable copies of its collections.
   *
   * @param steps each rule that ran, in evaluation order
   */
  public Explanation {
    steps = List.copyOf(steps);
  }

  /**
   * One rule's run: its mode, the outcome it reported before the mode was applied, the verdict
   * after, the facts it read (by id, in first-read order), the memo entries it asked for (in
   * order, each computed, reused or carried; see {@link Memo}) and how long it took.
   *
   * @param ruleId the rule's id
   * @param mode its mode
   * @param reported the outcome it reported, before the mode
   * @param verdict the verdict after the mode
   * @param factsRead the ids of the facts it read, in first-read order
   * @param memo the memo entries it asked for, in order
   * @param elapsed how long it ran
   */
  public record Step(String ruleId, Mode mode, Outcome reported, Verdict verdict,
      List<String> factsRead, List<Memo.Use> memo, Duration elapsed) {

    /**
     * Checks the components and keeps immutable copies of its collections.
     *
     * @param ruleId the rule's id
     * @param mode its mode
     * @param reported the outcome it reported, before the mode
     * @param verdict the verdict after the mode
     * @param factsRead the ids of the facts it read, in first-read order
     * @param memo the memo entries it asked for, in order
     * @param elapsed how long it ran
     */
    public Step {
      Objects.requireNonNull(ruleId, "ruleId");
      Objects.requireNonNull(mode, "mode");
      Objects.requireNonNull(reported, "reported");
      Objects.requireNonNull(verdict, "verdict");
      factsRead = List.copyOf(factsRead);
      memo = List.copyOf(memo);
      Objects.requireNonNull(elapsed, "elapsed");
    }

    /**
     * A step that asked for no memo entry (the shape before the memo existed).
     *
     * @param ruleId the rule's id
     * @param mode its mode
     * @param reported the outcome the rule reported, before the mode
     * @param verdict the verdict after the mode
     * @param factsRead the ids of the facts it read
     * @param elapsed how long it ran
     */
    public Step(String ruleId, Mode mode, Outcome reported, Verdict verdict,
        List<String> factsRead, Duration elapsed) {
      this(ruleId, mode, reported, verdict, factsRead, List.of(), elapsed);
    }
  }
}
