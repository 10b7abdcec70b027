package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a forced push would take from one remote branch, as of the last fetch: the
 * remote-tracking ref that stands for it ({@code refs/remotes/origin/feat}; empty when this clone
 * has none, so nothing is known of what the remote holds), how many commits the push removes from
 * it, and those of them ({@code dropped}) that no other ref holds and that no commit of what is
 * pushed reproduces (no patch-equivalent: a rebase or an amend of the same work is not a loss).
 *
 * @param trackingRef the remote-tracking ref, when this clone has one
 * @param removed how many commits the push removes
 * @param dropped the removed commits nothing else keeps
 */
@API(status = API.Status.EXPERIMENTAL)
public record ForcedPush(Optional<String> trackingRef, int removed, List<LooseCommit> dropped) {

  /**
   * Checks the components and keeps immutable copies of its collections.
   *
   * @param trackingRef the remote-tracking ref, when this clone has one
   * @param removed how many commits the push removes
   * @param dropped the removed commits nothing else keeps
   */
  public ForcedPush {
    Objects.requireNonNull(trackingRef, "trackingRef");
    dropped = List.copyOf(dropped);
  }
}
