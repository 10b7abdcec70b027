package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * One layer of configuration text, named by where it came from ({@code user},
 * {@code repository}, ...). Later layers override earlier ones key by key.
 *
 * @param name where the layer came from ({@code user}, {@code repository}, ...)
 * @param file the file it was read from, when there is one
 * @param yaml its YAML text
 */
@API(status = API.Status.STABLE)
public record ConfigLayer(String name, Optional<Path> file, String yaml) {

  /**
   * Checks the components.
   *
   * @param name where the layer came from ({@code user}, {@code repository}, ...)
   * @param file the file it was read from, when there is one
   * @param yaml its YAML text
   */
  public ConfigLayer {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(yaml, "yaml");
  }

  /**
   * A layer that is not read from a file (a test, an embedding application's own text).
   *
   * @param name the layer's name, for messages and origins
   * @param yaml its YAML text
   * @return the layer
   */
  public static ConfigLayer ofText(String name, String yaml) {
    return new ConfigLayer(name, Optional.empty(), yaml);
  }

  /** {@return the file's path for messages, or the layer's name when it has no file} */
  public String source() {
    return file.map(Path::toString).orElse("<" + name + ">");
  }
}
