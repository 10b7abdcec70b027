package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.Objects;

/**
 * {@code git worktree remove [--force|-f [-f]] <path>}. {@code forceCount} is how many times a
 * force was given (git needs two to remove a locked worktree); {@code path} is relative to
 * {@link GitCommand#directory()}.
 *
 * @param git the git command
 * @param path the worktree path as written
 * @param forceCount how many times a force was given
 */
@API(status = API.Status.EXPERIMENTAL)
public record WorktreeRemoval(GitCommand git, Word path, int forceCount) {

  /**
   * Checks the components.
   *
   * @param git the git command
   * @param path the worktree path as written
   * @param forceCount how many times a force was given
   */
  public WorktreeRemoval {
    Objects.requireNonNull(git, "git");
    Objects.requireNonNull(path, "path");
  }

  /** {@return whether {@code -f} was given at least once} */
  public boolean forced() {
    return forceCount > 0;
  }
}
