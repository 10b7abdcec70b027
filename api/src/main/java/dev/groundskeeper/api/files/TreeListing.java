package dev.groundskeeper.api.files;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A bounded listing of a directory tree: every entry below {@code root} (the root itself not
 * included) in walk order, until the walk ended or its {@link ListingBudget} stopped it.
 * {@code unreadable} counts directories that could not be read; their contents are missing.
 */
@API(status = API.Status.EXPERIMENTAL)
public record TreeListing(Path root, boolean rootExists, List<FileEntry> entries,
    Optional<Stop> stoppedBy, int unreadable) {

  /** Why a listing ended before it saw everything. */
  public enum Stop {
    /** It reached its entry bound. */
    ENTRIES,
    /** It ran out of time. */
    TIME
  }

  public TreeListing {
    Objects.requireNonNull(root, "root");
    entries = List.copyOf(entries);
    Objects.requireNonNull(stoppedBy, "stoppedBy");
    if (unreadable < 0) {
      throw new IllegalArgumentException("unreadable must not be negative: " + unreadable);
    }
  }

  /** The listing of a directory that does not exist (or is not a directory). */
  public static TreeListing missing(Path root) {
    return new TreeListing(root, false, List.of(), Optional.empty(), 0);
  }

  /** A full listing of an existing directory. */
  public static TreeListing complete(Path root, List<FileEntry> entries) {
    return new TreeListing(root, true, entries, Optional.empty(), 0);
  }

  /** True when the listing saw everything below its root. */
  public boolean complete() {
    return stoppedBy.isEmpty() && unreadable == 0;
  }
}
