package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.BranchOwnership;
import dev.groundskeeper.api.repo.RepoFacts;
import java.util.Optional;

/**
 * Whose branches the cap, dormancy and the sweep judge under {@code branches.scope}. Under
 * {@code all}, and whenever the ownership fact cannot be read, every branch counts: a reading that
 * fails must never make branches disappear from a judgement. Without a configured
 * {@code user.email} the reading still stands on what needs no identity (creator and touch
 * records, branches only in this clone); only authorship cannot be told, and the sweep says how
 * to configure it ({@link #IDENTITY_HINT}).
 */
final class Owners {

  private final BranchOwnership ownership;
  private final boolean everyone;

  private Owners(BranchOwnership ownership, boolean everyone) {
    this.ownership = ownership;
    this.everyone = everyone;
  }

  static Owners of(BranchesConfig config, Facts facts) {
    if (config.scope() == BranchesConfig.Ownership.ALL) {
      return new Owners(BranchOwnership.everyoneOwn(), true);
    }
    Optional<BranchOwnership> found;
    try {
      found = facts.find(RepoFacts.BRANCH_OWNERSHIP);
    } catch (FactUnavailableException e) {
      found = Optional.empty();
    }
    // Without a configured identity the records and the branches only here still say whose a
    // branch is. Counting every branch instead would put a team's whole remote on this clone's
    // cap and dormancy (every agent blocked, the case scope: own exists for); what is lost is
    // only that a person's pushed branches without a record read as others' until user.email is
    // set, which the sweep says.
    return found.map(o -> new Owners(o, false))
        .orElseGet(() -> new Owners(BranchOwnership.everyoneOwn(), true));
  }

  /** The sweep's paragraph when authorship cannot be read: what still counts, and the fix. */
  static final String IDENTITY_HINT = "git has no user.email in this repository, so branches.scope:"
      + " own cannot tell your pushed branches by their author: only branches with a creator or"
      + " touch record, and those no remote holds, count as this clone's. Set it, then sweep again:"
      + "\n  git config user.email <you@example.com>";

  /** True when ownership was read without a configured identity (authorship unknown). */
  boolean identityMissing() {
    return !everyone && ownership.identity().isEmpty();
  }

  /** True when every branch is judged (scope all, or ownership unknown). */
  boolean everyone() {
    return everyone;
  }

  /** True when {@code name} is judged: this clone's branch, or every branch is. */
  boolean judges(String name) {
    return everyone || ownership.own(name);
  }

  /** The value the memo keys on: equal readings give equal keys. */
  BranchOwnership ownership() {
    return ownership;
  }

  /** The author email of someone else's branch, for the sweep's line about it. */
  Optional<String> author(String name) {
    return ownership.owner(name).flatMap(BranchOwnership.Owner::author);
  }
}
