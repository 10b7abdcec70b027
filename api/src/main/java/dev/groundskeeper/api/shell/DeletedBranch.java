package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.Objects;
import java.util.Optional;

/**
 * A branch a git command deletes. {@code remote} is the remote named by a push that deletes the
 * branch there; {@code remoteTracking} marks the deletion of a remote-tracking ref
 * ({@code branch -d -r origin/x}, {@code update-ref -d refs/remotes/…}). {@code forced} is set
 * when git will not check that the branch is merged first ({@code -D}, {@code -d --force},
 * {@code update-ref -d}).
 *
 * @param git the git command
 * @param name the branch name as written
 * @param remote the remote a push deletes it on
 * @param forced whether git skips its merged check
 * @param remoteTracking whether a remote-tracking ref is deleted
 * @param route the way git deletes it
 */
@API(status = API.Status.EXPERIMENTAL)
public record DeletedBranch(GitCommand git, Word name, Optional<String> remote, boolean forced,
    boolean remoteTracking, Route route) {

  /**
   * Checks the components.
   *
   * @param git the git command
   * @param name the branch name as written
   * @param remote the remote a push deletes it on
   * @param forced whether git skips its merged check
   * @param remoteTracking whether a remote-tracking ref is deleted
   * @param route the way git deletes it
   */
  public DeletedBranch {
    Objects.requireNonNull(git, "git");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(remote, "remote");
    Objects.requireNonNull(route, "route");
  }

  /** How the branch is deleted. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Route {
    /** {@code git branch -d|-D|--delete [--force] <name>…} */
    BRANCH_DELETE,
    /** {@code git update-ref -d refs/heads/<name>} */
    UPDATE_REF,
    /**
     * {@code git push <remote> --delete <name>…} or {@code git push <remote> :<name>}; also
     * {@code git push --prune|--mirror <remote> …}, which deletes the remote branches without a
     * local counterpart: one name that is not static, {@code {pruned by push}}, stands for them
     */
    PUSH_DELETE
  }
}
