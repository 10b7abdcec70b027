package dev.groundskeeper.git.store;

import dev.groundskeeper.api.API;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@link WorktreeStore#reclaim} did with one worktree.
 *
 * @param removed true when git removed it (or, in a dry run, when nothing stood in the way)
 * @param keptBecause why it was kept: the notes could not be archived, the proof no longer held
 *     at the moment of removal, or git refused; empty when removed
 * @param notes what became of its notes ("no notes", "3 notes archived", "1 note would be archived")
 * @param archive the archive entry written, with the home directory shown as {@code ~}
 */
@API(status = API.Status.EXPERIMENTAL)
public record Reclaim(boolean removed, Optional<String> keptBecause, String notes,
    Optional<String> archive) {
  /**
   * A worktree is either removed or kept with a reason; no component may be null.
   *
   * @param removed true when git removed it (or, in a dry run, when nothing stood in the way)
   * @param keptBecause why it was kept: the notes could not be archived, the proof no longer held
   *     at the moment of removal, or git refused; empty when removed
   * @param notes what became of its notes ("no notes", "3 notes archived", "1 note would be archived")
   * @param archive the archive entry written, with the home directory shown as {@code ~}
   */
  public Reclaim {
    Objects.requireNonNull(keptBecause, "keptBecause");
    Objects.requireNonNull(notes, "notes");
    Objects.requireNonNull(archive, "archive");
    if (removed == keptBecause.isPresent()) {
      throw new IllegalArgumentException("a worktree is either removed or kept with a reason");
    }
  }
}
