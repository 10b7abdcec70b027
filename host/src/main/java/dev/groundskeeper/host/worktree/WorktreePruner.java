package dev.groundskeeper.host.worktree;

import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.repo.Regenerable;
import dev.groundskeeper.api.repo.WorktreeStatus;
import dev.groundskeeper.git.store.BranchHistory;
import dev.groundskeeper.git.store.Inspection;
import dev.groundskeeper.git.store.LaneInspection;
import dev.groundskeeper.git.store.Reclaim;
import dev.groundskeeper.git.store.StoreLocation;
import dev.groundskeeper.git.store.StoreRefusal;
import dev.groundskeeper.git.store.WorktreeStore;
import dev.groundskeeper.rules.worktree.MergeStatus;
import dev.groundskeeper.rules.worktree.PruneCandidate;
import dev.groundskeeper.rules.worktree.PruneDecision;
import dev.groundskeeper.rules.worktree.PruneJudge;
import dev.groundskeeper.rules.worktree.Recommendation;
import dev.groundskeeper.rules.worktree.RemovalRefusal;
import dev.groundskeeper.rules.worktree.WorktreesConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * One prune run: the store reads the lane, the worktree rules decide each worktree (proof of
 * belonging, merged policy, prune judge), and the store reclaims the ones decided: notes archive,
 * then {@code git worktree remove} without force after re-reading its evidence. It never deletes
 * a branch and never runs {@code git worktree prune}. A dry run computes the same rows and writes
 * nothing.
 */
final class WorktreePruner {

  private static final int SHOWN_PATHS = 5;

  private final WorktreeStore store;
  private final StoreLocation location;
  private final WorktreesConfig config;
  private final Regenerable regenerable;
  private final Clock clock;
  private final NotesFolder notes;

  /**
   * @param regenerable the removal-loss settings in force, the same the force-removal guard
   *     reads
   */
  WorktreePruner(WorktreeStore store, WorktreesConfig config, Regenerable regenerable,
      Clock clock) {
    this.store = store;
    this.location = store.location();
    this.config = config;
    this.regenerable = regenerable;
    this.clock = clock;
    this.notes = new NotesFolder(store, config.notesDir());
  }

  PruneReport run(Path directory, boolean dryRun, Set<String> named) {
    LaneInspection lane = store.inspect(directory);
    for (String name : named) {
      boolean inLane = lane.worktrees().stream()
          .anyMatch(i -> i.inStore() && i.name().equals(name));
      if (!inLane) {
        throw new StoreRefusal("--yes " + SafeText.escape(name) + " names no worktree in this"
            + " repository's lane", "see the lane with groundskeeper worktree list");
      }
    }
    Instant now = clock.instant();
    PruneJudge judge = new PruneJudge(config.quietDays());
    Optional<Path> cwd = realPath(directory);
    List<PruneRow> rows = new ArrayList<>();
    for (Inspection inspection : lane.worktrees()) {
      Optional<String> failure = StoreJudgements.proofFailure(inspection);
      MergeStatus merged = StoreJudgements.stateRead(inspection)
          ? StoreJudgements.merged(inspection, lane.forge()) : MergeStatus.unmerged("not judged");
      boolean belongs = inspection.inStore() && failure.isEmpty();
      Optional<Instant> lastActivity = belongs && !inspection.detached() && !merged.merged()
          ? store.lastActivity(inspection) : Optional.empty();
      boolean openPullRequest = inspection.branch()
          .map(branch -> StoreJudgements.forge(lane.forge(), branch).openPullRequest())
          .orElse(false);
      PruneCandidate candidate = new PruneCandidate(inspection.name(), inspection.inStore(),
          failure, inspection.lockReason(), ownWorkingDirectory(cwd, inspection.path()),
          dirt(inspection), inspection.detached(), merged, lastActivity, openPullRequest,
          named.contains(inspection.name()));
      PruneDecision decision = judge.decide(candidate, now);
      rows.add(switch (decision.action()) {
        case KEEP -> row(inspection, PruneRow.Outcome.KEPT, decision.reason(), Optional.empty(),
            Optional.empty());
        case QUIET -> row(inspection, PruneRow.Outcome.QUIET, decision.reason(), Optional.empty(),
            Optional.of(dossier(lane, inspection, lastActivity.orElse(now))));
        case RECLAIM -> reclaim(lane, inspection, decision, dryRun, now);
      });
    }
    // Half-written archives a killed prune left are copies of notes still in their worktrees
    List<String> abandoned = dryRun
        ? store.abandonedArchives(lane.rootCommit()).stream().map(path ->
            "would delete the half-written notes archive " + location.display(path)).toList()
        : store.deleteAbandonedArchives(lane.rootCommit());
    return new PruneReport(dryRun, rows, StoreJudgements.forgeNote(lane.forge()),
        abandoned.stream().map(SafeText::escape).toList());
  }

  private static boolean ownWorkingDirectory(Optional<Path> cwd, Path worktree) {
    Optional<Path> real = realPath(worktree);
    return cwd.isPresent() && (cwd.get().startsWith(worktree)
        || real.filter(r -> cwd.get().startsWith(r)).isPresent());
  }

  private PruneRow reclaim(LaneInspection lane, Inspection inspection, PruneDecision decision,
      boolean dryRun, Instant now) {
    Reclaim reclaim = store.reclaim(lane, inspection, dryRun, now);
    if (reclaim.keptBecause().isPresent()) {
      return row(inspection, PruneRow.Outcome.KEPT, reclaim.keptBecause().get(),
          reclaim.archive(), Optional.empty());
    }
    return row(inspection, dryRun ? PruneRow.Outcome.WOULD_RECLAIM : PruneRow.Outcome.RECLAIMED,
        decision.reason() + "; " + reclaim.notes(), reclaim.archive(), Optional.empty());
  }

  private PruneRow row(Inspection inspection, PruneRow.Outcome outcome, String reason,
      Optional<String> archive, Optional<Dossier> dossier) {
    return new PruneRow(SafeText.escape(inspection.name()),
        inspection.branch().map(SafeText::escape),
        SafeText.escape(location.display(inspection.path())), outcome, SafeText.escape(reason),
        archive.map(SafeText::escape), dossier);
  }

  /**
   * Uncommitted work (or a status that could not be read), or else ignored files that
   * {@code git worktree remove} would delete without asking and that cannot be rebuilt (outside
   * the notes folder, which is archived): the removal-loss judgement the hook's force-removal
   * guard reads too, with the same settings, so prune never deletes what the hook refuses to.
   */
  private Optional<String> dirt(Inspection inspection) {
    Optional<WorktreeStatus> outsideNotes = inspection.status().map(status ->
        new WorktreeStatus(status.staged(), status.modified(), outsideNotes(inspection,
            status.untracked()), ignoredOutsideNotes(inspection).orElse(List.of())));
    return RemovalRefusal.of(outsideNotes, inspection.statusProblem(), regenerable);
  }

  /** The ignored paths that the regenerable settings do not cover: a removal would lose them. */
  private List<String> unrebuildable(Optional<List<String>> ignored) {
    return RemovalRefusal.unrebuildable(ignored.orElse(List.of()), regenerable);
  }

  /**
   * The ignored paths a removal would delete besides the notes folder. Git reports a wholly
   * ignored directory as one line; when that directory holds the notes folder (an ignored
   * {@code .groundskeeper/}, say) its other entries are read one by one, since only the notes are
   * archived.
   */
  private Optional<List<String>> ignoredOutsideNotes(Inspection inspection) {
    return inspection.status().map(s -> outsideNotes(inspection, s.ignored()).stream()
        .map(SafeText::escape).toList());
  }

  /** {@code paths} without the notes folder: the judgement the stop guard reads too. */
  private List<String> outsideNotes(Inspection inspection, List<String> paths) {
    return notes.outside(inspection.path(), paths);
  }

  private Dossier dossier(LaneInspection lane, Inspection inspection, Instant lastActivity) {
    WorktreeStatus status = inspection.status().orElse(WorktreeStatus.clean());
    List<String> changed = Stream.concat(status.staged().stream(), status.modified().stream())
        .distinct().toList();
    List<String> untracked = outsideNotes(inspection, status.untracked());
    List<String> dirty = Stream.concat(changed.stream(), untracked.stream())
        .limit(SHOWN_PATHS).map(SafeText::escape).toList();
    Optional<List<String>> ignored = ignoredOutsideNotes(inspection);
    BranchHistory history = store.history(lane, inspection);
    Optional<List<String>> subjects = history.subjects()
        .map(list -> list.stream().map(SafeText::escape).toList());
    String summary = history.diffSummary()
        .map(text -> text.isEmpty() ? "no change from the merge base" : SafeText.escape(text))
        .orElse("the diff could not be read");
    String recommendation = Recommendation.of(inspection.name(),
        !changed.isEmpty() || !untracked.isEmpty(),
        subjects.map(List::size), ignored, unrebuildable(ignored));
    return new Dossier(changed.size(), untracked.size(), dirty, ignored, subjects,
        summary, lastActivity, recommendation);
  }

  private static Optional<Path> realPath(Path path) {
    try {
      return Optional.of(path.toRealPath());
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
