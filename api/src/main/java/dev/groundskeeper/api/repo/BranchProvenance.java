package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Who made a branch and who touched it, as recorded in the repository's git config
 * ({@code branch.<name>.groundskeeperCreator}, {@code ...Created}, {@code ...Route} and the
 * multi-valued {@code ...TouchedBy}). Actors are {@code <session>:<agent>}, the agent empty for a
 * main thread.
 */
@API(status = API.Status.EXPERIMENTAL)
public record BranchProvenance(
    Optional<String> creator, Optional<Instant> created, Optional<String> route, List<String> touchedBy) {

  /** The config key suffixes under {@code branch.<name>}. */
  public static final String CREATOR_KEY = "groundskeeperCreator";
  public static final String CREATED_KEY = "groundskeeperCreated";
  public static final String ROUTE_KEY = "groundskeeperRoute";
  public static final String TOUCHED_BY_KEY = "groundskeeperTouchedBy";

  public BranchProvenance {
    Objects.requireNonNull(creator, "creator");
    Objects.requireNonNull(created, "created");
    Objects.requireNonNull(route, "route");
    touchedBy = List.copyOf(touchedBy);
  }

  public static BranchProvenance none() {
    return new BranchProvenance(Optional.empty(), Optional.empty(), Optional.empty(), List.of());
  }

  /** True when nobody recorded anything: a person's branch, or one older than the records. */
  public boolean unrecorded() {
    return creator.isEmpty() && touchedBy.isEmpty();
  }

  /** True when {@code actor} created or touched the branch. */
  public boolean touchedBy(String actor) {
    return creator.filter(actor::equals).isPresent() || touchedBy.contains(actor);
  }
}
