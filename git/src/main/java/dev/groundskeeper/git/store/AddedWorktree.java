package dev.groundskeeper.git.store;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A worktree {@code add} made.
 *
 * @param path where it is (absolute)
 * @param displayPath the same with the home directory shown as {@code ~}
 * @param branch its branch
 * @param createdBranch true when add cut a new branch, false when it checked out an existing one
 * @param startCommit the commit the branch stood at when the worktree was made (recorded in the
 *     lane)
 */
@API(status = API.Status.EXPERIMENTAL)
public record AddedWorktree(Path path, String displayPath, String branch, boolean createdBranch,
    String startCommit) {

  /**
   * None of the components may be null.
   *
   * @param path where it is (absolute)
   * @param displayPath the same with the home directory shown as {@code ~}
   * @param branch its branch
   * @param createdBranch true when add cut a new branch, false when it checked out an existing one
   * @param startCommit the commit the branch stood at when the worktree was made (recorded in the
   *     lane)
   */
  public AddedWorktree {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(displayPath, "displayPath");
    Objects.requireNonNull(branch, "branch");
    Objects.requireNonNull(startCommit, "startCommit");
  }
}
