package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.API;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the scratch sweep found: the files that need a decision (at most {@code maxListed} of them
 * in {@code listed}, oldest first; {@code total} counts all), how many files predate the baseline
 * (counted, never listed), and the roots whose scan its budget cut short.
 *
 * @param listed the oldest files that need a decision, oldest first, at most
 *     {@code sweep.max_listed}
 * @param total how many files need a decision, listed or not
 * @param predatingBaseline how many files are older than the baseline and so only counted
 * @param baseline the baseline in force; empty when none is set
 * @param incompleteRoots the roots whose scan stopped early; empty when every scan finished
 */
@API(status = API.Status.EXPERIMENTAL)
public record SweepReport(List<Item> listed, int total, int predatingBaseline,
    Optional<Instant> baseline, List<String> incompleteRoots) {

  /**
   * Checks the counts and keeps immutable copies of the lists.
   *
   * @param listed the oldest files that need a decision, oldest first
   * @param total how many files need a decision, listed or not
   * @param predatingBaseline how many files are older than the baseline
   * @param baseline the baseline in force; empty when none is set
   * @param incompleteRoots the roots whose scan stopped early
   * @throws IllegalArgumentException if {@code total} is below the number listed or
   *     {@code predatingBaseline} is negative
   */
  public SweepReport {
    listed = List.copyOf(listed);
    Objects.requireNonNull(baseline, "baseline");
    incompleteRoots = List.copyOf(incompleteRoots);
    if (total < listed.size() || predatingBaseline < 0) {
      throw new IllegalArgumentException("inconsistent counts in a sweep report");
    }
  }

  /** Why a file is reported. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Kind {
    /** In the scratch directory and older than {@code sweep.max_age_hours}. */
    STALE_SCRATCH,
    /** Under a root, outside the scratch directory and every registered store. */
    UNREGISTERED
  }

  /**
   * One reported file.
   *
   * @param path its path, relative to the repository root
   * @param kind why it is reported
   * @param size its size in bytes
   * @param modified its last modification
   * @param age how old it was at the sweep
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Item(String path, Kind kind, long size, Instant modified, Duration age) {
    /**
     * Checks that no component is null.
     *
     * @param path its path, relative to the repository root
     * @param kind why it is reported
     * @param size its size in bytes
     * @param modified its last modification
     * @param age how old it was at the sweep
     * @throws NullPointerException if a component is null
     */
    public Item {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(modified, "modified");
      Objects.requireNonNull(age, "age");
    }
  }

  /** {@return true when every root was scanned to the end} */
  public boolean complete() {
    return incompleteRoots.isEmpty();
  }

  /**
   * {@return true when there is nothing to say: no file needs a decision and every scan
   * finished}
   */
  public boolean clean() {
    return total == 0 && complete();
  }
}
