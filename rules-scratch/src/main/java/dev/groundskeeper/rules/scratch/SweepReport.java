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
 */
@API(status = API.Status.EXPERIMENTAL)
public record SweepReport(List<Item> listed, int total, int predatingBaseline,
    Optional<Instant> baseline, List<String> incompleteRoots) {

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

  /** One reported file: repository-relative path, why, size, modification time and age. */
  @API(status = API.Status.EXPERIMENTAL)
  public record Item(String path, Kind kind, long size, Instant modified, Duration age) {
    public Item {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(modified, "modified");
      Objects.requireNonNull(age, "age");
    }
  }

  /** True when every root was scanned to the end. */
  public boolean complete() {
    return incompleteRoots.isEmpty();
  }

  /** True when there is nothing to say: no file needs a decision and every scan finished. */
  public boolean clean() {
    return total == 0 && complete();
  }
}
