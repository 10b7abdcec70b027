package dev.groundskeeper.host.worktree;

import dev.groundskeeper.api.API;
import dev.groundskeeper.rules.worktree.MergeStatus;
import java.util.Objects;
import java.util.Optional;

/**
 * One worktree in a listing. Every text is sanitised; the path shows the home directory as
 * {@code ~}. A row that fails the proof of belonging carries its reason in {@code problem} and no
 * state columns.
 *
 * @param name the directory's name
 * @param branch the branch it has checked out; empty when detached or unknown
 * @param detached its HEAD is detached
 * @param path where it is
 * @param where in the store's lane, or outside it
 * @param clean empty when not judged (a problem row, or a status that could not be read)
 * @param merged empty when not judged
 * @param locked present when git reports it locked, with git's reason
 * @param problem why a lane row fails the proof of belonging
 */
@API(status = API.Status.EXPERIMENTAL)
public record WorktreeRow(String name, Optional<String> branch, boolean detached, String path,
    Where where, Optional<Boolean> clean, Optional<MergeStatus> merged, Optional<String> locked,
    Optional<String> problem) {

  /**
   * Checks that no component is null.
   *
   * @param name the directory's name
   * @param branch the branch it has checked out; empty when detached or unknown
   * @param detached its HEAD is detached
   * @param path where it is
   * @param where in the store's lane, or outside it
   * @param clean empty when not judged
   * @param merged empty when not judged
   * @param locked present when git reports it locked
   * @param problem why a lane row fails the proof of belonging; empty when it belongs
   * @throws NullPointerException if a component is null
   */
  public WorktreeRow {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(branch, "branch");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(where, "where");
    Objects.requireNonNull(clean, "clean");
    Objects.requireNonNull(merged, "merged");
    Objects.requireNonNull(locked, "locked");
    Objects.requireNonNull(problem, "problem");
  }

  /** Where a worktree lives relative to the store. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Where {
    /** In this repository's lane of the store. */
    STORE,
    /** Anywhere else: the store lists it but never removes it. */
    OUTSIDE;

    /** {@return the word a listing shows: {@code store} or {@code outside}} */
    public String word() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }
}
