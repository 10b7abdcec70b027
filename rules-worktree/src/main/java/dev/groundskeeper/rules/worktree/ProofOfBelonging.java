package dev.groundskeeper.rules.worktree;

import dev.groundskeeper.api.API;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether a directory in a lane belongs to the store, which is the only thing the store may ever
 * remove. All three must hold: git lists it from this checkout; its real path is a direct child
 * of the real path of this repository's lane; and its own common directory and this checkout's
 * resolve to one and the same real path (one clean answer, nothing else counts).
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

  /** How a worktree's own common directory compares with this checkout's. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum CommonDirectory {
    /** Both resolve to the same real path. */
    SAME,
    /** The worktree answered with another directory. */
    OTHER,
    /** No single clean answer: no directory, a dead pointer, or more than one line. */
    UNREADABLE
  }

  /**
   * What was observed about one directory.
   *
   * @param listedByGit git's worktree list from this checkout names it
   * @param prunable git reports it prunable (its directory is gone)
   * @param directChildOfLane its real path's parent is the lane's real path
   * @param commonDirectory how its common directory compares with this checkout's
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Evidence(boolean listedByGit, boolean prunable, boolean directChildOfLane,
      CommonDirectory commonDirectory) {
    public Evidence {
      Objects.requireNonNull(commonDirectory, "commonDirectory");
    }
  }

  /** Why the directory fails the proof, or empty when it belongs to the store. */
  public static Optional<String> failure(Evidence evidence) {
    if (!evidence.listedByGit()) {
      return Optional.of(NOT_A_WORKTREE);
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

  public static boolean holds(Evidence evidence) {
    return failure(evidence).isEmpty();
  }
}
