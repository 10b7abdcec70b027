package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One namespace of the configuration file: its top-level key, the record type its block binds to,
 * and the embedded defaults.
 *
 * @param namespace the top-level key, lower-case snake_case
 * @param type the record type its block binds to
 * @param defaults the embedded defaults
 */
@API(status = API.Status.STABLE)
public record ConfigSpec<C>(String namespace, Class<C> type, C defaults) {

  private static final Pattern NAMESPACE = Pattern.compile("[a-z][a-z0-9_]*");

  /**
   * Checks the components.
   *
   * @param namespace the top-level key, lower-case snake_case
   * @param type the record type its block binds to
   * @param defaults the embedded defaults
   * @throws IllegalArgumentException when they do not fit together
   */
  public ConfigSpec {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(defaults, "defaults");
    if (!NAMESPACE.matcher(namespace).matches()) {
      throw new IllegalArgumentException("a namespace is a lower-case word: '" + namespace + "'");
    }
    if (!type.isInstance(defaults)) {
      throw new IllegalArgumentException("defaults of " + namespace + " are not a " + type.getName());
    }
  }
}
