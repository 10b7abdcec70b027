package com.example.rules;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.NoConfig;
import dev.groundskeeper.api.ProvidesRules;
import dev.groundskeeper.api.RuleProvider;
import java.util.List;

/**
 * The rules of this jar, found through
 * {@code META-INF/services/dev.groundskeeper.api.RuleProvider}. The {@code example:} block of
 * {@code .groundskeeper.yaml} has nothing to configure: the rule runs at its default mode, and
 * {@code engine.exclude: ["example.no-verify"]} switches it off.
 */
@ProvidesRules(namespace = "example", ids = NoVerifyRule.ID)
public final class ExampleRulesProvider implements RuleProvider<NoConfig> {

  @Override
  public Class<NoConfig> configType() {
    return NoConfig.class;
  }

  @Override
  public NoConfig defaultConfig() {
    return NoConfig.INSTANCE;
  }

  @Override
  public List<ConfiguredRule> rules(NoConfig config) {
    return List.of(ConfiguredRule.atDefault(new NoVerifyRule()));
  }
}
