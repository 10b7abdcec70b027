package dev.groundskeeper.rules.worktree;

import dev.groundskeeper.api.API;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What prune knows about one worktree when it judges it.
 *
 * @param name the worktree's directory name
 * @param inStore its directory is in this repository's lane
 * @param proofFailure why it fails the proof of belonging; empty when it belongs
 * @param lockReason present when git reports it locked (with git's reason, possibly empty)
 * @param ownWorkingDirectory prune runs inside it
 * @param dirt present when it holds uncommitted work (or its status could not be read), saying what
 * @param detached its HEAD is detached
 * @param merged the merged judgement of its branch
 * @param lastActivity its last activity; empty when unknown
 * @param openPullRequest the forge has an open pull request for its branch
 * @param named the person named it with {@code --yes}
 */
@API(status = API.Status.EXPERIMENTAL)
public record PruneCandidate(String name, boolean inStore, Optional<String> proofFailure,
    Optional<String> lockReason, boolean ownWorkingDirectory, Optional<String> dirt,
    boolean detached, MergeStatus merged, Optional<Instant> lastActivity, boolean openPullRequest,
    boolean named) {

  /**
   * Checks that no component is null.
   *
   * @param name the worktree's directory name
   * @param inStore its directory is in this repository's lane
   * @param proofFailure why it fails the proof of belonging; empty when it belongs
   * @param lockReason present when git reports it locked
   * @param ownWorkingDirectory prune runs inside it
   * @param dirt present when it holds uncommitted work or its status could not be read
   * @param detached its HEAD is detached
   * @param merged the merged judgement of its branch
   * @param lastActivity its last activity; empty when unknown
   * @param openPullRequest the forge has an open pull request for its branch
   * @param named the person named it with {@code --yes}
   * @throws NullPointerException if a component is null
   */
  public PruneCandidate {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(proofFailure, "proofFailure");
    Objects.requireNonNull(lockReason, "lockReason");
    Objects.requireNonNull(dirt, "dirt");
    Objects.requireNonNull(merged, "merged");
    Objects.requireNonNull(lastActivity, "lastActivity");
  }
}
