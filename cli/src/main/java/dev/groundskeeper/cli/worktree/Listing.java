package dev.groundskeeper.cli.worktree;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code list} shows for one repository: a row per worktree, the directories under the store
 * named by an abbreviation of its root commit, and the forge note said once when no forge answered.
 */
record Listing(List<WorktreeRow> rows, List<LaneListing> notLanes, Optional<String> forgeNote) {
  Listing {
    rows = List.copyOf(rows);
    notLanes = List.copyOf(notLanes);
    Objects.requireNonNull(forgeNote, "forgeNote");
  }
}
