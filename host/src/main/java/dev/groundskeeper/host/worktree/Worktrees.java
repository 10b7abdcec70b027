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
 */
@API(status = API.Status.EXPERIMENTAL)
public final class Worktrees {

  private final WorktreeStore store;
  private final WorktreesConfig config;
  private final Regenerable regenerable;
  private final Clock clock;

  /**
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

  /** {@return the store, settings and regenerable globs a configuration describes} */
  public static Worktrees of(EffectiveConfig effective, Map<String, String> environment,
      Clock clock) {
    return new Worktrees(store(effective, environment), effective.get(WorktreesConfig.spec()),
        Host.regenerable(effective), clock);
  }

  /**
   * The store a configuration describes: its place ({@code GROUNDSKEEPER_HOME}, else
   * {@code worktrees.home}), the notes archive's settings, and the default branch and remote of
   * the {@code branches:} block.
   */
  public static WorktreeStore store(EffectiveConfig effective, Map<String, String> environment) {
    WorktreesConfig config = effective.get(WorktreesConfig.spec());
    RepositorySettings settings = effective.get(new ConfigSpec<>("branches",
        BranchesConfig.class, BranchesConfig.DEFAULTS)).repositorySettings();
    return new WorktreeStore(StoreLocation.resolve(environment, config), settings,
        new NotesSettings(config.notesDir(), config.redactions(), config.maxNoteBytes()),
        environment);
  }

  public WorktreeStore store() {
    return store;
  }

  /**
   * Refuses a name the store's worktrees may not take (a {@code StoreRefusal} suggesting one it
   * may).
   */
  public static void requireUsableName(String name) {
    StoreJudgements.requireUsableName(name);
  }

  /**
   * {@return where {@link #add} would put worktree {@code name} of the repository holding {@code
   * directory}}
   */
  public Path placeFor(Path directory, String name) {
    return store.placeFor(directory, name);
  }

  /**
   * Adds worktree {@code name} to the lane of the repository holding {@code directory}: a new
   * branch {@code name} from the default branch, or {@code branch}, an existing local one.
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
   * @param known the repository's worktrees as the facts list them
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
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record RunnerWorktree(Optional<Path> path, Optional<String> createdBranch,
      String refusal) {
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

  /** {@return this repository's worktrees (the main checkout excepted), judged} */
  public Listing list(Path directory) {
    return new WorktreeLister(store).list(directory);
  }

  /** {@return every lane on the machine and what under the store is not one} */
  public List<LaneListing> listAll(Path directory) {
    return new WorktreeLister(store).listAll(directory);
  }

  /**
   * Reclaims this repository's merged, clean worktrees (and the quiet candidates {@code named});
   * a dry run computes the same rows and changes nothing.
   */
  public PruneReport prune(Path directory, boolean dryRun, Set<String> named) {
    return new WorktreePruner(store, config, regenerable, clock).run(directory, dryRun, named);
  }
}
