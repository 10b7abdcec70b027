package dev.groundskeeper.cli;

import dev.groundskeeper.api.config.ConfigLayer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The configuration files in force for a workspace, lowest precedence first: the user file
 * ({@code $XDG_CONFIG_HOME/groundskeeper/config.yaml}, default {@code ~/.config/...}), then
 * {@code .groundskeeper.yaml} of the main checkout, then that of a linked worktree's own root.
 * Missing files are simply absent layers; the embedded defaults lie under all of them.
 */
final class ConfigFiles {

  static final String REPOSITORY_FILE = ".groundskeeper.yaml";

  private ConfigFiles() {}

  static List<ConfigLayer> layers(Workspace workspace, Invocation invocation) {
    List<ConfigLayer> layers = new ArrayList<>();
    userFile(invocation).ifPresent(file -> read("user", file).ifPresent(layers::add));
    workspace.mainRoot().ifPresent(main -> read("repository", main.resolve(REPOSITORY_FILE))
        .ifPresent(layers::add));
    workspace.root().filter(root -> !root.equals(workspace.mainRoot().orElse(null)))
        .ifPresent(root -> read("worktree", root.resolve(REPOSITORY_FILE))
            .ifPresent(layers::add));
    return List.copyOf(layers);
  }

  static Optional<Path> userFile(Invocation invocation) {
    return invocation.env("XDG_CONFIG_HOME").map(Path::of)
        .or(() -> invocation.env("HOME").map(home -> Path.of(home, ".config")))
        .map(dir -> dir.resolve("groundskeeper").resolve("config.yaml"));
  }

  private static Optional<ConfigLayer> read(String name, Path file) {
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(new ConfigLayer(name, Optional.of(file),
          Files.readString(file, StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new CliException("cannot read configuration file " + file + ": " + e.getMessage());
    }
  }
}
