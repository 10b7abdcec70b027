package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The uncommitted work of one worktree.
 *
 * @param top the worktree's top level
 * @param tracked tracked paths whose index entry or working file differs from HEAD
 * @param untracked untracked files, listed one by one (not collapsed into directories)
 * @param ignored ignored paths as git lists them: a wholly ignored directory as one entry
 *     ending in {@code /}
 * @param stashes the stash entries, {@code stash@{0}} first
 */
@API(status = API.Status.EXPERIMENTAL)
public record WorktreeChanges(Path top, List<ChangedFile> tracked, List<ChangedFile> untracked,
    List<String> ignored, List<StashEntry> stashes) {

  /**
   * Checks the components and keeps immutable copies of its collections.
   *
   * @param top the worktree's top level
   * @param tracked tracked paths whose index entry or working file differs from HEAD
   * @param untracked untracked files, listed one by one (not collapsed into directories)
   * @param ignored ignored paths as git lists them: a wholly ignored directory as one entry
   *     ending in {@code /}
   * @param stashes the stash entries, {@code stash@{0}} first
   */
  public WorktreeChanges {
    Objects.requireNonNull(top, "top");
    tracked = List.copyOf(tracked);
    untracked = List.copyOf(untracked);
    ignored = List.copyOf(ignored);
    stashes = List.copyOf(stashes);
  }

  /** {@return true when nothing is staged, modified or untracked} */
  public boolean isClean() {
    return tracked.isEmpty() && untracked.isEmpty();
  }
}
