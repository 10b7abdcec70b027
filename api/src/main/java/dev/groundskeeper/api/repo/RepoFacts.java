package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Fact;
import java.util.List;
import java.util.Map;

/**
 * The keys of the repository facts. Outside a repository none of them is offered
 * ({@code facts.find(...)} is empty); inside one, each is computed on first read.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class RepoFacts {

  private RepoFacts() {}

  /** The checkout's layout (top level, git dir, common dir) and its HEAD. */
  public static final Fact<RepositoryLayout> LAYOUT =
      Fact.of("repo.layout", "the checkout's top level, git dir, common dir and HEAD");

  /** The settings the facts were read with. */
  public static final Fact<RepositorySettings> SETTINGS =
      Fact.of("repo.settings", "the settings the repository facts were read with");

  /** The default branch; unavailable (with a clear reason) when none can be found. */
  public static final Fact<DefaultBranch> DEFAULT_BRANCH =
      Fact.of("repo.default-branch", "the default branch and how it was found");

  /**
   * The names of the remotes configured in the repository ({@code [remote "…"]} sections), sorted;
   * empty in a repository nothing can be pushed from.
   */
  public static final Fact<List<String>> REMOTES =
      Fact.of("repo.remotes", "the names of the configured remotes");

  /**
   * Every ref under {@code refs/heads}, {@code refs/remotes} and {@code refs/tags} with the
   * commit it holds (annotated tags peeled), keyed by full ref name: what a ref dropped by name
   * ({@code git tag -d keep}, {@code update-ref refs/heads/x y}) held.
   */
  public static final Fact<Map<String, String>> REF_COMMITS =
      Fact.of("repo.ref-commits", "every branch, remote-tracking ref and tag with its commit");

  /**
   * The git aliases of the repository's configuration (with the user's), lower-case name to
   * value, as {@code git config --get-regexp '^alias\.'} lists them.
   */
  public static final Fact<Map<String, String>> GIT_ALIASES =
      Fact.of("repo.git-aliases", "the git aliases the repository's configuration defines");

  /** Every branch name with its local and remote tips; no history walked (the cheap read). */
  public static final Fact<List<BranchTip>> BRANCH_TIPS =
      Fact.of("repo.branch-tips", "every branch name with its local and remote tips");

  /**
   * Whose each branch is ({@code branches.scope}): records, the tips' authors against the
   * configured identity, and which branches exist only here. One commit read per tip; no history.
   */
  public static final Fact<BranchOwnership> BRANCH_OWNERSHIP =
      Fact.of("repo.branch-ownership", "whose each branch is: this clone's or someone else's");

  /**
   * Whether git ignores a path of the event's checkout: what keeps a scratch directory out of
   * commits. Asked per path; each answer is one {@code git check-ignore}.
   */
  public static final Fact<IgnoreProbe> IGNORED =
      Fact.of("repo.ignored", "whether git ignores a path of the checkout");

  /** The full branch inventory with states. */
  public static final Fact<BranchInventory> BRANCHES =
      Fact.of("repo.branches", "the branch inventory with states and merged judgements");

  /** Every worktree of the repository, the main one first. */
  public static final Fact<List<Worktree>> WORKTREES =
      Fact.of("repo.worktrees", "every worktree of the repository");

  /** The status of the checkout the event happened in. */
  public static final Fact<WorktreeStatus> STATUS =
      Fact.of("repo.status", "the status of the event's checkout");

  /** Questions with arguments: merged judgements, containment, status of any worktree. */
  public static final Fact<RepositoryQueries> QUERIES =
      Fact.of("repo.queries", "merged judgements, containment and worktree status on demand");
}
