package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * One layer of configuration text, named by where it came from ({@code user},
 * {@code repository}, ...). Later layers override earlier ones key by key.
 */
@API(status = API.Status.STABLE)
public record ConfigLayer(String name, Optional<Path> file, String yaml) {

  public ConfigLayer {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(yaml, "yaml");
  }

  public static ConfigLayer ofText(String name, String yaml) {
    return new ConfigLayer(name, Optional.empty(), yaml);
  }

  /** The file's path for messages, or the layer's name when it has no file. */
  public String source() {
    return file.map(Path::toString).orElse("<" + name + ">");
  }
}
