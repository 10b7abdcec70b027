package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * What {@code groundskeeper branch clean} may delete, decided from the inventory alone (pure; the
 * host executes it, each deletion re-checking its tip): the local branches proven finished
 * (merged into the default branch or a line, or patch-equivalent), never the default branch, a
 * line, an exempt or protected branch; those a worktree holds are kept and named; with
 * {@code remote}, every finished branch's copy on the remote, including one that exists only
 * there (the remote-delete rule proves each before anything is pushed). Under
 * {@code branches.scope: own} a remote copy is deleted only when the branch is this clone's
 * ({@link dev.groundskeeper.api.repo.BranchOwnership}): a colleague's merged branch on the
 * shared remote is theirs to delete, and is listed apart.
 *
 * @param finished local branches to delete
 * @param held finished local branches a worktree holds (kept)
 * @param onRemote finished branches whose remote copies to delete
 * @param othersOnRemote finished branches of other people on the remote, left alone
 */
@API(status = API.Status.EXPERIMENTAL)
public record CleanPlan(List<BranchRecord> finished, List<BranchRecord> held,
    List<BranchRecord> onRemote, List<BranchRecord> othersOnRemote) {

  /**
   * Keeps immutable copies of the lists.
   *
   * @param finished local branches to delete
   * @param held finished local branches a worktree holds (kept)
   * @param onRemote finished branches whose remote copies to delete
   * @param othersOnRemote finished branches of other people on the remote, left alone
   * @throws NullPointerException if a list or an element is null
   */
  public CleanPlan {
    finished = List.copyOf(finished);
    held = List.copyOf(held);
    onRemote = List.copyOf(onRemote);
    othersOnRemote = List.copyOf(othersOnRemote);
  }

  /**
   * The plan for {@code inventory} under {@code config}, every branch counted as this clone's.
   *
   * @param inventory the repository's branches and their states
   * @param config the {@code branches:} block in force
   * @param remote whether finished branches' remote copies are planned too
   * @return the plan; {@link #isEmpty} when nothing is finished
   */
  public static CleanPlan of(BranchInventory inventory, BranchesConfig config, boolean remote) {
    return plan(inventory, config, remote, name -> true);
  }

  /**
   * The plan for {@code inventory} under {@code config}, with whose branches the scope in force
   * says they are ({@code facts} as the rules read them: under {@code all}, or when ownership
   * cannot be read, every branch is this clone's, as the cap counts them).
   *
   * @param inventory the repository's branches and their states
   * @param config the {@code branches:} block in force
   * @param remote whether finished branches' remote copies are planned too
   * @param facts the facts ownership is read from
   * @return the plan; {@link #isEmpty} when nothing is finished
   */
  public static CleanPlan of(BranchInventory inventory, BranchesConfig config, boolean remote,
      Facts facts) {
    Owners owners = Owners.of(config, facts);
    return plan(inventory, config, remote, owners::judges);
  }

  private static CleanPlan plan(BranchInventory inventory, BranchesConfig config,
      boolean remote, Predicate<String> ours) {
    String defaultBranch = inventory.defaultBranch().name();
    List<BranchRecord> finished = new ArrayList<>();
    List<BranchRecord> held = new ArrayList<>();
    List<BranchRecord> onRemote = new ArrayList<>();
    List<BranchRecord> others = new ArrayList<>();
    for (BranchRecord record : inventory.branches()) {
      if (!record.state().merged() || config.protects(record.name(), defaultBranch)) {
        continue;
      }
      if (remote && record.remoteTip().isPresent()) {
        (ours.test(record.name()) ? onRemote : others).add(record);
      }
      if (record.localTip().isPresent()) {
        (record.worktree().isPresent() ? held : finished).add(record);
      }
    }
    return new CleanPlan(finished, held, onRemote, others);
  }

  /**
   * Whether there is nothing to delete. Held branches and others' remote branches are only
   * reported, so a plan with just those is empty.
   *
   * @return true when no local branch and no remote copy is to be deleted
   */
  public boolean isEmpty() {
    return finished.isEmpty() && onRemote.isEmpty();
  }
}
