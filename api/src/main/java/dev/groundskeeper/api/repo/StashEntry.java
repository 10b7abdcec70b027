package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.util.Objects;

/**
 * One entry of {@code git stash list}.
 *
 * @param index its number, as in {@code stash@{index}}
 * @param commit the stash commit's id
 * @param message its message
 * @param inWorktree every change it records is in the worktree as it is now (it was applied and
 *     not changed since), so dropping it loses nothing
 */
@API(status = API.Status.EXPERIMENTAL)
public record StashEntry(int index, String commit, String message, boolean inWorktree) {

  /**
   * Checks the components.
   *
   * @param index its number, as in {@code stash@{index}}
   * @param commit the stash commit's id
   * @param message its message
   * @param inWorktree every change it records is in the worktree as it is now (it was applied and
   *     not changed since), so dropping it loses nothing
   * @throws IllegalArgumentException when they do not fit together
   */
  public StashEntry {
    Objects.requireNonNull(commit, "commit");
    Objects.requireNonNull(message, "message");
    if (index < 0) {
      throw new IllegalArgumentException("a stash index is not negative: " + index);
    }
  }

  /** {@return {@code stash@{index}}} */
  public String name() {
    return "stash@{" + index + "}";
  }
}
