package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.util.List;

/**
 * What a worktree holds that no commit holds, as {@code git status --porcelain} reports it.
 * Paths are relative to the worktree's top level, with {@code /} separators. A path with both a
 * staged and an unstaged change is in both lists.
 *
 * @param staged paths whose index entry differs from HEAD (including conflicts)
 * @param modified paths whose working file differs from the index (including deletions)
 * @param untracked files git does not track and does not ignore
 * @param ignored files git ignores (listed apart: they are not dirt, but a removal deletes them)
 */
@API(status = API.Status.EXPERIMENTAL)
public record WorktreeStatus(
    List<String> staged, List<String> modified, List<String> untracked, List<String> ignored) {

  /**
   * Checks the components and keeps immutable copies of its collections.
   *
   * @param staged paths whose index entry differs from HEAD (including conflicts)
   * @param modified paths whose working file differs from the index (including deletions)
   * @param untracked files git does not track and does not ignore
   * @param ignored files git ignores (listed apart: they are not dirt, but a removal deletes them)
   */
  public WorktreeStatus {
    staged = List.copyOf(staged);
    modified = List.copyOf(modified);
    untracked = List.copyOf(untracked);
    ignored = List.copyOf(ignored);
  }

  /** {@return the status of a worktree with no changes} */
  public static WorktreeStatus clean() {
    return new WorktreeStatus(List.of(), List.of(), List.of(), List.of());
  }

  /**
   * {@return whether the worktree is clean in git's sense: nothing staged, modified or
   * untracked (ignored files do not count)}
   */
  public boolean isClean() {
    return staged.isEmpty() && modified.isEmpty() && untracked.isEmpty();
  }
}
