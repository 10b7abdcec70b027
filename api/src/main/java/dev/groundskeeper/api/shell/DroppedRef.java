package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.Objects;
import java.util.Optional;

/**
 * A ref a git command deletes or points elsewhere without checking that its old commit stays
 * reachable, by a route {@link DeletedBranch} and {@link CreatedBranch} do not name: a rename over
 * an existing branch, {@code update-ref} with a new value, a tag deleted or forced, a push to the
 * repository itself ({@code git push . :feat}), a forced fetch refspec into a local branch. The
 * old commit is lost when no other ref holds it.
 *
 * <p>{@code ref} is the full ref name as git resolves it ({@code refs/heads/feat},
 * {@code refs/tags/keep}; {@code HEAD} for {@code update-ref HEAD …}, which moves the branch HEAD
 * is on), with the source and offsets of the word that names it. {@code target} is where a move
 * points the ref, as written; empty for a deletion, and for a move to HEAD
 * ({@code git branch -M feat}, {@code git tag -f t}).
 *
 * @param git the git command
 * @param ref the full ref name
 * @param target where a move points it, as written; empty for a deletion or a move to HEAD
 * @param route how the ref is dropped
 */
@API(status = API.Status.EXPERIMENTAL)
public record DroppedRef(GitCommand git, Word ref, Optional<Word> target, Route route) {

  /**
   * Checks the components.
   *
   * @param git the git command
   * @param ref the full ref name
   * @param target where a move points it, as written; empty for a deletion or a move to HEAD
   * @param route how the ref is dropped
   */
  public DroppedRef {
    Objects.requireNonNull(git, "git");
    Objects.requireNonNull(ref, "ref");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(route, "route");
  }

  /** {@return true when the ref is deleted rather than moved} */
  public boolean deletes() {
    return route.deletes;
  }

  /** {@return true for a move whose destination is HEAD (no target given)} */
  public boolean toHead() {
    return !route.deletes && target.isEmpty();
  }

  /** How the ref is dropped. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Route {
    /** {@code git branch -M|-m -f [old] <new>}: {@code new} is replaced when it exists */
    BRANCH_RENAME(false),
    /** {@code git update-ref <ref> <new>} */
    UPDATE_REF_MOVE(false),
    /** {@code git update-ref -d refs/tags/<t>} */
    UPDATE_REF_DELETE(true),
    /** {@code git tag -d <t>…} */
    TAG_DELETE(true),
    /** {@code git tag -f <t> [commit]} */
    TAG_MOVE(false),
    /** {@code git push . :<b>}: the repository as its own remote deletes its branch */
    PUSH_SELF_DELETE(true),
    /** {@code git push . +<src>:<b>} or {@code push -f . <src>:<b>} */
    PUSH_SELF_MOVE(false),
    /** {@code git fetch <remote> +<src>:<b>} or {@code fetch -f}: a forced update of a local ref */
    FETCH_MOVE(false);

    private final boolean deletes;

    Route(boolean deletes) {
      this.deletes = deletes;
    }
  }
}
