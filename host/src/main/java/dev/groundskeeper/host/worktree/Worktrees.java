package dev.groundskeeper.host.worktree;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.config.ConfigSpec;
import dev.groundskeeper.api.config.EffectiveConfig;
import dev.groundskeeper.api.repo.Regenerable;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.git.store.AddedWorktree;
import dev.groundskeeper.git.store.NotesSettings;
import dev.groundskeeper.git.store.StoreLocation;
import dev.groundskeeper.git.store.WorktreeStore;
import dev.groundskeeper.host.Host;
import dev.groundskeeper.rules.branches.BranchesConfig;
import dev.groundskeeper.rules.worktree.WorktreesConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The machine's worktree store as an embedder or a verb drives it: add, list and prune, each
 * judged by the worktree rules (proof of belonging, merged policy, prune judge) and carried out
 * by the git module's store, which re-reads its evidence when it removes anything. Prune judges
 * a worktree's removal loss with the same regenerable settings the hook's force-removal guard
 * reads, so prune never deletes what the hook would refuse to.
 *
 * <p>What the store refuses (a name it may not take, a directory in no repository with a commit,
 * a store level that is a link or another account's) is thrown as a
 * {@link dev.groundskeeper.git.store.StoreRefusal} with the reason and the way out.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class Worktrees {

  private final WorktreeStore store;
  private final WorktreesConfig config;
  private final Regenerable regenerable;
  private final Clock clock;

  /**
   * A store driven with explicit settings; {@link #of} reads them from a configuration.
   *
   * @param store the git module's store
   * @param config the {@code worktrees:} block in force
   * @param regenerable the removal-loss settings in force (those the force-removal guard reads)
   * @param clock the time quiet days are counted to
   */
  public Worktrees(WorktreeStore store, WorktreesConfig config, Regenerable regenerable,
      Clock clock) {
    this.store = Objects.requireNonNull(store, "store");
    this.config = Objects.requireNonNull(config, "config");
    this.regenerable = Objects.requireNonNull(regenerable, "regenerable");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * The worktree store a configuration describes, with its settings and regenerable globs.
   *
   * @param effective the effective configuration of the repository
   * @param environment the variables read ({@code GROUNDSKEEPER_HOME}, {@code HOME}) and passed
   *     to git and the forge
   * @param clock the time quiet days are counted to
   * @return the store; nothing is read or created until it is used
   */
  public static Worktrees of(EffectiveConfig effective, Map<String, String> environment,
      Clock clock) {
    return new Worktrees(store(effective, environment), effective.get(WorktreesConfig.spec()),
        Host.regenerable(effective), clock);
  }

  /**
   * The store a configuration describes: its place ({@code GROUNDSKEEPER_HOME}, else
   * {@code worktrees.home}), the notes archive's settings, and the default branch and remote of
   * the {@code branches:} block.
   *
   * @param effective the effective configuration of the repository
   * @param environment the variables read ({@code GROUNDSKEEPER_HOME}, {@code HOME}) and passed
   *     to git and the forge
   * @return the git module's store; nothing is read or created until it is used
   */
  public static WorktreeStore store(EffectiveConfig effective, Map<String, String> environment) {
    WorktreesConfig config = effective.get(WorktreesConfig.spec());
    RepositorySettings settings = effective.get(new ConfigSpec<>("branches",
        BranchesConfig.class, BranchesConfig.DEFAULTS)).repositorySettings();
    return new WorktreeStore(StoreLocation.resolve(environment, config), settings,
        new NotesSettings(config.notesDir(), config.redactions(), config.maxNoteBytes()),
        environment);
  }

  /** {@return the git module's store this drives} */
  public WorktreeStore store() {
    return store;
  }

  /**
   * Refuses a name the store's worktrees may not take (a {@code StoreRefusal} suggesting one it
   * may).
   *
   * @param name the proposed worktree name
   */
  public static void requireUsableName(String name) {
    StoreJudgements.requireUsableName(name);
  }

  /**
   * Where {@link #add} would put a worktree, without writing anything.
   *
   * @param directory a directory inside the repository
   * @param name the worktree's name
   * @return the path it would have, in the repository's lane
   */
  public Path placeFor(Path directory, String name) {
    return store.placeFor(directory, name);
  }

  /**
   * Adds worktree {@code name} to the lane of the repository holding {@code directory}: a new
   * branch {@code name} from the default branch, or {@code branch}, an existing local one.
   * Refused, with nothing written beyond empty store levels, for an unusable or taken name, an
   * existing branch not asked for, or a branch asked for that does not exist.
   *
   * @param directory a directory inside the repository
   * @param name the worktree's name, also the new branch's
   * @param branch an existing local branch to check out; empty to cut a new one
   * @return the worktree added, with its path and branch
   */
  public AddedWorktree add(Path directory, String name, Optional<String> branch) {
    requireUsableName(name);
    return store.add(directory, name, branch);
  }

  /**
   * A worktree a runner asked for by a free-text name (Claude Code's {@code WorktreeCreate}):
   * the name made usable (the store's suggestion for an unusable one), then added as
   * {@link #add} would with a new branch. A runner may ask again for one it already has: the
   * worktree of that name that git lists ({@code known}) is answered then, where a refusal would
   * fail its session.
   *
   * @param directory a directory inside the repository
   * @param requested the name the runner asked for, any text
   * @param known the repository's worktrees as the facts list them
   * @return the worktree's path and created branch, or why it was refused; never throws for a
   *     refusal, since the runner reads an exception as a failed session
   */
  public RunnerWorktree addForRunner(Path directory, String requested,
      List<dev.groundskeeper.api.repo.Worktree> known) {
    String name = dev.groundskeeper.rules.worktree.WorktreeNames.problem(requested).isEmpty()
        ? requested
        : dev.groundskeeper.rules.worktree.WorktreeNames.suggest(requested).orElse("");
    if (name.isEmpty()) {
      return RunnerWorktree.refused("no worktree name can be made of it");
    }
    try {
      AddedWorktree added = store.add(directory, name, Optional.empty());
      return new RunnerWorktree(Optional.of(added.path()),
          added.createdBranch() ? Optional.of(added.branch()) : Optional.empty(), "");
    } catch (dev.groundskeeper.git.store.StoreRefusal refusal) {
      Optional<Path> existing = existing(known, name);
      return existing.map(path -> new RunnerWorktree(Optional.of(path), Optional.empty(), ""))
          .orElseGet(() -> RunnerWorktree.refused(refusal.getMessage()));
    }
  }

  /**
   * What {@link #addForRunner} did: the worktree's path (absent when refused), the branch it
   * created (absent when it created none), and why it refused.
   *
   * @param path the worktree's path; empty when refused
   * @param createdBranch the branch it created; empty when it created none
   * @param refusal why it refused; {@code ""} when it did not
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record RunnerWorktree(Optional<Path> path, Optional<String> createdBranch,
      String refusal) {
    /**
     * Checks that no component is null.
     *
     * @param path the worktree's path; empty when refused
     * @param createdBranch the branch it created; empty when it created none
     * @param refusal why it refused; {@code ""} when it did not
     * @throws NullPointerException if a component is null
     */
    public RunnerWorktree {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(createdBranch, "createdBranch");
      Objects.requireNonNull(refusal, "refusal");
    }

    static RunnerWorktree refused(String why) {
      return new RunnerWorktree(Optional.empty(), Optional.empty(), why);
    }
  }

  /** This repository's worktree named {@code name} in the store, if git lists one. */
  private Optional<Path> existing(List<dev.groundskeeper.api.repo.Worktree> known, String name) {
    Path worktrees = real(store.location().worktrees());
    for (dev.groundskeeper.api.repo.Worktree worktree : known) {
      Path path = real(worktree.path());
      Path lane = path.getParent();
      if (path.getFileName() != null && path.getFileName().toString().equals(name)
          && lane != null && worktrees.equals(lane.getParent())) {
        return Optional.of(path);
      }
    }
    return Optional.empty();
  }

  private static Path real(Path path) {
    try {
      return path.toRealPath();
    } catch (java.io.IOException e) {
      return path.toAbsolutePath().normalize();
    }
  }

  /**
   * Lists this repository's worktrees (the main checkout excepted), each judged: belonging,
   * clean, merged, locked. Asks the forge once, within its bound.
   *
   * @param directory a directory inside the repository
   * @return the rows and what else the lane holds
   */
  public Listing list(Path directory) {
    return new WorktreeLister(store).list(directory);
  }

  /**
   * Lists every lane of the store, for any repository, and what under the store is not a lane.
   *
   * @param directory the directory the command runs in, which may be outside any repository;
   *     inside one, a directory named by an abbreviation of its root commit is said to be one
   * @return one listing per directory under the store
   */
  public List<LaneListing> listAll(Path directory) {
    return new WorktreeLister(store).listAll(directory);
  }

  /**
   * Reclaims this repository's merged, clean worktrees (and the quiet candidates {@code named});
   * a dry run computes the same rows and changes nothing.
   *
   * @param directory a directory inside the repository
   * @param dryRun whether to only say what it would do
   * @param named the quiet candidates the person named with {@code --yes}
   * @return one row per worktree, and the exit code to answer with
   */
  public PruneReport prune(Path directory, boolean dryRun, Set<String> named) {
    return new WorktreePruner(store, config, regenerable, clock).run(directory, dryRun, named);
  }
}
