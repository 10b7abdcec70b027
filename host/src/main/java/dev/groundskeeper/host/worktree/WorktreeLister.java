package dev.groundskeeper.host.worktree;

import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.git.store.LaneInspection;
import dev.groundskeeper.git.store.StoreEntry;
import dev.groundskeeper.git.store.StoreLocation;
import dev.groundskeeper.git.store.WorktreeStore;
import dev.groundskeeper.rules.worktree.LaneKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code list} and {@code list --all}: what the store reads, judged and made into rows. A lane is
 * a directory named by a full root commit; anything else under the store is not a lane and is
 * never managed.
 */
final class WorktreeLister {

  private final WorktreeStore store;
  private final StoreLocation location;

  WorktreeLister(WorktreeStore store) {
    this.store = store;
    this.location = store.location();
  }

  /**
   * Every worktree git reports for the repository holding {@code directory} (the main checkout
   * excepted) and every directory of its lane; plus directories under the store named by an
   * abbreviation of its root commit.
   */
  Listing list(Path directory) {
    LaneInspection lane = store.inspect(directory);
    List<WorktreeRow> rows = lane.worktrees().stream()
        .map(inspection -> StoreJudgements.row(inspection, lane.forge(), location)).toList();
    List<LaneListing> abbreviated = store.entries().stream()
        .filter(entry -> LaneKeys.abbreviates(entry.name(), lane.rootCommit()))
        .map(entry -> notALane(entry, Optional.of(lane.rootCommit()))).toList();
    List<String> abandoned = store.abandonedArchives(lane.rootCommit()).stream()
        .map(path -> SafeText.escape(location.display(path))).toList();
    List<String> interrupted = store.interruptedRemovals(lane.rootCommit()).stream()
        .map(left -> SafeText.escape(left.shown() + " is worktree " + left.name() + ", which a"
            + " prune that stopped had moved aside to remove (some of its files, all clean and"
            + " merged when judged, may be gone); put it back for prune to judge again: "
            + left.putBack())).toList();
    return new Listing(rows, abbreviated, StoreJudgements.forgeNote(lane.forge()), abandoned,
        interrupted);
  }

  /**
   * Every directory under the store's {@code worktrees/}: lanes with their worktrees (judged from
   * each lane's own checkout, found through its worktrees' {@code .git} files) and the repository
   * each belongs to, and what is not a lane. {@code directory} may be outside any repository.
   */
  List<LaneListing> listAll(Path directory) {
    Optional<String> currentRoot = store.rootCommitOf(directory);
    List<LaneListing> lanes = new ArrayList<>();
    for (StoreEntry entry : store.entries()) {
      String shown = SafeText.escape(location.display(entry.path()));
      if (!entry.directory()) {
        lanes.add(new LaneListing(SafeText.escape(entry.name()), shown, false, Optional.empty(),
            Optional.of(Files.isSymbolicLink(entry.path())
                ? "not a lane: a symbolic link, which the store never follows"
                : "not a lane: not a directory"), List.of()));
      } else if (LaneKeys.isLaneKey(entry.name())) {
        LaneInspection lane = store.inspectLane(entry.name());
        List<WorktreeRow> rows = lane.worktrees().stream()
            .map(inspection -> StoreJudgements.row(inspection, lane.forge(), location)).toList();
        Optional<String> repository = lane.repository().map(path -> SafeText.escape(
            location.display(path)) + (lane.repositoryReachable() ? "" : " (not found)"));
        lanes.add(new LaneListing(entry.name(), shown, true, repository, Optional.empty(), rows));
      } else {
        lanes.add(notALane(entry, currentRoot));
      }
    }
    return List.copyOf(lanes);
  }

  private LaneListing notALane(StoreEntry entry, Optional<String> currentRoot) {
    String note = currentRoot.filter(root -> LaneKeys.abbreviates(entry.name(), root))
        .map(root -> "not a lane: an abbreviation of this repository's root commit, whose lane"
            + " is " + location.display(location.lane(root)))
        .orElse("not a lane: its name is not a full root commit");
    return new LaneListing(SafeText.escape(entry.name()),
        SafeText.escape(location.display(entry.path())), false, Optional.empty(),
        Optional.of(note + "; the store never manages it, retire its worktrees by hand with"
            + " git worktree remove"), List.of());
  }
}
