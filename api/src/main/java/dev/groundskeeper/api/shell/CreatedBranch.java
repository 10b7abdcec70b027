package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.Objects;
import java.util.Optional;

/**
 * A branch a git command creates. {@code force} is set for the resetting forms ({@code -C},
 * {@code -B}, {@code branch -f}), which may replace an existing branch. {@code dwim} marks the
 * bare {@code worktree add <path>}: git names the branch after the path's last segment, and
 * creates it only when no branch of that name exists (then it checks that branch out), so a rule
 * must check the inventory; {@code name} then carries the path word's source and offsets.
 * {@code worktreePath} is the new worktree's path for the worktree routes.
 *
 * @param git the git command
 * @param name the branch name (for {@code dwim}, the path word)
 * @param route the way git creates it
 * @param startPoint where it starts, when written
 * @param force whether a resetting form may replace an existing branch
 * @param dwim whether git names it after a bare worktree path
 * @param worktreePath the new worktree's path, for the worktree routes
 */
@API(status = API.Status.EXPERIMENTAL)
public record CreatedBranch(GitCommand git, Word name, Route route, Optional<Word> startPoint,
    boolean force, boolean dwim, Optional<Word> worktreePath) {

  /**
   * Checks the components.
   *
   * @param git the git command
   * @param name the branch name (for {@code dwim}, the path word)
   * @param route the way git creates it
   * @param startPoint where it starts, when written
   * @param force whether a resetting form may replace an existing branch
   * @param dwim whether git names it after a bare worktree path
   * @param worktreePath the new worktree's path, for the worktree routes
   */
  public CreatedBranch {
    Objects.requireNonNull(git, "git");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(route, "route");
    Objects.requireNonNull(startPoint, "startPoint");
    Objects.requireNonNull(worktreePath, "worktreePath");
  }

  /** How the branch is created. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Route {
    /** {@code git switch -c|-C|--create|--force-create <name> [start]} */
    SWITCH,
    /** {@code git switch --orphan <name>} */
    SWITCH_ORPHAN,
    /** {@code git checkout -b|-B <name> [start]} */
    CHECKOUT,
    /** {@code git checkout --orphan <name>} */
    CHECKOUT_ORPHAN,
    /** {@code git branch <name> [start]}, only in its create form */
    BRANCH,
    /** {@code git branch -c|-C [old] <name>} (a copy is a new branch too) */
    BRANCH_COPY,
    /** {@code git worktree add -b|-B <name> <path> [start]} */
    WORKTREE_ADD,
    /** {@code git worktree add <path>}: the branch is named after the path */
    WORKTREE_ADD_DWIM
  }
}
