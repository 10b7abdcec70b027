package dev.groundskeeper.git.store;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One entry directly under the store's {@code worktrees/}, read without following links.
 *
 * @param name its file name (raw)
 * @param path where it is
 * @param directory true when it is a directory (a link to one is not)
 */
@API(status = API.Status.EXPERIMENTAL)
public record StoreEntry(String name, Path path, boolean directory) {
  /**
   * Neither the name nor the path may be null.
   *
   * @param name its file name (raw)
   * @param path where it is
   * @param directory true when it is a directory (a link to one is not)
   */
  public StoreEntry {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(path, "path");
  }
}
