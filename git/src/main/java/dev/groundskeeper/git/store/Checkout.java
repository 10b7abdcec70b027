package dev.groundskeeper.git.store;

import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.BranchTip;
import dev.groundskeeper.api.repo.DefaultBranch;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositoryLayout;
import dev.groundskeeper.api.repo.RepositoryQueries;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.git.GitFacts;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The checkout the store works from: its top level, its common directory (real path), and its
 * root commit, which keys the lane. Repository reads go through the git module's facts; each
 * {@link #refresh} reads them anew, as an effect must before it acts.
 */
final class Checkout {

  private final Path start;
  private final RepositorySettings settings;
  private final GitRunner git;
  private final Path workTree;
  private final Path commonDir;
  private Facts facts;

  private Checkout(Path start, RepositorySettings settings, GitRunner git, Facts facts,
      Path workTree, Path commonDir) {
    this.start = start;
    this.git = git;
    this.settings = settings;
    this.facts = facts;
    this.workTree = workTree;
    this.commonDir = commonDir;
  }

  static Checkout open(Path directory, RepositorySettings settings, GitRunner git) {
    Facts facts = GitFacts.forDirectory(directory, settings);
    Optional<RepositoryLayout> layout;
    try {
      layout = facts.find(RepoFacts.LAYOUT);
    } catch (FactUnavailableException e) {
      throw new StoreRefusal("the repository could not be read: " + e.getMessage(), "");
    }
    if (layout.isEmpty()) {
      throw new StoreRefusal("not inside a git repository", "run it from a checkout");
    }
    if (layout.get().workTree().isEmpty()) {
      throw new StoreRefusal("a bare repository has no checkout to add worktrees beside",
          "run it from a checkout of the repository");
    }
    try {
      return new Checkout(directory, settings, git, facts, layout.get().workTree().get().toRealPath(),
          layout.get().commonDir().toRealPath());
    } catch (IOException e) {
      throw new StoreRefusal("the checkout's directories could not be resolved: "
          + e.getMessage(), "");
    }
  }

  /** Reads the repository facts anew (after a change, and before an effect re-checks itself). */
  Checkout refresh() {
    facts = GitFacts.forDirectory(start, settings);
    return this;
  }

  GitRunner git() {
    return git;
  }

  Path workTree() {
    return workTree;
  }

  Path commonDir() {
    return commonDir;
  }

  List<Worktree> worktrees() {
    return get(RepoFacts.WORKTREES);
  }

  RepositoryQueries queries() {
    return get(RepoFacts.QUERIES);
  }

  DefaultBranch defaultBranch() {
    return get(RepoFacts.DEFAULT_BRANCH);
  }

  Optional<String> localTip(String branch) {
    return get(RepoFacts.BRANCH_TIPS).stream().filter(tip -> tip.name().equals(branch))
        .findFirst().flatMap(BranchTip::localTip);
  }

  private <T> T get(dev.groundskeeper.api.Fact<T> fact) {
    try {
      return facts.get(fact);
    } catch (FactUnavailableException e) {
      throw new StoreRefusal(e.getMessage(), "");
    }
  }

  /**
   * The full id of the repository's root commit: of the roots reachable from any ref, the one
   * with the oldest committer date (ties broken by id), so that every checkout of the repository
   * and every branch finds the same lane.
   */
  String rootCommit() {
    Processes.Result result = git.run(workTree, Processes.READ,
        List.of("log", "--max-parents=0", "--all", "--format=%ct %H"));
    String oldest = null;
    long oldestTime = Long.MAX_VALUE;
    if (result.ok()) {
      for (String line : result.out().split("\n")) {
        String[] parts = line.strip().split(" ");
        if (parts.length != 2) {
          continue;
        }
        long time = Long.parseLong(parts[0]);
        if (time < oldestTime || (time == oldestTime && parts[1].compareTo(oldest) < 0)) {
          oldest = parts[1];
          oldestTime = time;
        }
      }
    }
    if (oldest == null) {
      throw new StoreRefusal("the repository has no commit yet, so it has no lane",
          "make a first commit, then run the command again");
    }
    return oldest;
  }
}
