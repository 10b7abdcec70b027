package dev.groundskeeper.api.files;

import dev.groundskeeper.api.API;
import java.time.Duration;
import java.util.Objects;

/**
 * How far a listing may go: at most {@code maxEntries} entries (files, directories and links
 * together) and at most {@code maxTime} of wall time. A listing that reaches either bound stops
 * and says so.
 *
 * @param maxEntries the most entries listed
 * @param maxTime the most wall time taken
 */
@API(status = API.Status.EXPERIMENTAL)
public record ListingBudget(int maxEntries, Duration maxTime) {

  /** The bound of the scratch sweep, which runs at session start and must stay quick. */
  public static final ListingBudget SWEEP = new ListingBudget(50_000, Duration.ofSeconds(1));

  /** The bound of one scratch-directory listing for orientation and nudges (every tool call). */
  public static final ListingBudget DIRECTORY = new ListingBudget(2_000, Duration.ofMillis(200));

  /**
   * Checks the components.
   *
   * @param maxEntries the most entries listed
   * @param maxTime the most wall time taken
   * @throws IllegalArgumentException when they do not fit together
   */
  public ListingBudget {
    Objects.requireNonNull(maxTime, "maxTime");
    if (maxEntries < 1) {
      throw new IllegalArgumentException("maxEntries must be at least 1, got " + maxEntries);
    }
    if (maxTime.isNegative()) {
      throw new IllegalArgumentException("maxTime must not be negative, got " + maxTime);
    }
  }
}
