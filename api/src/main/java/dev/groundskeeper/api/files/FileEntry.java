package dev.groundskeeper.api.files;

import dev.groundskeeper.api.API;
import java.time.Instant;
import java.util.Objects;

/**
 * One entry of a {@link TreeListing}: its path relative to the listed directory with {@code /}
 * separators, what it is, its size in bytes and its modification time (of the link itself for a
 * symbolic link).
 *
 * @param path the path relative to the listed directory, {@code /}-separated
 * @param kind what it is
 * @param size its size in bytes
 * @param modified its modification time
 */
@API(status = API.Status.EXPERIMENTAL)
public record FileEntry(String path, EntryKind kind, long size, Instant modified) {

  /**
   * Checks the components.
   *
   * @param path the path relative to the listed directory, {@code /}-separated
   * @param kind what it is
   * @param size its size in bytes
   * @param modified its modification time
   * @throws IllegalArgumentException when they do not fit together
   */
  public FileEntry {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(modified, "modified");
    if (path.isEmpty() || path.startsWith("/")) {
      throw new IllegalArgumentException("an entry path is relative and non-empty: '" + path + "'");
    }
    if (size < 0) {
      throw new IllegalArgumentException("size must not be negative: " + size);
    }
  }

  /** {@return the last segment of the path} */
  public String name() {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /** {@return true when any segment of the path starts with a dot} */
  public boolean hidden() {
    return path.startsWith(".") || path.contains("/.");
  }

  /** {@return true for entries that hold content of their own: files and symbolic links} */
  public boolean isFileLike() {
    return kind == EntryKind.FILE || kind == EntryKind.SYMLINK;
  }
}
