package dev.groundskeeper.rules.worktree;

import dev.groundskeeper.api.API;
import java.util.Objects;

/**
 * Prune's decision about one worktree: reclaim it, offer it as a quiet candidate, or keep it,
 * always with the reason a person reads.
 *
 * @param action what prune does with the worktree
 * @param reason why, as a person reads it; never blank
 */
@API(status = API.Status.EXPERIMENTAL)
public record PruneDecision(Action action, String reason) {

  /**
   * Checks that the decision says why.
   *
   * @param action what prune does with the worktree
   * @param reason why, as a person reads it
   * @throws IllegalArgumentException if {@code reason} is blank
   */
  public PruneDecision {
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(reason, "reason");
    if (reason.isBlank()) {
      throw new IllegalArgumentException("a prune decision says why");
    }
  }

  /**
   * A decision to reclaim the worktree.
   *
   * @param reason why it may go, such as its merged judgement
   * @return a {@link Action#RECLAIM} decision
   */
  public static PruneDecision reclaim(String reason) {
    return new PruneDecision(Action.RECLAIM, reason);
  }

  /**
   * A decision to list the worktree as a quiet candidate, removed only when named.
   *
   * @param reason why it is offered, with the command that names it
   * @return a {@link Action#QUIET} decision
   */
  public static PruneDecision quiet(String reason) {
    return new PruneDecision(Action.QUIET, reason);
  }

  /**
   * A decision to leave the worktree alone.
   *
   * @param reason why it stays (dirty, locked, unmerged, outside the store)
   * @return a {@link Action#KEEP} decision
   */
  public static PruneDecision keep(String reason) {
    return new PruneDecision(Action.KEEP, reason);
  }

  /** {@return true when prune removes the worktree now} */
  public boolean reclaims() {
    return action == Action.RECLAIM;
  }

  /** What prune does with a worktree. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Action {
    /** Archive its notes, then {@code git worktree remove} without force. */
    RECLAIM,
    /** Unmerged and quiet: listed with its dossier, removed only when named. */
    QUIET,
    /** Left alone, with the reason. */
    KEEP
  }
}
