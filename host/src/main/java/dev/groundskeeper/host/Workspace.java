package dev.groundskeeper.host;

import dev.groundskeeper.api.API;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where an event happens: the directory, and the root of the git repository containing it if any
 * (the nearest directory holding a {@code .git} directory or file). Found by looking for
 * {@code .git} on the way up rather than by opening the repository, because a hook runs once per
 * tool call and must not pay a repository library's start-up just to learn where it is.
 *
 * @param directory the directory, absolute and normalized when found by {@link #locate}
 * @param root the top-level directory of the checkout holding it; empty outside any repository
 */
@API(status = API.Status.EXPERIMENTAL)
public record Workspace(Path directory, Optional<Path> root) {

  /**
   * Checks that no component is null.
   *
   * @param directory the directory
   * @param root the top-level directory of the checkout holding it; empty outside any repository
   * @throws NullPointerException if a component is null
   */
  public Workspace {
    Objects.requireNonNull(directory, "directory");
    Objects.requireNonNull(root, "root");
  }

  /**
   * Finds the workspace of a directory by looking for {@code .git} (a directory or a file) in it
   * and each parent.
   *
   * @param directory the directory, which need not exist yet; a relative one is taken from the
   *     process's working directory
   * @return the workspace, with no root outside any repository
   */
  public static Workspace locate(Path directory) {
    Path absolute = directory.toAbsolutePath().normalize();
    for (Path candidate = absolute; candidate != null; candidate = candidate.getParent()) {
      if (Files.exists(candidate.resolve(".git"))) {
        return new Workspace(absolute, Optional.of(candidate));
      }
    }
    return new Workspace(absolute, Optional.empty());
  }

  /** {@return the repository root, or the directory itself outside any repository} */
  public Path base() {
    return root.orElse(directory);
  }
}
