package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.util.Objects;

/**
 * What was observed about one directory of a worktree store's lane, the evidence its proof of
 * belonging is judged on. The git module reads it (and reads it again at the moment it removes a
 * worktree, refusing when it changed); the worktree rules judge it.
 *
 * @param listedByGit git's worktree list from this checkout names it
 * @param deadPointer its {@code .git} file names a directory that does not exist (a checkout that
 *     moved); meaningful for a directory git does not list
 * @param prunable git reports it prunable (its directory is gone)
 * @param directChildOfLane its real path's parent is the lane's real path
 * @param commonDirectory how its own common directory compares with this checkout's
 */
@API(status = API.Status.EXPERIMENTAL)
public record WorktreeBelonging(boolean listedByGit, boolean deadPointer, boolean prunable,
    boolean directChildOfLane, CommonDirectory commonDirectory) {

  /**
   * Checks the components.
   *
   * @param listedByGit git's worktree list from this checkout names it
   * @param deadPointer its {@code .git} file names a directory that does not exist (a checkout that
   *     moved); meaningful for a directory git does not list
   * @param prunable git reports it prunable (its directory is gone)
   * @param directChildOfLane its real path's parent is the lane's real path
   * @param commonDirectory how its own common directory compares with this checkout's
   */
  public WorktreeBelonging {
    Objects.requireNonNull(commonDirectory, "commonDirectory");
  }

  /** How a worktree's common directory compares with this checkout's. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum CommonDirectory {
    /** Both resolve to the same real path. */
    SAME,
    /** The worktree answered with another directory. */
    OTHER,
    /** No single clean answer: no directory, a dead pointer, or more than one line. */
    UNREADABLE
  }
}
