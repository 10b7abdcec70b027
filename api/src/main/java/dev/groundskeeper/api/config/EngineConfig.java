package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.Objects;

/**
 * The {@code engine:} block: what happens when a rule fails ({@code on_error}), extra rule jars
 * ({@code plugins}, paths of jars or directories of jars), and rule-id glob filters
 * ({@code include}, {@code exclude}; an empty include means every rule).
 *
 * @param onError what an internal error of a rule turns into
 * @param plugins extra rule jars or directories of jars
 * @param include rule-id globs to run; empty means every rule
 * @param exclude rule-id globs never to run
 */
@API(status = API.Status.STABLE)
@Doc("How the engine runs: what a failing rule turns into, extra rule jars, and which rules run.")
public record EngineConfig(
    @Doc("What an internal error of a rule turns into: allow (the rule could not judge; the"
        + " agent is not blocked) or deny.") OnError onError,
    @Doc("Extra rule jars: paths of jars or of directories holding jars.") List<String> plugins,
    @Doc("Rule-id globs to run (* any run of characters, ? one); empty means every rule.")
    List<String> include,
    @Doc("Rule-id globs never to run; exclusion wins over inclusion.") List<String> exclude) {

  /** The block's key. */
  public static final String NAMESPACE = "engine";
  /** The embedded defaults: failures allow, no plugins, every rule. */
  public static final EngineConfig DEFAULTS =
      new EngineConfig(OnError.ALLOW, List.of(), List.of(), List.of());

  /**
   * Checks the components and keeps immutable copies of its collections.
   *
   * @param onError what an internal error of a rule turns into
   * @param plugins extra rule jars or directories of jars
   * @param include rule-id globs to run; empty means every rule
   * @param exclude rule-id globs never to run
   */
  public EngineConfig {
    Objects.requireNonNull(onError, "onError");
    plugins = List.copyOf(plugins);
    include = List.copyOf(include);
    exclude = List.copyOf(exclude);
  }

  /** {@return the block's namespace, record type and defaults} */
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
