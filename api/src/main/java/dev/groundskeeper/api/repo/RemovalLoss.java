package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What {@code git worktree remove} would delete of a worktree's files: its changed files (staged
 * or modified) and untracked files, which only {@code --force} deletes (git refuses otherwise),
 * and the ignored paths that nothing can rebuild, which a removal deletes with or without force.
 * The one judgement of this loss: the force-removal guard, prune and {@code branch clean} all read
 * it, so a worktree one of them keeps is never one another removes. (Whether the commits at its
 * HEAD are held elsewhere is the caller's containment or merged judgement.)
 *
 * @param changed staged or modified paths, each once, staged first
 * @param untracked untracked paths
 * @param ignored ignored paths the {@link Regenerable} in force does not cover
 */
@API(status = API.Status.EXPERIMENTAL)
public record RemovalLoss(List<String> changed, List<String> untracked, List<String> ignored) {

  /**
   * Checks the components and keeps immutable copies of its collections.
   *
   * @param changed staged or modified paths, each once, staged first
   * @param untracked untracked paths
   * @param ignored ignored paths the {@link Regenerable} in force does not cover
   */
  public RemovalLoss {
    changed = List.copyOf(changed);
    untracked = List.copyOf(untracked);
    ignored = List.copyOf(ignored);
  }

  /**
   * The loss of removing a worktree with {@code status}.
   *
   * @param status the worktree's status
   * @param regenerable what can be rebuilt, so does not count as lost
   * @return the loss
   */
  public static RemovalLoss of(WorktreeStatus status, Regenerable regenerable) {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(regenerable, "regenerable");
    List<String> changed = new ArrayList<>(status.staged());
    for (String path : status.modified()) {
      if (!changed.contains(path)) {
        changed.add(path);
      }
    }
    List<String> ignored = status.ignored().stream().filter(p -> !regenerable.covers(p))
        .toList();
    return new RemovalLoss(changed, status.untracked(), ignored);
  }

  /**
   * {@return true when there are changed or untracked files (only a forced removal deletes them)}
   */
  public boolean dirty() {
    return !changed.isEmpty() || !untracked.isEmpty();
  }

  /**
   * {@return the changed, then the untracked paths: what {@code --force} deletes besides ignored
   * ones}
   */
  public List<String> forcedOnly() {
    List<String> all = new ArrayList<>(changed);
    all.addAll(untracked);
    return List.copyOf(all);
  }

  /**
   * Whether a removal, forced or not, would delete nothing that cannot be rebuilt.
   *
   * @param forced whether the removal is forced
   * @return true when nothing would be lost
   */
  public boolean isEmpty(boolean forced) {
    return ignored.isEmpty() && (!forced || !dirty());
  }
}
