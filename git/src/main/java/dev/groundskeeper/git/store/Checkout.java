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
import dev.groundskeeper.git.BoundedProcess;
import dev.groundskeeper.git.GitFacts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
   * The full id of the repository's root commit: of the roots reachable from any branch, remote
   * branch, tag or HEAD, the one with the oldest committer date (ties broken by id), so that every
   * checkout of the repository and every branch finds the same lane. The tips are listed with
   * {@code for-each-ref}, which skips a ref whose name git refuses (control bytes, say) with a
   * warning, and fed to {@code git log --stdin}: {@code git log --all} stops at such a ref with a
   * fatal error, which must not read as a repository with no commit.
   */
  String rootCommit() {
    BoundedProcess.Result refs = git.run(workTree, Processes.READ, List.of("for-each-ref",
        "--format=%(objecttype) %(objectname) %(*objecttype) %(*objectname)"));
    if (!refs.ok()) {
      throw new StoreRefusal("the repository's refs could not be listed: " + refs.stderr(),
          "run git for-each-ref in the checkout to see what git says");
    }
    StringBuilder tips = new StringBuilder();
    for (String line : refs.out().split("\n")) {
      String[] parts = line.strip().split(" ");
      if (parts.length >= 2 && parts[0].equals("commit")) {
        tips.append(parts[1]).append('\n');
      } else if (parts.length == 4 && parts[2].equals("commit")) {
        tips.append(parts[3]).append('\n');
      }
    }
    BoundedProcess.Result head = git.run(workTree, Processes.READ,
        List.of("rev-parse", "--verify", "--quiet", "HEAD^{commit}"));
    if (head.ok()) {
      tips.append(head.out().strip()).append('\n');
    }
    if (tips.length() == 0) {
      throw noCommit();
    }
    BoundedProcess.Result roots = git.run(workTree, Processes.READ, List.of("log",
        "--max-parents=0", "--stdin", "--format=%ct %H"),
        tips.toString().getBytes(StandardCharsets.US_ASCII));
    if (!roots.ok()) {
      throw new StoreRefusal("the repository's root commit could not be read: "
          + roots.stderr(), "run git log --max-parents=0 in the checkout to see what git says");
    }
    String oldest = null;
    long oldestTime = Long.MAX_VALUE;
    for (String line : roots.out().split("\n")) {
      String[] parts = line.strip().split(" ");
      if (parts.length != 2 || !parts[0].matches("[0-9]+")) {
        continue;
      }
      long time = Long.parseLong(parts[0]);
      if (time < oldestTime || (time == oldestTime && parts[1].compareTo(oldest) < 0)) {
        oldest = parts[1];
        oldestTime = time;
      }
    }
    if (oldest == null) {
      throw noCommit();
    }
    return oldest;
  }

  private static StoreRefusal noCommit() {
    return new StoreRefusal("the repository has no commit yet, so it has no lane",
        "make a first commit, then run the command again");
  }
}
