package dev.groundskeeper.host.worktree;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code list} shows for one repository: a row per worktree, the directories under the store
 * named by an abbreviation of its root commit, the forge note said once when no forge answered, and
 * the notes archives a prune that stopped left half-written (home shown as {@code ~}), and the
 * worktrees such a prune left moved aside ({@code .removing-<name>-<pid>}), each said with the
 * command that puts it back.
 *
 * @param rows one row per worktree of the repository's lane
 * @param notLanes the directories under the store named by an abbreviation of its root commit
 * @param forgeNote said once when no forge answered; empty when one did, or none was asked
 * @param abandonedArchives the half-written notes archives, each with the command that puts it
 *     back
 * @param interruptedRemovals the worktrees an interrupted prune left moved aside, each with the
 *     command that puts it back
 */
@API(status = API.Status.EXPERIMENTAL)
public record Listing(List<WorktreeRow> rows, List<LaneListing> notLanes, Optional<String> forgeNote,
    List<String> abandonedArchives, List<String> interruptedRemovals) {
  /**
   * Keeps immutable copies of the lists.
   *
   * @param rows one row per worktree of the repository's lane
   * @param notLanes the abbreviated-key directories under the store
   * @param forgeNote said once when no forge answered
   * @param abandonedArchives the half-written notes archives
   * @param interruptedRemovals the worktrees an interrupted prune left moved aside
   * @throws NullPointerException if a component or an element is null
   */
  public Listing {
    interruptedRemovals = List.copyOf(interruptedRemovals);
    rows = List.copyOf(rows);
    abandonedArchives = List.copyOf(abandonedArchives);
    notLanes = List.copyOf(notLanes);
    Objects.requireNonNull(forgeNote, "forgeNote");
  }
}
