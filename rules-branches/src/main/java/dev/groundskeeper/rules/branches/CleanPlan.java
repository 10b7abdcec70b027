package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code groundskeeper branch clean} may delete, decided from the inventory alone (pure; the
 * host executes it, each deletion re-checking its tip): the local branches proven finished
 * (merged into the default branch or a line, or patch-equivalent), never the default branch, a
 * line, an exempt or protected branch; those a worktree holds are kept and named; with
 * {@code remote}, every finished branch's copy on the remote, including one that exists only
 * there (the remote-delete rule proves each before anything is pushed).
 *
 * @param finished local branches to delete
 * @param held finished local branches a worktree holds (kept)
 * @param onRemote finished branches whose remote copies to delete
 */
@API(status = API.Status.EXPERIMENTAL)
public record CleanPlan(List<BranchRecord> finished, List<BranchRecord> held,
    List<BranchRecord> onRemote) {

  public CleanPlan {
    finished = List.copyOf(finished);
    held = List.copyOf(held);
    onRemote = List.copyOf(onRemote);
  }

  /** The plan for {@code inventory} under {@code config}. */
  public static CleanPlan of(BranchInventory inventory, BranchesConfig config, boolean remote) {
    String defaultBranch = inventory.defaultBranch().name();
    List<BranchRecord> finished = new ArrayList<>();
    List<BranchRecord> held = new ArrayList<>();
    List<BranchRecord> onRemote = new ArrayList<>();
    for (BranchRecord record : inventory.branches()) {
      if (!record.state().merged() || config.protects(record.name(), defaultBranch)) {
        continue;
      }
      if (remote && record.remoteTip().isPresent()) {
        onRemote.add(record);
      }
      if (record.localTip().isPresent()) {
        (record.worktree().isPresent() ? held : finished).add(record);
      }
    }
    return new CleanPlan(finished, held, onRemote);
  }

  /** True when there is nothing to delete. */
  public boolean isEmpty() {
    return finished.isEmpty() && onRemote.isEmpty();
  }
}
