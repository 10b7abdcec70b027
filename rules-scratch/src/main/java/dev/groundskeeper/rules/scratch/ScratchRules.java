package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.ProvidesRules;
import dev.groundskeeper.api.RuleProvider;
import java.util.List;

/**
 * The provider of every rule about an agent's scratch files, configured by the {@code scratch:}
 * block ({@link ScratchConfig}).
 */
@API(status = API.Status.EXPERIMENTAL)
@ProvidesRules(namespace = "scratch", ids = {
    ShapeRule.ID, ConsumeChainRule.ID, SweepRule.ID, OrientationRule.ID, StaleNotesRule.ID,
    NoCommitRule.ID})
public final class ScratchRules implements RuleProvider<ScratchConfig> {

  /**
   * Creates the provider. {@code ServiceLoader} calls it through {@code META-INF/services}; the
   * rules themselves are built later, from the configuration, by {@link #rules}.
   */
  public ScratchRules() {
    // found through ServiceLoader
  }

  @Override
  public Class<ScratchConfig> configType() {
    return ScratchConfig.class;
  }

  @Override
  public ScratchConfig defaultConfig() {
    return ScratchConfig.DEFAULTS;
  }

  @Override
  public List<ConfiguredRule> rules(ScratchConfig config) {
    Mode orientation = config.orientation().mode();
    return List.of(
        new ConfiguredRule(new ShapeRule(config), config.shapeDeny().mode()),
        new ConfiguredRule(new ConsumeChainRule(config), config.consumeChain().mode()),
        new ConfiguredRule(new SweepRule(config), Mode.ON),
        new ConfiguredRule(new OrientationRule(config), orientation),
        new ConfiguredRule(new StaleNotesRule(config), orientation),
        // Scratch mode has no key of its own: the runner decides it, and it is never softened.
        new ConfiguredRule(new NoCommitRule(), Mode.BLOCK));
  }
}
