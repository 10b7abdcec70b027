package dev.groundskeeper.api.files;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;

/**
 * One per-session scratch space: a directory directly below the spaces' parent. {@code newest} is
 * the latest modification time of the directory or anything in it; {@code complete} is false
 * when its listing stopped early, so that {@code newest} may be too old to prove it idle.
 * {@code symlink} is true when the entry is a symbolic link, which the reaper never touches.
 *
 * @param path the space's directory
 * @param name the directory's name
 * @param symlink whether the entry is a symbolic link
 * @param newest the latest modification time in it
 * @param entries how many entries it holds
 * @param complete whether its listing saw everything
 */
@API(status = API.Status.EXPERIMENTAL)
public record ScratchSpace(Path path, String name, boolean symlink, Instant newest, int entries,
    boolean complete) {

  /**
   * Checks the components.
   *
   * @param path the space's directory
   * @param name the directory's name
   * @param symlink whether the entry is a symbolic link
   * @param newest the latest modification time in it
   * @param entries how many entries it holds
   * @param complete whether its listing saw everything
   * @throws IllegalArgumentException when they do not fit together
   */
  public ScratchSpace {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(newest, "newest");
    if (entries < 0) {
      throw new IllegalArgumentException("entries must not be negative: " + entries);
    }
  }
}
