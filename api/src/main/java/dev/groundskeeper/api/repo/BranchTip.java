package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.util.Objects;
import java.util.Optional;

/**
 * A branch name with its local and remote tips: the cheap read behind counting open branches
 * (no history is walked).
 *
 * @param name the short branch name ({@code feature/x})
 * @param localTip the tip of {@code refs/heads/<name>}
 * @param remoteTip the tip of {@code refs/remotes/<remote>/<name>}
 */
@API(status = API.Status.EXPERIMENTAL)
public record BranchTip(String name, Optional<String> localTip, Optional<String> remoteTip) {

  /**
   * Checks the components.
   *
   * @param name the short branch name ({@code feature/x})
   * @param localTip the tip of {@code refs/heads/<name>}
   * @param remoteTip the tip of {@code refs/remotes/<remote>/<name>}
   * @throws IllegalArgumentException when they do not fit together
   */
  public BranchTip {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(localTip, "localTip");
    Objects.requireNonNull(remoteTip, "remoteTip");
    localTip.ifPresent(CommitIds::requireValid);
    remoteTip.ifPresent(CommitIds::requireValid);
    if (localTip.isEmpty() && remoteTip.isEmpty()) {
      throw new IllegalArgumentException("branch '" + name + "' has neither a local nor a remote tip");
    }
  }

  /** {@return the tip that speaks for the branch: the local one, else the remote one} */
  public String tip() {
    return localTip.orElseGet(remoteTip::orElseThrow);
  }

  /** {@return whether the branch has a local tip} */
  public boolean local() {
    return localTip.isPresent();
  }

  /** {@return whether only a remote copy exists} */
  public boolean remoteOnly() {
    return localTip.isEmpty();
  }
}
