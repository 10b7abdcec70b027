package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether a branch is merged into a target, and how that was judged.
 *
 * @param target the full ref judged against ({@code refs/remotes/origin/main})
 * @param result merged, not merged, or not proven (a scan bound was reached)
 * @param method how a {@code MERGED} result was proven; empty otherwise
 * @param detail a short reason, for explanations ("scan bound of 1000000 commits reached")
 */
@API(status = API.Status.EXPERIMENTAL)
public record MergeJudgement(String target, Result result, Optional<Method> method, String detail) {

  /**
   * Checks the judgement.
   *
   * @param target the full ref judged against ({@code refs/remotes/origin/main})
   * @param result merged, not merged, or not proven (a scan bound was reached)
   * @param method how a {@code MERGED} result was proven; empty otherwise
   * @param detail a short reason, for explanations ("scan bound of 1000000 commits reached")
   * @throws IllegalArgumentException when a merged judgement names no method, or another one
   *     names one
   */
  public MergeJudgement {
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(result, "result");
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(detail, "detail");
    if ((result == Result.MERGED) != method.isPresent()) {
      throw new IllegalArgumentException("a merged judgement names its method, and only it does");
    }
  }

  /**
   * The branch is merged, proven by {@code method}.
   *
   * @param target the full ref judged against
   * @param method how it was proven
   * @param detail a short reason
   * @return the judgement
   */
  public static MergeJudgement merged(String target, Method method, String detail) {
    return new MergeJudgement(target, Result.MERGED, Optional.of(method), detail);
  }

  /**
   * The branch holds work the target does not.
   *
   * @param target the full ref judged against
   * @param detail a short reason
   * @return the judgement
   */
  public static MergeJudgement notMerged(String target, String detail) {
    return new MergeJudgement(target, Result.NOT_MERGED, Optional.empty(), detail);
  }

  /**
   * Neither could be shown (a scan bound was reached, or a ref could not be read).
   *
   * @param target the full ref judged against
   * @param detail why not
   * @return the judgement
   */
  public static MergeJudgement notProven(String target, String detail) {
    return new MergeJudgement(target, Result.NOT_PROVEN, Optional.empty(), detail);
  }

  /**
   * Whether the branch was proven merged.
   *
   * @return true for {@link Result#MERGED}
   */
  public boolean merged() {
    return result == Result.MERGED;
  }

  /** What the judgement found. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Result {
    /** Proven merged. */
    MERGED,
    /** Proven not merged. */
    NOT_MERGED,
    /** Not proven either way; never read as merged. */
    NOT_PROVEN
  }

  /** How a merge was proven. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Method {
    /** The tip is an ancestor of the target. */
    ANCESTRY,
    /** Every commit of the branch has a patch-id-equal commit on the target (a rebase merge). */
    PATCH_EQUIVALENCE,
    /** The branch's whole diff from its merge base equals one commit's on the target. */
    SQUASH
  }
}
