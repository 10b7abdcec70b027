package dev.groundskeeper.rules.worktree;

import dev.groundskeeper.api.API;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether a worktree's branch has merged into the default branch, and how that was judged, so a
 * reader can tell a forge's answer from a content comparison.
 *
 * @param merged true only when one of the judgements proved it
 * @param how how a merge was proven; empty when not merged
 * @param detail a short explanation ("pull request #12 merged at the tip", "no commit of its own")
 */
@API(status = API.Status.EXPERIMENTAL)
public record MergeStatus(boolean merged, Optional<How> how, String detail) {

  /**
   * Checks that a merged status, and only a merged one, says how it was proven.
   *
   * @param merged true only when one of the judgements proved it
   * @param how how a merge was proven; empty when not merged
   * @param detail a short explanation
   * @throws IllegalArgumentException if {@code merged} and {@code how.isPresent()} disagree
   */
  public MergeStatus {
    Objects.requireNonNull(how, "how");
    Objects.requireNonNull(detail, "detail");
    if (merged != how.isPresent()) {
      throw new IllegalArgumentException("a merged status names how it was judged, and only it");
    }
  }

  /**
   * A proven merge.
   *
   * @param how the judgement that proved it
   * @param detail a short explanation, such as {@code pull request #12 merged at the local tip}
   * @return a merged status
   */
  public static MergeStatus merged(How how, String detail) {
    return new MergeStatus(true, Optional.of(how), detail);
  }

  /**
   * No merge proven: either the branch is not merged or it could not be judged.
   *
   * @param detail why, as a person reads it
   * @return an unmerged status with no {@link #how}
   */
  public static MergeStatus unmerged(String detail) {
    return new MergeStatus(false, Optional.empty(), detail);
  }

  /** {@return the words a listing shows: {@code merged (ancestry)} or {@code unmerged}} */
  public String label() {
    return how.map(h -> "merged (" + h.word() + ")").orElse("unmerged");
  }

  /** How a merge was proven. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum How {
    /** The forge records a merged pull request whose head is the local tip. */
    FORGE,
    /** The tip is on the default branch and the branch holds a commit of its own. */
    ANCESTRY,
    /** Every commit, or the whole diff as one commit, has an equal patch on the default branch. */
    CONTENT;

    /** {@return the lower-case name shown in listings, such as {@code content}} */
    public String word() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }
}
