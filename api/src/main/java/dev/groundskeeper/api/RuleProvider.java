package dev.groundskeeper.api;

import java.util.List;

/**
 * The service-provider interface for rule modules, found through {@link java.util.ServiceLoader}
 * from {@code META-INF/services/dev.groundskeeper.api.RuleProvider}. Implementations carry
 * {@link ProvidesRules}, have a public no-argument constructor, and build their rules from their
 * typed configuration: a record whose components map to the snake_case keys of the provider's
 * namespace block (see {@code dev.groundskeeper.api.config}).
 *
 * @param <C> the provider's configuration record ({@link NoConfig} when it has none)
 */
@API(status = API.Status.STABLE)
public interface RuleProvider<C> {

  /**
   * The configuration record type; the schema and validation are derived from it.
   *
   * @return the record class, or {@code NoConfig.class}
   */
  Class<C> configType();

  /**
   * The embedded defaults: what a repository without any configuration file gets.
   *
   * @return the default configuration
   */
  C defaultConfig();

  /**
   * Builds the rules with their modes for this configuration. Rules whose mode is
   * {@link Mode#OFF} may be returned; the engine does not run them.
   *
   * @param config the effective configuration of the provider's namespace
   * @return the rules, each with its mode
   */
  List<ConfiguredRule> rules(C config);
}
