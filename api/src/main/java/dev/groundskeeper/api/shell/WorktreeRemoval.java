package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.Objects;

/**
 * {@code git worktree remove [--force|-f [-f]] <path>}. {@code forceCount} is how many times a
 * force was given (git needs two to remove a locked worktree); {@code path} is relative to
 * {@link GitCommand#directory()}.
 */
@API(status = API.Status.EXPERIMENTAL)
public record WorktreeRemoval(GitCommand git, Word path, int forceCount) {

  public WorktreeRemoval {
    Objects.requireNonNull(git, "git");
    Objects.requireNonNull(path, "path");
  }

  public boolean forced() {
    return forceCount > 0;
  }
}
