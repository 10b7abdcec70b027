package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.util.Objects;
import java.util.Optional;

/**
 * The repository's default branch and how it was found.
 *
 * @param name the short branch name ({@code main})
 * @param localTip the tip of {@code refs/heads/<name>}, when that branch exists locally
 * @param remoteTip the tip of {@code refs/remotes/<remote>/<name>}, when it exists
 * @param source how the name was chosen
 */
@API(status = API.Status.EXPERIMENTAL)
public record DefaultBranch(
    String name, Optional<String> localTip, Optional<String> remoteTip, Source source) {

  /**
   * Checks the components.
   *
   * @param name the short branch name ({@code main})
   * @param localTip the tip of {@code refs/heads/<name>}, when that branch exists locally
   * @param remoteTip the tip of {@code refs/remotes/<remote>/<name>}, when it exists
   * @param source how the name was chosen
   */
  public DefaultBranch {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(localTip, "localTip");
    Objects.requireNonNull(remoteTip, "remoteTip");
    Objects.requireNonNull(source, "source");
    localTip.ifPresent(CommitIds::requireValid);
    remoteTip.ifPresent(CommitIds::requireValid);
  }

  /** How the default branch's name was chosen. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Source {
    /** Named in the configuration. */
    CONFIGURED,
    /** {@code refs/remotes/<remote>/HEAD}. */
    REMOTE_HEAD,
    /** A local {@code main} branch. */
    LOCAL_MAIN,
    /** A local {@code master} branch. */
    LOCAL_MASTER,
    /**
     * The branch {@code HEAD} names in a repository that has no local branch yet (before its
     * first commit): neither tip exists locally, and the remote's only when fetched.
     */
    UNBORN_HEAD
  }
}
