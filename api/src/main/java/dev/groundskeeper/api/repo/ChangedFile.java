package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.util.Objects;
import java.util.Optional;

/**
 * One path with uncommitted content.
 *
 * @param path relative to the worktree's top level, {@code /} separators
 * @param staged its index entry differs from HEAD (always false for an untracked file)
 * @param unstaged its working file differs from the index (or it is untracked)
 * @param added lines added against HEAD (an untracked file: its lines); -1 when binary or too large to count
 * @param removed lines removed against HEAD; -1 when binary or too large to count
 * @param heldBy what else holds this exact content (a stash entry such as {@code stash@{1}}, a
 *     snapshot ref), when something does
 */
@API(status = API.Status.EXPERIMENTAL)
public record ChangedFile(String path, boolean staged, boolean unstaged, int added, int removed,
    Optional<String> heldBy) {

  /**
   * Checks the components.
   *
   * @param path relative to the worktree's top level, {@code /} separators
   * @param staged its index entry differs from HEAD (always false for an untracked file)
   * @param unstaged its working file differs from the index (or it is untracked)
   * @param added lines added against HEAD (an untracked file: its lines); -1 when binary or too large to count
   * @param removed lines removed against HEAD; -1 when binary or too large to count
   * @param heldBy what else holds this exact content (a stash entry such as {@code stash@{1}}, a
   *     snapshot ref), when something does
   * @throws IllegalArgumentException when they do not fit together
   */
  public ChangedFile {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(heldBy, "heldBy");
    if (path.isEmpty()) {
      throw new IllegalArgumentException("a changed file has a path");
    }
  }

  /** {@return {@code +12 -3}, or {@code lines not counted} (binary or large files)} */
  public String lineCounts() {
    return added < 0 || removed < 0 ? "lines not counted" : "+" + added + " -" + removed;
  }
}
