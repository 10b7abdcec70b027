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

  /** The plan, or a plan saying that no {@code spaces.pattern} is configured. */
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

  /** The reaper's plan: the idle spaces with their removal effects, and the kept ones. */
  @API(status = API.Status.EXPERIMENTAL)
  public record ReapPlan(Optional<String> parent, List<Idle> idle, List<Kept> kept) {
    public ReapPlan {
      Objects.requireNonNull(parent, "parent");
      idle = List.copyOf(idle);
      kept = List.copyOf(kept);
    }

    /** True when {@code spaces.pattern} is set. */
    public boolean configured() {
      return parent.isPresent();
    }

    /** Every removal, in name order. */
    public List<RemoveScratchSpace> effects() {
      return idle.stream().map(Idle::removal).toList();
    }
  }

  /** A space idle for {@code quiet}, longer than the time to live. */
  @API(status = API.Status.EXPERIMENTAL)
  public record Idle(ScratchSpace space, Duration quiet, RemoveScratchSpace removal) {
    public Idle {
      Objects.requireNonNull(space, "space");
      Objects.requireNonNull(quiet, "quiet");
      Objects.requireNonNull(removal, "removal");
    }
  }

  /** A space the reaper leaves alone, and why. */
  @API(status = API.Status.EXPERIMENTAL)
  public record Kept(ScratchSpace space, String why) {
    public Kept {
      Objects.requireNonNull(space, "space");
      Objects.requireNonNull(why, "why");
    }
  }
}
