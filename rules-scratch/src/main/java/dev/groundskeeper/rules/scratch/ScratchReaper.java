package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.files.FileFacts;
import dev.groundskeeper.api.files.ListingBudget;
import dev.groundskeeper.api.files.RemoveScratchSpace;
import dev.groundskeeper.api.files.ScratchSpace;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Plans the reaping of per-session scratch spaces (seed 003): a space whose newest change is
 * older than {@code spaces.ttl_days} is idle. Pure: it reads {@link FileFacts#SCRATCH_SPACES}
 * and {@link Facts#NOW} and returns one {@link RemoveScratchSpace} effect per idle space, which
 * the file executor re-checks when it acts. A symbolic link, or a space it could not list in
 * full, is kept: idleness must be proven, never assumed.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class ScratchReaper {

  /** How much of each space is listed to find its newest change. */
  public static final ListingBudget BUDGET = new ListingBudget(200_000, Duration.ofSeconds(5));

  private ScratchReaper() {}

  /**
   * Plans the reaping of the repository's scratch spaces. Nothing is removed here: the plan's
   * effects go to the executor.
   *
   * @param config the {@code scratch:} block in force
   * @param facts the facts of the worktree to plan for; it reads the worktree root, the clock
   *     and the scratch spaces
   * @return the plan; one that is not {@link ReapPlan#configured} and empty when no
   *     {@code spaces.pattern} is set
   */
  public static ReapPlan plan(ScratchConfig config, Facts facts) {
    Optional<String> parent = config.spaces().parent();
    if (parent.isEmpty()) {
      return new ReapPlan(Optional.empty(), List.of(), List.of());
    }
    Path root = facts.get(FileFacts.WORKTREE_ROOT);
    Path parentPath = root.resolve(parent.get()).normalize();
    Instant now = facts.get(Facts.NOW);
    Duration ttl = Duration.ofDays(config.spaces().ttlDays());
    List<Idle> idle = new ArrayList<>();
    List<Kept> kept = new ArrayList<>();
    for (ScratchSpace space : facts.get(FileFacts.SCRATCH_SPACES).list(parentPath, BUDGET)) {
      Duration quiet = Duration.between(space.newest(), now);
      if (space.symlink()) {
        kept.add(new Kept(space, "a symbolic link: never followed, never removed"));
      } else if (!space.complete()) {
        kept.add(new Kept(space, "could not be listed in full, so it is not proven idle"));
      } else if (quiet.compareTo(ttl) <= 0) {
        kept.add(new Kept(space, "changed " + Texts.age(quiet) + " ago"));
      } else {
        idle.add(new Idle(space, quiet,
            new RemoveScratchSpace(space.path(), parentPath, space.newest())));
      }
    }
    return new ReapPlan(parent, idle, kept);
  }

  /**
   * The reaper's plan: the idle spaces with their removal effects, and the kept ones.
   *
   * @param parent the directory holding the spaces; empty when no pattern is configured
   * @param idle the spaces to remove
   * @param kept the spaces left alone, each with why
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record ReapPlan(Optional<String> parent, List<Idle> idle, List<Kept> kept) {
    /**
     * Keeps immutable copies of the lists.
     *
     * @param parent the directory holding the spaces; empty when no pattern is configured
     * @param idle the spaces to remove
     * @param kept the spaces left alone, each with why
     * @throws NullPointerException if an argument or an element is null
     */
    public ReapPlan {
      Objects.requireNonNull(parent, "parent");
      idle = List.copyOf(idle);
      kept = List.copyOf(kept);
    }

    /** {@return true when {@code spaces.pattern} is set} */
    public boolean configured() {
      return parent.isPresent();
    }

    /** {@return the removal of each idle space, in the order of {@link #idle}} */
    public List<RemoveScratchSpace> effects() {
      return idle.stream().map(Idle::removal).toList();
    }
  }

  /**
   * A space idle for {@code quiet}, longer than the time to live.
   *
   * @param space the space as listed
   * @param quiet how long ago its newest change was
   * @param removal the effect that removes it, re-checked when executed
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Idle(ScratchSpace space, Duration quiet, RemoveScratchSpace removal) {
    /**
     * Checks that no component is null.
     *
     * @param space the space as listed
     * @param quiet how long ago its newest change was
     * @param removal the effect that removes it
     * @throws NullPointerException if a component is null
     */
    public Idle {
      Objects.requireNonNull(space, "space");
      Objects.requireNonNull(quiet, "quiet");
      Objects.requireNonNull(removal, "removal");
    }
  }

  /**
   * A space the reaper leaves alone, and why.
   *
   * @param space the space as listed
   * @param why why it stays, as a person reads it
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Kept(ScratchSpace space, String why) {
    /**
     * Checks that no component is null.
     *
     * @param space the space as listed
     * @param why why it stays
     * @throws NullPointerException if a component is null
     */
    public Kept {
      Objects.requireNonNull(space, "space");
      Objects.requireNonNull(why, "why");
    }
  }
}
