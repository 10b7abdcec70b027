package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.time.Instant;
import java.util.Objects;

/**
 * A branch whose tip is a park commit: an empty commit (its tree equals its parent's) carrying a
 * {@code Parked-Reason} trailer in git's trailer block.
 *
 * @param reason the {@code Parked-Reason} value
 * @param parkedBy the {@code Parked-By} value; empty text when absent
 * @param since the park commit's committer date ("waiting since")
 * @param commit the park commit
 */
@API(status = API.Status.EXPERIMENTAL)
public record ParkMarker(String reason, String parkedBy, Instant since, String commit) {

  /** The trailer key that parks a branch. */
  public static final String REASON_TRAILER = "Parked-Reason";
  /** The trailer key naming who parked it. */
  public static final String BY_TRAILER = "Parked-By";
  /** The trailer key of an unpark commit, which resumes the dormancy clock. */
  public static final String UNPARKED_TRAILER = "Unparked";

  /**
   * Checks the components.
   *
   * @param reason the {@code Parked-Reason} value
   * @param parkedBy the {@code Parked-By} value; empty text when absent
   * @param since the park commit's committer date ("waiting since")
   * @param commit the park commit
   */
  public ParkMarker {
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(parkedBy, "parkedBy");
    Objects.requireNonNull(since, "since");
    CommitIds.requireValid(commit);
  }
}
