package dev.groundskeeper.api;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/** How a decision came about: each rule that ran, in order. */
@API(status = API.Status.STABLE)
public record Explanation(List<Step> steps) {

  public Explanation {
    steps = List.copyOf(steps);
  }

  /**
   * One rule's run: its mode, the outcome it reported before the mode was applied, the verdict
   * after, the facts it read (by id, in first-read order), the memo entries it asked for (in
   * order, each computed, reused or carried; see {@link Memo}) and how long it took.
   */
  public record Step(String ruleId, Mode mode, Outcome reported, Verdict verdict,
      List<String> factsRead, List<Memo.Use> memo, Duration elapsed) {

    public Step {
      Objects.requireNonNull(ruleId, "ruleId");
      Objects.requireNonNull(mode, "mode");
      Objects.requireNonNull(reported, "reported");
      Objects.requireNonNull(verdict, "verdict");
      factsRead = List.copyOf(factsRead);
      memo = List.copyOf(memo);
      Objects.requireNonNull(elapsed, "elapsed");
    }

    /** A step that asked for no memo entry (the shape before the memo existed). */
    public Step(String ruleId, Mode mode, Outcome reported, Verdict verdict,
        List<String> factsRead, Duration elapsed) {
      this(ruleId, mode, reported, verdict, factsRead, List.of(), elapsed);
    }
  }
}
