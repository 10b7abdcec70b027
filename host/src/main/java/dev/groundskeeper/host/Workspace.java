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
 */
@API(status = API.Status.EXPERIMENTAL)
public record Workspace(Path directory, Optional<Path> root) {

  public Workspace {
    Objects.requireNonNull(directory, "directory");
    Objects.requireNonNull(root, "root");
  }

  /** {@return the workspace of {@code directory}, which need not exist yet} */
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
