package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * One worktree of a repository as git lists it.
 *
 * @param path the worktree's directory as git records it
 * @param head the commit its HEAD resolves to; empty on an unborn branch or a bare entry
 * @param branch the short name of the branch it has checked out; empty when detached or bare
 * @param main true for the main worktree (the first git lists)
 * @param bare true for a bare repository's entry
 * @param locked present when locked, holding git's reason (empty text when none was given)
 * @param prunable present when git would prune it, holding git's reason
 */
@API(status = API.Status.EXPERIMENTAL)
public record Worktree(
    Path path,
    Optional<String> head,
    Optional<String> branch,
    boolean main,
    boolean bare,
    Optional<String> locked,
    Optional<String> prunable) {

  /**
   * Checks the components.
   *
   * @param path the worktree's directory as git records it
   * @param head the commit its HEAD resolves to; empty on an unborn branch or a bare entry
   * @param branch the short name of the branch it has checked out; empty when detached or bare
   * @param main true for the main worktree (the first git lists)
   * @param bare true for a bare repository's entry
   * @param locked present when locked, holding git's reason (empty text when none was given)
   * @param prunable present when git would prune it, holding git's reason
   */
  public Worktree {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(head, "head");
    Objects.requireNonNull(branch, "branch");
    Objects.requireNonNull(locked, "locked");
    Objects.requireNonNull(prunable, "prunable");
    head.ifPresent(CommitIds::requireValid);
  }

  /** {@return whether it is detached: a commit checked out but no branch} */
  public boolean detached() {
    return !bare && branch.isEmpty() && head.isPresent();
  }

  /** {@return whether the worktree is locked} */
  public boolean isLocked() {
    return locked.isPresent();
  }

  /** {@return whether git would prune it} */
  public boolean isPrunable() {
    return prunable.isPresent();
  }
}
