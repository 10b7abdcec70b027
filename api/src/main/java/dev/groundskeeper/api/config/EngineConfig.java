package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.Objects;

/**
 * The {@code engine:} block: what happens when a rule fails ({@code on_error}), extra rule jars
 * ({@code plugins}, paths of jars or directories of jars), and rule-id glob filters
 * ({@code include}, {@code exclude}; an empty include means every rule).
 */
@API(status = API.Status.STABLE)
public record EngineConfig(OnError onError, List<String> plugins, List<String> include,
    List<String> exclude) {

  public static final String NAMESPACE = "engine";
  public static final EngineConfig DEFAULTS =
      new EngineConfig(OnError.ALLOW, List.of(), List.of(), List.of());

  public EngineConfig {
    Objects.requireNonNull(onError, "onError");
    plugins = List.copyOf(plugins);
    include = List.copyOf(include);
    exclude = List.copyOf(exclude);
  }

  public static ConfigSpec<EngineConfig> spec() {
    return new ConfigSpec<>(NAMESPACE, EngineConfig.class, DEFAULTS);
  }

  /** What an internal error of a rule turns into. */
  public enum OnError {
    /** The failing rule's verdict is could-not-judge; the agent is not blocked. */
    ALLOW,
    /** The failing rule's verdict becomes a denial. */
    DENY
  }
}
