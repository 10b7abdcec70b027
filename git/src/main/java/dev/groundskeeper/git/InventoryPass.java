package dev.groundskeeper.git;

import dev.groundskeeper.api.API;

/**
 * How much of the branch inventory one reading may compute. Seed 002: the session start and the
 * sweep classify every branch; the guards that judge a tool call before it runs read the refs and
 * the cache, and never start a full pass.
 */
@API(status = API.Status.EXPERIMENTAL)
public enum InventoryPass {

  /**
   * Every branch is classified (ancestry, patch-equivalence, squash, containment) within
   * {@code branches.sweep.budget_ms}, starting from the cache; branches the budget did not reach
   * read as not yet classified, and the results are written back to the cache.
   */
  FULL,

  /**
   * For a decision before a tool call runs: the inventory is built from the refs and the cache; only
   * branches whose tip or targets moved since the cache was written are judged again, and only
   * while they are few ({@link #GUARD_RECOMPUTE_LIMIT}). With more of them, or no cache at all,
   * the inventory is not offered (rules then list names only or say they could not judge), so a
   * missing or stale cache never costs a full inventory inside a tool call.
   */
  GUARD;

  /** How many branches a guard reading judges afresh before it gives up on the inventory. */
  public static final int GUARD_RECOMPUTE_LIMIT = 50;
}
