package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.BranchOwnership;
import dev.groundskeeper.api.repo.RepoFacts;
import java.util.Optional;

/**
 * Whose branches the cap, dormancy and the sweep judge under {@code branches.scope}. Under
 * {@code all}, whenever the ownership fact cannot be read, and when git has no configured
 * identity, every branch counts: a reading that fails must never make branches disappear from a
 * judgement.
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
    // Without a configured identity no tip can be told to be this clone's, so a person's own
    // pushed branches would all look like colleagues': every branch counts, as under `all`.
    return found.filter(o -> o.identity().isPresent()).map(o -> new Owners(o, false))
        .orElseGet(() -> new Owners(BranchOwnership.everyoneOwn(), true));
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
