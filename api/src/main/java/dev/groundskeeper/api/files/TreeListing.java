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
 *
 * @param root the listed directory
 * @param rootExists whether it exists as a directory
 * @param entries every entry below it, in walk order
 * @param stoppedBy the bound that stopped the walk early, if one did
 * @param unreadable how many directories could not be read
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

  /**
   * Checks the components.
   *
   * @param root the listed directory
   * @param rootExists whether it exists as a directory
   * @param entries every entry below it, in walk order
   * @param stoppedBy the bound that stopped the walk early, if one did
   * @param unreadable how many directories could not be read
   * @throws IllegalArgumentException when they do not fit together
   */
  public TreeListing {
    Objects.requireNonNull(root, "root");
    entries = List.copyOf(entries);
    Objects.requireNonNull(stoppedBy, "stoppedBy");
    if (unreadable < 0) {
      throw new IllegalArgumentException("unreadable must not be negative: " + unreadable);
    }
  }

  /**
   * The listing of a directory that does not exist (or is not a directory).
   *
   * @param root the directory
   * @return an empty listing that says the root is missing
   */
  public static TreeListing missing(Path root) {
    return new TreeListing(root, false, List.of(), Optional.empty(), 0);
  }

  /**
   * A full listing of an existing directory.
   *
   * @param root the directory
   * @param entries everything below it
   * @return the listing
   */
  public static TreeListing complete(Path root, List<FileEntry> entries) {
    return new TreeListing(root, true, entries, Optional.empty(), 0);
  }

  /** {@return true when the listing saw everything below its root} */
  public boolean complete() {
    return stoppedBy.isEmpty() && unreadable == 0;
  }
}
