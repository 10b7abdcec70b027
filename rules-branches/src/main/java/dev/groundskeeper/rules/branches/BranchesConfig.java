package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.config.Doc;
import dev.groundskeeper.api.config.Key;
import dev.groundskeeper.api.config.OneOf;
import dev.groundskeeper.api.config.Range;
import dev.groundskeeper.api.files.PathGlob;
import dev.groundskeeper.api.repo.Regenerable;
import dev.groundskeeper.api.repo.RepositorySettings;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code branches:} block. Every key has a default ({@link #DEFAULTS}), so a repository without
 * the block gets every branch rule. Inconsistent values fail at construction with a message that
 * names the keys.
 *
 * @param defaultBranch the default branch: {@code auto} or a branch name ({@code default})
 * @param remote the remote whose branches count and whose deletions are judged
 * @param integrationLines globs of long-lived merge targets, never counted, dormant or deleted
 * @param exempt globs of branches never counted, judged or deleted by an agent
 * @param protectedNames branch names never deleted
 * @param wip the cap on open branches
 * @param duplicates the duplicate-stem warning
 * @param dormancy the idle-branch stages
 * @param stopGuard the guard at a session's or sub-agent's stop
 * @param forceRemoval the lossless force-removal guard
 * @param evacuation the evacuate-then-destroy guard
 * @param cleanupAfterMerge cleanup after a merge, and what a removal may delete as rebuildable
 * @param sweep the sweep report's budget and threshold
 * @param scope whose branches the cap, dormancy and the sweep judge
 */
@API(status = API.Status.EXPERIMENTAL)
@Doc("Branch limits and hygiene: how many branches may be open, how long one may sit idle, and"
    + " how branches are finished and removed without losing a commit.")
public record BranchesConfig(
    @Key("default") @Doc("The default branch: `auto` (the remote's HEAD, then local main, then"
        + " master) or a branch name.") String defaultBranch,
    @Doc("The remote whose branches count and whose deletions are judged.") String remote,
    @Doc("Globs of long-lived merge targets (release/*, epic/*): never counted, never dormant,"
        + " never deleted on the remote by an agent.") List<String> integrationLines,
    @Doc("Globs of branches never counted, never judged, never deleted by an agent.")
        List<String> exempt,
    @Doc("Branch names never deleted; the default branch, integration lines and exempt branches"
        + " are added to these.") List<String> protectedNames,
    Wip wip,
    Duplicates duplicates,
    Dormancy dormancy,
    StopGuard stopGuard,
    ForceRemoval forceRemoval,
    Evacuation evacuation,
    CleanupAfterMerge cleanupAfterMerge,
    Sweep sweep,
    @Doc("Whose branches the cap, dormancy and the sweep judge: `own` (this clone's: a creator or"
        + " touch record names it, a tip is authored by git's configured identity, or it exists"
        + " only here; colleagues' branches are reported as others' work and never counted,"
        + " staged or blocking) or `all` (every branch in the repository, as for one person"
        + " working alone under several identities).") Ownership scope) {

  /** What a repository without a {@code branches:} block gets. */
  public static final BranchesConfig DEFAULTS = new BranchesConfig("auto", "origin", List.of(),
      List.of(), List.of("main", "master", "develop", "trunk"), Wip.DEFAULTS, Duplicates.DEFAULTS,
      Dormancy.DEFAULTS, StopGuard.DEFAULTS, ForceRemoval.DEFAULTS, Evacuation.DEFAULTS,
      CleanupAfterMerge.DEFAULTS, Sweep.DEFAULTS, Ownership.OWN);

  /**
   * The block with the default scope, {@code own}.
   *
   * @param defaultBranch the default branch: {@code auto} or a branch name
   * @param remote the remote whose branches count and whose deletions are judged
   * @param integrationLines globs of long-lived merge targets
   * @param exempt globs of branches never counted, judged or deleted by an agent
   * @param protectedNames branch names never deleted
   * @param wip the cap on open branches
   * @param duplicates the duplicate-stem warning
   * @param dormancy the idle-branch stages
   * @param stopGuard the guard at a stop
   * @param forceRemoval the lossless force-removal guard
   * @param evacuation the evacuate-then-destroy guard
   * @param cleanupAfterMerge cleanup after a merge
   * @param sweep the sweep report's budget and threshold
   * @throws IllegalArgumentException as the canonical constructor does
   */
  public BranchesConfig(String defaultBranch, String remote, List<String> integrationLines,
      List<String> exempt, List<String> protectedNames, Wip wip, Duplicates duplicates,
      Dormancy dormancy, StopGuard stopGuard, ForceRemoval forceRemoval, Evacuation evacuation,
      CleanupAfterMerge cleanupAfterMerge, Sweep sweep) {
    this(defaultBranch, remote, integrationLines, exempt, protectedNames, wip, duplicates,
        dormancy, stopGuard, forceRemoval, evacuation, cleanupAfterMerge, sweep, Ownership.OWN);
  }

  /**
   * This configuration with another scope.
   *
   * @param scope whose branches count
   * @return a new configuration, equal to this one but for its scope
   */
  public BranchesConfig withScope(Ownership scope) {
    return new BranchesConfig(defaultBranch, remote, integrationLines, exempt, protectedNames, wip,
        duplicates, dormancy, stopGuard, forceRemoval, evacuation, cleanupAfterMerge, sweep,
        scope);
  }

  /**
   * Checks the block and keeps immutable copies of its lists.
   *
   * @param defaultBranch the default branch: {@code auto} or a branch name
   * @param remote the remote whose branches count and whose deletions are judged
   * @param integrationLines globs of long-lived merge targets
   * @param exempt globs of branches never counted, judged or deleted by an agent
   * @param protectedNames branch names never deleted
   * @param wip the cap on open branches
   * @param duplicates the duplicate-stem warning
   * @param dormancy the idle-branch stages
   * @param stopGuard the guard at a stop
   * @param forceRemoval the lossless force-removal guard
   * @param evacuation the evacuate-then-destroy guard
   * @param cleanupAfterMerge cleanup after a merge
   * @param sweep the sweep report's budget and threshold
   * @param scope whose branches the cap, dormancy and the sweep judge
   * @throws NullPointerException if a component is null; the message is the key path
   * @throws IllegalArgumentException if the default branch is blank, the remote is blank or
   *     holds a {@code /} or a space, or a list holds a blank entry
   */
  public BranchesConfig {
    Objects.requireNonNull(defaultBranch, "branches.default");
    Objects.requireNonNull(remote, "branches.remote");
    integrationLines = List.copyOf(integrationLines);
    exempt = List.copyOf(exempt);
    protectedNames = List.copyOf(protectedNames);
    Objects.requireNonNull(wip, "branches.wip");
    Objects.requireNonNull(duplicates, "branches.duplicates");
    Objects.requireNonNull(dormancy, "branches.dormancy");
    Objects.requireNonNull(stopGuard, "branches.stop_guard");
    Objects.requireNonNull(forceRemoval, "branches.force_removal");
    Objects.requireNonNull(evacuation, "branches.evacuation");
    Objects.requireNonNull(cleanupAfterMerge, "branches.cleanup_after_merge");
    Objects.requireNonNull(sweep, "branches.sweep");
    Objects.requireNonNull(scope, "branches.scope");
    if (defaultBranch.isBlank()) {
      throw new IllegalArgumentException(
          "branches.default: expected `auto` or a branch name, got an empty name");
    }
    if (remote.isBlank() || remote.contains("/") || remote.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException(
          "branches.remote: expected one remote name without `/` or spaces, got `" + remote + "`");
    }
    requireNonBlank("branches.integration_lines", integrationLines);
    requireNonBlank("branches.exempt", exempt);
    requireNonBlank("branches.protected_names", protectedNames);
  }

  /**
   * True when no agent may delete {@code branch}: a protected name, the default branch, an
   * integration line or an exempt branch.
   *
   * @param branch a short branch name, such as {@code feat/x}
   * @param defaultBranch the repository's resolved default branch (not {@code auto})
   * @return true when the branch is protected
   */
  public boolean protects(String branch, String defaultBranch) {
    return new Scope(this, defaultBranch).isProtected(branch);
  }

  /**
   * The settings the git module reads the repository facts with, so that the inventory's states
   * and dormancy stages are judged exactly as these rules are configured.
   *
   * @return the default branch, remote, integration lines, exempt globs, effective dormancy
   *     stages and the sweep's history budget of this block
   */
  public RepositorySettings repositorySettings() {
    return RepositorySettings.defaults()
        .withDefaultBranch(defaultBranch)
        .withRemote(remote)
        .withIntegrationLines(integrationLines)
        .withExempt(exempt)
        .withDormancy(new RepositorySettings.DormancyDays(dormancy.effectiveAdvisoryDays(),
            dormancy.effectiveNoisyDays(), dormancy.effectiveBlockDays()))
        .withScanLimits(new RepositorySettings.ScanLimits(
            RepositorySettings.ScanLimits.DEFAULT.maxCommits(),
            java.time.Duration.ofMillis(sweep.budgetMs())));
  }

  private static void requireNonBlank(String key, List<String> values) {
    for (int i = 0; i < values.size(); i++) {
      if (values.get(i).isBlank()) {
        throw new IllegalArgumentException(key + "[" + i + "]: an empty entry matches nothing;"
            + " remove it or write a name or glob");
      }
    }
  }

  /**
   * Whose branches count ({@code branches.scope}). {@code own} is the default because it serves a
   * person alone as well as a team: alone, every branch's tip carries that person's identity, so
   * it counts what {@code all} counts; in a clone of a shared repository it leaves colleagues'
   * branches to them.
   */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Ownership {
    /** This clone's branches only (see {@link dev.groundskeeper.api.repo.BranchOwnership}). */
    OWN,
    /** Every branch of the repository. */
    ALL
  }

  /**
   * The WIP cap: how many branches may be open at once.
   *
   * @param cap open branches allowed; creating one more is refused at this count
   * @param mode {@code block}, {@code warn} or {@code off}
   * @param countRemote whether branches that exist only on the remote count; a branch and its
   *     remote copy count once
   */
  @API(status = API.Status.EXPERIMENTAL)
  @Doc("The cap on open work branches: the ones branches.scope counts.")
  public record Wip(
      @Range(min = 1) @Doc("Open branches allowed; creating one more is refused at this count.")
          int cap,
      @OneOf({"block", "warn", "off"}) Mode mode,
      @Doc("Count branches that exist only on the remote; a branch and its remote copy count"
          + " once.") boolean countRemote) {

    /** Ten open branches, blocking, remote-only branches counted. */
    public static final Wip DEFAULTS = new Wip(10, Mode.BLOCK, true);

    /**
     * Checks the cap and the mode.
     *
     * @param cap open branches allowed
     * @param mode {@code block}, {@code warn} or {@code off}
     * @param countRemote whether branches that exist only on the remote count
     * @throws NullPointerException if {@code mode} is null
     * @throws IllegalArgumentException if {@code cap} is below 1
     */
    public Wip {
      Objects.requireNonNull(mode, "branches.wip.mode");
      if (cap < 1) {
        throw new IllegalArgumentException("branches.wip.cap: must be at least 1, got " + cap);
      }
    }
  }

  /**
   * The duplicate-stem warning.
   *
   * @param mode {@code warn} or {@code off}
   */
  @API(status = API.Status.EXPERIMENTAL)
  @Doc("Warns when a new branch looks like an open one (same stem or number); never refuses.")
  public record Duplicates(@OneOf({"warn", "off"}) Mode mode) {

    /** The warning is on. */
    public static final Duplicates DEFAULTS = new Duplicates(Mode.WARN);

    /**
     * Checks that the mode is given.
     *
     * @param mode {@code warn} or {@code off}
     * @throws NullPointerException if {@code mode} is null
     */
    public Duplicates {
      Objects.requireNonNull(mode, "branches.duplicates.mode");
    }
  }

  /** The dormancy presets and their stages. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Preset {
    /** 7, 14 and 30 days. */
    STANDARD(7, 14, 30),
    /** 3, 3 and 7 days: the warning is loud from its first day, because the block follows soon. */
    STRICT(3, 3, 7);

    private final int advisoryDays;
    private final int noisyDays;
    private final int blockDays;

    Preset(int advisoryDays, int noisyDays, int blockDays) {
      this.advisoryDays = advisoryDays;
      this.noisyDays = noisyDays;
      this.blockDays = blockDays;
    }
  }

  /**
   * Dormancy: a preset, and per-stage day counts that override it when set. The effective values
   * must satisfy {@code 1 <= advisory_days <= noisy_days < block_days}.
   *
   * @param preset the preset the stages default to
   * @param advisoryDays overrides the preset's advisory stage; empty keeps it
   * @param noisyDays overrides the preset's noisy stage; empty keeps it
   * @param blockDays overrides the preset's block stage; empty keeps it
   * @param mode {@code block}, {@code warn} (stops at the noisy stage) or {@code off}
   */
  @API(status = API.Status.EXPERIMENTAL)
  @Doc("Idle branches: an advisory, then a noisy advisory, then new branches are refused.")
  public record Dormancy(
      @Doc("standard (7/14/30 days) or strict (3/3/7 days).") Preset preset,
      @Range(min = 1) @Doc("Overrides the preset's advisory stage; null keeps it.")
          Optional<Integer> advisoryDays,
      @Range(min = 1) @Doc("Overrides the preset's noisy stage; null keeps it.")
          Optional<Integer> noisyDays,
      @Range(min = 1) @Doc("Overrides the preset's block stage; null keeps it.")
          Optional<Integer> blockDays,
      @OneOf({"block", "warn", "off"}) @Doc("warn stops at the noisy stage; off reports nothing.")
          Mode mode) {

    /** The standard preset, no overrides, blocking. */
    public static final Dormancy DEFAULTS = new Dormancy(Preset.STANDARD, Optional.empty(),
        Optional.empty(), Optional.empty(), Mode.BLOCK);

    /**
     * Checks the effective stages.
     *
     * @param preset the preset the stages default to
     * @param advisoryDays overrides the preset's advisory stage; empty keeps it
     * @param noisyDays overrides the preset's noisy stage; empty keeps it
     * @param blockDays overrides the preset's block stage; empty keeps it
     * @param mode {@code block}, {@code warn} or {@code off}
     * @throws NullPointerException if a component is null
     * @throws IllegalArgumentException if the effective stages break
     *     {@code 1 <= advisory_days <= noisy_days < block_days}; the message says which come from
     *     the preset
     */
    public Dormancy {
      Objects.requireNonNull(preset, "branches.dormancy.preset");
      Objects.requireNonNull(advisoryDays, "branches.dormancy.advisory_days");
      Objects.requireNonNull(noisyDays, "branches.dormancy.noisy_days");
      Objects.requireNonNull(blockDays, "branches.dormancy.block_days");
      Objects.requireNonNull(mode, "branches.dormancy.mode");
      int advisory = advisoryDays.orElse(preset.advisoryDays);
      int noisy = noisyDays.orElse(preset.noisyDays);
      int block = blockDays.orElse(preset.blockDays);
      if (advisory < 1 || advisory > noisy || noisy >= block) {
        throw new IllegalArgumentException("branches.dormancy: the effective stages must satisfy"
            + " 1 <= advisory_days <= noisy_days < block_days, got advisory_days "
            + describe(advisory, advisoryDays) + ", noisy_days " + describe(noisy, noisyDays)
            + ", block_days " + describe(block, blockDays) + " under preset "
            + preset.name().toLowerCase(java.util.Locale.ROOT));
      }
    }

    private static String describe(int effective, Optional<Integer> explicit) {
      return effective + (explicit.isPresent() ? "" : " (preset)");
    }

    /** {@return the days idle before the advisory stage: the explicit key, else the preset's} */
    public int effectiveAdvisoryDays() {
      return advisoryDays.orElse(preset.advisoryDays);
    }

    /** {@return the days idle before the noisy stage: the explicit key, else the preset's} */
    public int effectiveNoisyDays() {
      return noisyDays.orElse(preset.noisyDays);
    }

    /**
     * {@return the days idle before new branches are refused: the explicit key, else the
     * preset's}
     */
    public int effectiveBlockDays() {
      return blockDays.orElse(preset.blockDays);
    }
  }

  /**
   * The Stop and SubagentStop guard, with the marker files through which a runner says that a
   * stop must go through ({@code yield_markers}) or that the agent hands off to a successor
   * ({@code handoff_markers}).
   *
   * @param mode {@code block}, {@code warn} or {@code off}
   * @param unpushedSubagent how a sub-agent's commits that no remote holds are judged at its stop
   * @param includeDefault whether the default branch and integration lines are judged too
   * @param yieldMarkers files whose presence lets the stop through unjudged
   * @param handoffMarkers files whose presence waives merged-but-not-deleted for a handoff
   */
  @API(status = API.Status.EXPERIMENTAL)
  @Doc("Refuses to stop while a branch this session touched is dirty, unpushed, or merged but"
      + " not deleted.")
  public record StopGuard(
      @OneOf({"block", "warn", "off"}) Mode mode,
      @OneOf({"block", "advise", "off"}) @Doc("How a sub-agent's commits that no remote holds"
          + " are judged at its stop.") Mode unpushedSubagent,
      @Doc("Judge the default branch and integration lines at stop too.") boolean includeDefault,
      @Doc("Files whose presence means this session must stop now (a usage pause, a release in"
          + " progress): the guard lets the stop through without judging. {session} and {agent}"
          + " (main for the main thread) are filled in; relative paths are read from the main"
          + " checkout's top level.") List<String> yieldMarkers,
      @Doc("Files whose presence means the stopping agent hands its work to a successor: dirty"
          + " and unpushed work still block, merged-but-not-deleted is waived, and the message"
          + " names each branch with its tip. Same placeholders and paths as yield_markers.")
          List<String> handoffMarkers) {

    /** Blocking, sub-agents' unpushed commits blocking, the default branch left out, no markers. */
    public static final StopGuard DEFAULTS = new StopGuard(Mode.BLOCK, Mode.BLOCK, false);

    /**
     * Checks the modes and the markers, and keeps immutable copies of the marker lists.
     *
     * @param mode {@code block}, {@code warn} or {@code off}
     * @param unpushedSubagent how a sub-agent's commits that no remote holds are judged
     * @param includeDefault whether the default branch and integration lines are judged too
     * @param yieldMarkers files whose presence lets the stop through unjudged
     * @param handoffMarkers files whose presence waives merged-but-not-deleted for a handoff
     * @throws NullPointerException if a mode or a list is null
     * @throws IllegalArgumentException if a marker is unusable; the message names its index
     */
    public StopGuard {
      Objects.requireNonNull(mode, "branches.stop_guard.mode");
      Objects.requireNonNull(unpushedSubagent, "branches.stop_guard.unpushed_subagent");
      yieldMarkers = List.copyOf(yieldMarkers);
      handoffMarkers = List.copyOf(handoffMarkers);
      requireMarkers("branches.stop_guard.yield_markers", yieldMarkers);
      requireMarkers("branches.stop_guard.handoff_markers", handoffMarkers);
    }

    /**
     * A guard without markers.
     *
     * @param mode {@code block}, {@code warn} or {@code off}
     * @param unpushedSubagent how a sub-agent's commits that no remote holds are judged
     * @param includeDefault whether the default branch and integration lines are judged too
     */
    public StopGuard(Mode mode, Mode unpushedSubagent, boolean includeDefault) {
      this(mode, unpushedSubagent, includeDefault, List.of(), List.of());
    }

    private static void requireMarkers(String key, List<String> markers) {
      for (int i = 0; i < markers.size(); i++) {
        String index = key + "[" + i + "]: ";
        StopMarkers.problem(markers.get(i)).ifPresent(problem -> {
          throw new IllegalArgumentException(index + problem);
        });
      }
    }
  }

  /**
   * Lossless force removal of branches and worktrees.
   *
   * @param mode {@code block} or {@code off}
   */
  @API(status = API.Status.EXPERIMENTAL)
  @Doc("Refuses `branch -D` and `worktree remove --force` when a commit or a file would be lost.")
  public record ForceRemoval(@OneOf({"block", "off"}) Mode mode) {

    /** The guard blocks. */
    public static final ForceRemoval DEFAULTS = new ForceRemoval(Mode.BLOCK);

    /**
     * Checks that the mode is given.
     *
     * @param mode {@code block} or {@code off}
     * @throws NullPointerException if {@code mode} is null
     */
    public ForceRemoval {
      Objects.requireNonNull(mode, "branches.force_removal.mode");
    }
  }

  /**
   * The evacuate-then-destroy shape.
   *
   * @param mode {@code block}, {@code warn} or {@code off}
   */
  @API(status = API.Status.EXPERIMENTAL)
  @Doc("Refuses saving work as a patch outside git's history and then destroying its branch or"
      + " worktree.")
  public record Evacuation(@OneOf({"block", "warn", "off"}) Mode mode) {

    /** The guard blocks. */
    public static final Evacuation DEFAULTS = new Evacuation(Mode.BLOCK);

    /**
     * Checks that the mode is given.
     *
     * @param mode {@code block}, {@code warn} or {@code off}
     * @throws NullPointerException if {@code mode} is null
     */
    public Evacuation {
      Objects.requireNonNull(mode, "branches.evacuation.mode");
    }
  }

  /**
   * Cleanup after a merge, and what a removal may delete because it can be rebuilt.
   *
   * @param mode {@code act}, {@code advise} or {@code off}
   * @param regenerable globs of ignored paths, relative to the worktree, that can be rebuilt
   */
  @API(status = API.Status.EXPERIMENTAL)
  @Doc("After a merge into the default branch or a line: print (advise) or run (act) the local"
      + " delete of the merged branch.")
  public record CleanupAfterMerge(
      @OneOf({"act", "advise", "off"}) Mode mode,
      @Doc("Globs of ignored paths a worktree removal may delete because they can be rebuilt"
          + " (virtual environments, caches, build output); relative to the worktree. The changes"
          + " rules read the same globs: changes.delete for what git clean, rm -r and find"
          + " -delete take, and changes.discard for the untracked and ignored files a reset"
          + " --hard, checkout or switch to another tree overwrites; a file they cover is never"
          + " a loss.")
          List<String> regenerable) {

    /** Advise the delete; the rebuildable globs are {@link Regenerable#DEFAULT_GLOBS}. */
    public static final CleanupAfterMerge DEFAULTS =
        new CleanupAfterMerge(Mode.ADVISE, Regenerable.DEFAULT_GLOBS);

    /**
     * A path under the default scratch directory that no regenerable glob may match (a configured
     * scratch directory is never covered either: {@link Regenerable#covers} excludes it).
     */
    static final String SCRATCH_PROBE = Regenerable.DEFAULT_SCRATCH_DIRECTORY + "notes.md";

    /**
     * Checks the mode and the globs, and keeps an immutable copy of them.
     *
     * @param mode {@code act}, {@code advise} or {@code off}
     * @param regenerable globs of ignored paths, relative to the worktree, that can be rebuilt
     * @throws NullPointerException if a component is null
     * @throws IllegalArgumentException if a glob is blank, absolute, or matches the default
     *     scratch directory
     */
    public CleanupAfterMerge {
      Objects.requireNonNull(mode, "branches.cleanup_after_merge.mode");
      regenerable = List.copyOf(regenerable);
      for (int i = 0; i < regenerable.size(); i++) {
        String glob = regenerable.get(i);
        String key = "branches.cleanup_after_merge.regenerable[" + i + "]";
        if (glob.isBlank() || glob.startsWith("/")) {
          throw new IllegalArgumentException(key + ": expected a glob relative to the worktree,"
              + " got `" + glob + "`");
        }
        if (PathGlob.of(glob).matches(SCRATCH_PROBE)) {
          throw new IllegalArgumentException(key + ": `" + glob + "` matches the scratch"
              + " directory " + Regenerable.DEFAULT_SCRATCH_DIRECTORY + ", whose notes are work and can"
              + " never be rebuilt");
        }
      }
    }

    /**
     * The removal-loss settings of these globs with the scratch directory {@code scratch}
     * ({@code scratch.directory}, which no glob may cover).
     *
     * @param scratch the repository's scratch directory, relative to the worktree
     * @return the setting the loss judgements read
     */
    public Regenerable regenerable(String scratch) {
      return Regenerable.of(regenerable, scratch);
    }

    /**
     * True when {@code path} (relative to a worktree, {@code /} separators) can be rebuilt, with
     * the default scratch directory; a judgement of a repository reads {@link Regenerable#FACT}.
     *
     * @param path a path relative to a worktree
     * @return true when one of the globs covers it
     */
    public boolean isRegenerable(String path) {
      return regenerable(Regenerable.DEFAULT_SCRATCH_DIRECTORY).covers(path);
    }
  }

  /**
   * The sweep report.
   *
   * @param budgetMs the wall-clock budget for walking history in one inventory, in milliseconds
   * @param behindThreshold a branch this many commits behind the default branch is reported
   */
  @API(status = API.Status.EXPERIMENTAL)
  @Doc("The branch section of `groundskeeper sweep` and the session-start report.")
  public record Sweep(
      @Range(min = 1) @Doc("Wall-clock budget for walking history in one inventory, in"
          + " milliseconds; opening the repository is not counted.")
          long budgetMs,
      @Range(min = 1) @Doc("A branch this many commits behind the default branch is reported.")
          int behindThreshold) {

    /** Three seconds of history walking; 50 commits behind is reported. */
    public static final Sweep DEFAULTS = new Sweep(3000, 50);

    /**
     * Checks that both numbers are positive.
     *
     * @param budgetMs the wall-clock budget for walking history in one inventory, in milliseconds
     * @param behindThreshold a branch this many commits behind the default branch is reported
     * @throws IllegalArgumentException if a number is below 1
     */
    public Sweep {
      if (budgetMs < 1) {
        throw new IllegalArgumentException("branches.sweep.budget_ms: must be at least 1, got "
            + budgetMs);
      }
      if (behindThreshold < 1) {
        throw new IllegalArgumentException(
            "branches.sweep.behind_threshold: must be at least 1, got " + behindThreshold);
      }
    }
  }
}
