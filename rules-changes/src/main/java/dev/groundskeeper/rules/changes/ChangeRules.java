package dev.groundskeeper.rules.changes;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.ProvidesRules;
import dev.groundskeeper.api.RuleProvider;
import java.util.List;

/** The guards over uncommitted work, configured by the {@code changes:} block. */
@API(status = API.Status.EXPERIMENTAL)
@ProvidesRules(namespace = ChangesConfig.NAMESPACE, ids = {DiscardRule.ID, DeleteRule.ID, ExpireRule.ID,
    ForcePushRule.ID})
public final class ChangeRules implements RuleProvider<ChangesConfig> {

  /**
   * Creates the provider. {@code ServiceLoader} calls it through {@code META-INF/services}; the
   * rules themselves are built later, from the configuration, by {@link #rules}.
   */
  public ChangeRules() {
    // found through ServiceLoader
  }

  @Override
  public Class<ChangesConfig> configType() {
    return ChangesConfig.class;
  }

  @Override
  public ChangesConfig defaultConfig() {
    return ChangesConfig.DEFAULTS;
  }

  @Override
  public List<ConfiguredRule> rules(ChangesConfig config) {
    return List.of(new ConfiguredRule(new DiscardRule(config), config.discard()),
        new ConfiguredRule(new DeleteRule(config), config.delete()),
        new ConfiguredRule(new ExpireRule(config), config.expire()),
        new ConfiguredRule(new ForcePushRule(config), config.forcePush()));
  }
}
