package dev.groundskeeper.rules.worktree;

import dev.groundskeeper.api.API;
import java.util.Objects;

/**
 * Prune's decision about one worktree: reclaim it, offer it as a quiet candidate, or keep it,
 * always with the reason a person reads.
 */
@API(status = API.Status.EXPERIMENTAL)
public record PruneDecision(Action action, String reason) {

  public PruneDecision {
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(reason, "reason");
    if (reason.isBlank()) {
      throw new IllegalArgumentException("a prune decision says why");
    }
  }

  public static PruneDecision reclaim(String reason) {
    return new PruneDecision(Action.RECLAIM, reason);
  }

  public static PruneDecision quiet(String reason) {
    return new PruneDecision(Action.QUIET, reason);
  }

  public static PruneDecision keep(String reason) {
    return new PruneDecision(Action.KEEP, reason);
  }

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
