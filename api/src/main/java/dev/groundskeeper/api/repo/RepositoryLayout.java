package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a checkout's repository lives and what its HEAD is.
 *
 * @param workTree the checkout's top-level directory; empty for a bare repository
 * @param gitDir this checkout's own git directory (a linked worktree's is under the common dir)
 * @param commonDir the directory shared by every worktree of the repository
 * @param linkedWorktree true when the checkout is a linked worktree, not the main one
 * @param shallow true when the repository is a shallow clone (history is cut; ancestry beyond the
 *     cut is unknown)
 * @param head the checkout's HEAD
 */
@API(status = API.Status.EXPERIMENTAL)
public record RepositoryLayout(
    Optional<Path> workTree,
    Path gitDir,
    Path commonDir,
    boolean linkedWorktree,
    boolean shallow,
    Head head) {

  /**
   * Checks the components.
   *
   * @param workTree the checkout's top-level directory; empty for a bare repository
   * @param gitDir this checkout's own git directory (a linked worktree's is under the common dir)
   * @param commonDir the directory shared by every worktree of the repository
   * @param linkedWorktree true when the checkout is a linked worktree, not the main one
   * @param shallow true when the repository is a shallow clone (history is cut; ancestry beyond the
   *     cut is unknown)
   * @param head the checkout's HEAD
   */
  public RepositoryLayout {
    Objects.requireNonNull(workTree, "workTree");
    Objects.requireNonNull(gitDir, "gitDir");
    Objects.requireNonNull(commonDir, "commonDir");
    Objects.requireNonNull(head, "head");
  }

  /**
   * Whether the repository is bare.
   *
   * @return true without a work tree
   */
  public boolean bare() {
    return workTree.isEmpty();
  }

  /**
   * A checkout's HEAD: on a branch (which may not have a commit yet, in an empty repository) or
   * detached at a commit.
   *
   * @param branch the short branch name HEAD points at; empty when detached
   * @param commit the commit HEAD resolves to; empty on an unborn branch
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Head(Optional<String> branch, Optional<String> commit) {

    /**
     * Checks the HEAD.
     *
     * @param branch the short branch name HEAD points at; empty when detached
     * @param commit the commit HEAD resolves to; empty on an unborn branch
     * @throws IllegalArgumentException when it names neither a branch nor a commit, or an
     *     invalid commit id
     */
    public Head {
      Objects.requireNonNull(branch, "branch");
      Objects.requireNonNull(commit, "commit");
      commit.ifPresent(CommitIds::requireValid);
      if (branch.isEmpty() && commit.isEmpty()) {
        throw new IllegalArgumentException("a HEAD is on a branch, or detached at a commit");
      }
    }

    /**
     * HEAD on a branch.
     *
     * @param branch the short branch name
     * @param commit its tip; empty on an unborn branch
     * @return the HEAD
     */
    public static Head onBranch(String branch, Optional<String> commit) {
      return new Head(Optional.of(branch), commit);
    }

    /**
     * HEAD detached at a commit.
     *
     * @param commit the full commit id
     * @return the HEAD
     */
    public static Head detached(String commit) {
      return new Head(Optional.empty(), Optional.of(commit));
    }

    /**
     * Whether HEAD is detached.
     *
     * @return true when it names no branch
     */
    public boolean detached() {
      return branch.isEmpty();
    }

    /**
     * Whether HEAD is on a branch that has no commit yet (a repository with no commits).
     *
     * @return true without a commit
     */
    public boolean unborn() {
      return commit.isEmpty();
    }
  }
}
