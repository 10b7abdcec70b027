package dev.groundskeeper.host.worktree;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.Optional;

/**
 * What one prune run did (or in a dry run would do).
 *
 * @param dryRun true when nothing was archived or removed
 * @param rows one row per worktree of the repository, the main checkout excepted
 * @param forgeNote said once when no forge could be asked and the history alone judged
 * @param abandonedArchives what became of the notes archives a prune that stopped left
 *     half-written (deleted, or in a dry run would be)
 */
@API(status = API.Status.EXPERIMENTAL)
public record PruneReport(boolean dryRun, List<PruneRow> rows, Optional<String> forgeNote,
    List<String> abandonedArchives) {

  /** Exit code when at least one worktree was (or would be) reclaimed. */
  public static final int RECLAIMED = 0;
  /** Exit code when the run completed and reclaimed nothing. */
  public static final int NOTHING_RECLAIMED = 1;

  /**
   * Keeps immutable copies of the lists.
   *
   * @param dryRun true when nothing was archived or removed
   * @param rows one row per worktree of the repository, the main checkout excepted
   * @param forgeNote said once when no forge could be asked; empty otherwise
   * @param abandonedArchives what became of half-written notes archives
   * @throws NullPointerException if a list or an element is null
   */
  public PruneReport {
    rows = List.copyOf(rows);
    abandonedArchives = List.copyOf(abandonedArchives);
  }

  /** {@return true when at least one worktree was reclaimed, or in a dry run would be} */
  public boolean reclaimedAny() {
    return rows.stream().anyMatch(row -> row.outcome() == PruneRow.Outcome.RECLAIMED
        || row.outcome() == PruneRow.Outcome.WOULD_RECLAIM);
  }

  /**
   * {@return the exit code of {@code worktree prune}: {@link #RECLAIMED} or
   * {@link #NOTHING_RECLAIMED}}
   */
  public int exitCode() {
    return reclaimedAny() ? RECLAIMED : NOTHING_RECLAIMED;
  }
}
