package dev.groundskeeper.api.files;

import dev.groundskeeper.api.API;
import java.nio.file.Path;

/** Answers whether a path exists, without following a final symbolic link. */
@API(status = API.Status.EXPERIMENTAL)
@FunctionalInterface
public interface PathProbe {

  /**
   * True when something (a file, a directory, a symbolic link even if dangling) is at the path.
   * A relative path resolves against {@link FileFacts#WORKTREE_ROOT}.
   *
   * @param path the path
   * @return true when something is there
   */
  boolean exists(Path path);
}
