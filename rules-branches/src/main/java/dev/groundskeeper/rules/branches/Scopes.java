package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.RepoFacts;
import java.util.Optional;

/** The facts most branch rules start from. */
final class Scopes {

  private Scopes() {}

  /** The scope of the event's repository, judged against its default branch. */
  static Scope of(BranchesConfig config, Facts facts) {
    return new Scope(config, facts.get(RepoFacts.DEFAULT_BRANCH).name(),
        Classifier.of(config, facts));
  }

  /**
   * The inventory when it can be read; a refusal then lists branches with their states, and
   * without it lists names only.
   */
  static Optional<BranchInventory> inventory(Facts facts) {
    try {
      return facts.find(RepoFacts.BRANCHES);
    } catch (FactUnavailableException e) {
      return Optional.empty();
    }
  }
}
