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
 */
@API(status = API.Status.EXPERIMENTAL)
public record Listing(List<WorktreeRow> rows, List<LaneListing> notLanes, Optional<String> forgeNote,
    List<String> abandonedArchives, List<String> interruptedRemovals) {
  public Listing {
    interruptedRemovals = List.copyOf(interruptedRemovals);
    rows = List.copyOf(rows);
    abandonedArchives = List.copyOf(abandonedArchives);
    notLanes = List.copyOf(notLanes);
    Objects.requireNonNull(forgeNote, "forgeNote");
  }
}
