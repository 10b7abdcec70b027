package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;

/**
 * The state of a branch, decided in this order, first match wins. The three merged states are
 * "done, not deleted"; only {@link #PARKED}, {@link #DORMANT} and {@link #LIVE} are work.
 */
@API(status = API.Status.EXPERIMENTAL)
public enum BranchState {
  /** Matches an exempt glob: never counted, never judged. */
  EXEMPT,
  /** The default branch. */
  DEFAULT,
  /** Matches an integration-line glob. */
  INTEGRATION_LINE,
  /** Its tip is an ancestor of the default branch (local or remote). */
  MERGED_INTO_DEFAULT,
  /** Its tip is an ancestor of an integration line's remote ref. */
  MERGED_INTO_LINE,
  /** Every commit of it has a patch-equal commit on the default or a line, or it was squashed. */
  PATCH_EQUIVALENT,
  /** Its tip is a park commit. */
  PARKED,
  /** Unmerged, unparked, and idle for at least the advisory days. */
  DORMANT,
  /** Everything else. */
  LIVE;

  /** {@return whether it is merged by ancestry or content: finished work that was not deleted} */
  public boolean merged() {
    return this == MERGED_INTO_DEFAULT || this == MERGED_INTO_LINE || this == PATCH_EQUIVALENT;
  }

  /** {@return whether it is work in progress: parked, dormant or live} */
  public boolean work() {
    return this == PARKED || this == DORMANT || this == LIVE;
  }
}
