package dev.groundskeeper.rules.worktree;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.repo.WorktreeBelonging;
import java.util.Optional;

/**
 * Whether a directory in a lane belongs to the store, which is the only thing the store may ever
 * remove. All three must hold: git lists it from this checkout; its real path is a direct child
 * of the real path of this repository's lane; and its own common directory and this checkout's
 * resolve to one and the same real path (one clean answer, nothing else counts). The git module
 * reads the evidence ({@link WorktreeBelonging}); this judges it.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class ProofOfBelonging {

  /** Shown for a worktree whose {@code .git} pointer leads nowhere (a moved checkout). */
  public static final String CHECKOUT_NOT_FOUND =
      "checkout not found; run git worktree repair from the checkout";
  /** Shown for a worktree git lists whose directory is gone. */
  public static final String DIRECTORY_GONE = "directory gone; git still lists it";
  /** Shown for a directory in the lane that git does not list. */
  public static final String NOT_A_WORKTREE = "not a worktree of this repository";
  /** Shown for a worktree whose common directory is another repository's. */
  public static final String OTHER_REPOSITORY =
      "its common directory is another repository's; not a worktree of this repository";
  /** Shown for a worktree not directly in the lane (nested deeper, or reached through a link). */
  public static final String NOT_IN_LANE = "not a direct child of this repository's lane";

  private ProofOfBelonging() {}

  /**
   * Judges the evidence. The first failing condition is reported, in the order git's listing,
   * a directory still present, placement in the lane, then the common directory.
   *
   * @param evidence what the git module observed about the directory
   * @return why the directory fails the proof (one of this class's constants), or empty when it
   *     belongs to the store
   */
  public static Optional<String> failure(WorktreeBelonging evidence) {
    if (!evidence.listedByGit()) {
      return Optional.of(evidence.deadPointer() ? CHECKOUT_NOT_FOUND : NOT_A_WORKTREE);
    }
    if (evidence.prunable()) {
      return Optional.of(DIRECTORY_GONE);
    }
    if (!evidence.directChildOfLane()) {
      return Optional.of(NOT_IN_LANE);
    }
    return switch (evidence.commonDirectory()) {
      case SAME -> Optional.empty();
      case OTHER -> Optional.of(OTHER_REPOSITORY);
      case UNREADABLE -> Optional.of(CHECKOUT_NOT_FOUND);
    };
  }

  /**
   * Whether the directory belongs to the store, so that the store may remove it.
   *
   * @param evidence what the git module observed about the directory
   * @return true exactly when {@link #failure} is empty
   */
  public static boolean holds(WorktreeBelonging evidence) {
    return failure(evidence).isEmpty();
  }
}
