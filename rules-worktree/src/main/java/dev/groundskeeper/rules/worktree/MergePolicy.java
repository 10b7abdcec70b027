package dev.groundskeeper.rules.worktree;

import dev.groundskeeper.api.API;
import java.util.Objects;
import java.util.Optional;

/**
 * The store's merged judgement, in order: the forge (a merged pull request whose recorded head is
 * the local tip), then ancestry with a commit of the branch's own, then content (every commit
 * patch-equivalent, or the whole diff squashed into one commit on the default branch). A worktree
 * on a detached HEAD is never merged: its commits may be on no branch.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class MergePolicy {

  private MergePolicy() {}

  /**
   * What the forge says about a branch; {@link #UNREACHABLE} when it could not be asked.
   *
   * @param reachable the forge answered
   * @param openPullRequest the branch has an open pull request
   * @param mergedHead the recorded head commit of the branch's merged pull request; empty when
   *     none merged
   * @param mergedNumber the number of that merged pull request, when known
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Forge(boolean reachable, boolean openPullRequest, Optional<String> mergedHead,
      Optional<Integer> mergedNumber) {

    /** The forge could not be asked, or did not answer: it says nothing either way. */
    public static final Forge UNREACHABLE =
        new Forge(false, false, Optional.empty(), Optional.empty());
    /** The forge answered and knows no pull request for the branch, open or merged. */
    public static final Forge NO_PULL_REQUEST =
        new Forge(true, false, Optional.empty(), Optional.empty());

    /**
     * Checks that an unreachable forge claims nothing.
     *
     * @param reachable the forge answered
     * @param openPullRequest the branch has an open pull request
     * @param mergedHead the recorded head commit of the merged pull request; empty when none
     * @param mergedNumber the number of that merged pull request, when known
     * @throws IllegalArgumentException if the forge is unreachable yet reports a pull request
     */
    public Forge {
      Objects.requireNonNull(mergedHead, "mergedHead");
      Objects.requireNonNull(mergedNumber, "mergedNumber");
      if (!reachable && (openPullRequest || mergedHead.isPresent())) {
        throw new IllegalArgumentException("an unreachable forge says nothing");
      }
    }
  }

  /** What the repository's own history says (the git module's judgement). */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Local {
    /** The tip is an ancestor of the default branch and holds a commit of its own. */
    ANCESTRY,
    /** Every commit of the branch has a patch-equivalent commit on the default branch. */
    PATCH_EQUIVALENT,
    /** The branch's whole diff equals one commit's on the default branch. */
    SQUASHED,
    /** None of the local judgements holds. */
    NOT_MERGED,
    /** The history could not be judged (a bound was reached, a read failed). */
    NOT_PROVEN
  }

  /**
   * Judges one branch: a pull request merged at exactly the local tip wins; otherwise the local
   * judgement decides. A pull request merged at another commit never counts, since the branch
   * has changed since.
   *
   * @param tip the branch's local tip
   * @param forge what the forge said
   * @param local what the history said
   * @param localDetail the explanation of the local judgement, shown as the status's detail
   * @return the status; merged only when the forge or the history proved it
   */
  public static MergeStatus judge(String tip, Forge forge, Local local, String localDetail) {
    if (forge.mergedHead().filter(tip::equals).isPresent()) {
      return MergeStatus.merged(MergeStatus.How.FORGE, "pull request"
          + forge.mergedNumber().map(n -> " #" + n).orElse("") + " merged at the local tip");
    }
    return switch (local) {
      case ANCESTRY -> MergeStatus.merged(MergeStatus.How.ANCESTRY, localDetail);
      case PATCH_EQUIVALENT, SQUASHED -> MergeStatus.merged(MergeStatus.How.CONTENT, localDetail);
      case NOT_MERGED -> MergeStatus.unmerged(forge.mergedHead().isPresent()
          ? "its pull request merged at another commit; it has changed since" : localDetail);
      case NOT_PROVEN -> MergeStatus.unmerged("could not be judged: " + localDetail);
    };
  }

  /** {@return the status of a worktree on a detached HEAD: always unmerged, saying why} */
  public static MergeStatus detached() {
    return MergeStatus.unmerged("detached HEAD: its commits may be on no branch");
  }
}
