package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.DefaultBranch;
import dev.groundskeeper.api.repo.RepoFacts;
import java.util.Optional;

/**
 * Whether commits can be secured by pushing them to the configured remote. Every remedy that
 * would push asks here first, so a repository without that remote is never told to push to it:
 * it is told where its work can go instead.
 */
final class Pushing {

  private final String remote;
  private final boolean possible;
  private final Optional<String> defaultBranch;

  private Pushing(String remote, boolean possible, Optional<String> defaultBranch) {
    this.remote = remote;
    this.possible = possible;
    this.defaultBranch = defaultBranch;
  }

  /**
   * What the facts say of {@code remote}. When they cannot say, pushing counts as possible: the
   * remedies name the configured remote, as the configuration does.
   */
  static Pushing of(Facts facts, String remote) {
    boolean configured;
    try {
      configured = facts.find(RepoFacts.REMOTES).map(names -> names.contains(remote)).orElse(true);
    } catch (FactUnavailableException e) {
      configured = true;
    }
    Optional<String> base;
    try {
      base = facts.find(RepoFacts.DEFAULT_BRANCH).map(DefaultBranch::name);
    } catch (FactUnavailableException e) {
      base = Optional.empty();
    }
    return new Pushing(remote, configured, base);
  }

  boolean possible() {
    return possible;
  }

  /** The command that secures the commits of branch {@code name}, when a push can. */
  Optional<String> command(String name) {
    return possible ? Optional.of(BranchLines.pushCommand(name, remote)) : Optional.empty();
  }

  /** Where work goes when no push is possible, as a sentence for a remedy. */
  String instead() {
    return "No remote named " + remote + " is configured, so nothing can be pushed: merge"
        + " finished work into " + defaultBranch.orElse("the default branch")
        + " and keep the rest on its branch.";
  }

  /**
   * The command that secures branch {@code name}: its push, or where no push is possible, its
   * merge into the default branch (when that is known).
   */
  Optional<String> secureCommand(String name) {
    return possible ? command(name) : defaultBranch.filter(base -> !base.equals(name))
        .map(base -> "git switch " + BranchLines.word(base) + " && git merge "
            + BranchLines.word(name));
  }
}
