package dev.groundskeeper.examples.forcepush;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.ProvidesRules;
import dev.groundskeeper.api.RuleProvider;
import java.util.List;

/**
 * Provides {@code example.protected-force-push}. Registered in
 * {@code META-INF/services/dev.groundskeeper.api.RuleProvider}; the annotation lets the engine
 * filter it by id before instantiating it.
 */
@API(status = API.Status.EXPERIMENTAL)
@ProvidesRules(namespace = "example", ids = ProtectedForcePushRule.ID)
public final class ProtectedForcePushProvider implements RuleProvider<ProtectedForcePushConfig> {

  @Override
  public Class<ProtectedForcePushConfig> configType() {
    return ProtectedForcePushConfig.class;
  }

  @Override
  public ProtectedForcePushConfig defaultConfig() {
    return ProtectedForcePushConfig.DEFAULTS;
  }

  @Override
  public List<ConfiguredRule> rules(ProtectedForcePushConfig config) {
    ProtectedForcePushConfig.ProtectedForcePush settings = config.protectedForcePush();
    return List.of(new ConfiguredRule(new ProtectedForcePushRule(settings.branches()),
        settings.mode()));
  }
}
