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
 *
 * @param creator who created the branch, when recorded
 * @param created when, when recorded
 * @param route the git command's way of creating it, when recorded
 * @param touchedBy every other actor recorded as touching it
 */
@API(status = API.Status.EXPERIMENTAL)
public record BranchProvenance(
    Optional<String> creator, Optional<Instant> created, Optional<String> route, List<String> touchedBy) {

  /** The config key suffix, under {@code branch.<name>}, of the creator. */
  public static final String CREATOR_KEY = "groundskeeperCreator";
  /** The config key suffix of the creation time (Unix seconds). */
  public static final String CREATED_KEY = "groundskeeperCreated";
  /** The config key suffix of the creating route. */
  public static final String ROUTE_KEY = "groundskeeperRoute";
  /** The multi-valued config key suffix of the other actors. */
  public static final String TOUCHED_BY_KEY = "groundskeeperTouchedBy";

  /**
   * Checks the components and keeps immutable copies of its collections.
   *
   * @param creator who created the branch, when recorded
   * @param created when, when recorded
   * @param route the git command's way of creating it, when recorded
   * @param touchedBy every other actor recorded as touching it
   */
  public BranchProvenance {
    Objects.requireNonNull(creator, "creator");
    Objects.requireNonNull(created, "created");
    Objects.requireNonNull(route, "route");
    touchedBy = List.copyOf(touchedBy);
  }

  /**
   * Nothing recorded.
   *
   * @return a provenance with no creator and no touches
   */
  public static BranchProvenance none() {
    return new BranchProvenance(Optional.empty(), Optional.empty(), Optional.empty(), List.of());
  }

  /**
   * Whether nobody recorded anything: a person's branch, or one older than the records.
   *
   * @return true without a creator or a touch
   */
  public boolean unrecorded() {
    return creator.isEmpty() && touchedBy.isEmpty();
  }

  /**
   * Whether {@code actor} created or touched the branch.
   *
   * @param actor {@code <session>:<agent>}
   * @return true when it is the creator or among the touches
   */
  public boolean touchedBy(String actor) {
    return creator.filter(actor::equals).isPresent() || touchedBy.contains(actor);
  }
}
