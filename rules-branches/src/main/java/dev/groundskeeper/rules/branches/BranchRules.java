package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.ProvidesRules;
import dev.groundskeeper.api.RuleProvider;
import java.util.List;

/**
 * The provider of every branch rule, configured by the {@code branches:} block
 * ({@link BranchesConfig}).
 */
@API(status = API.Status.EXPERIMENTAL)
@ProvidesRules(namespace = "branches", ids = {
    WipCapRule.ID, DuplicateStemRule.ID, DormancyRule.ID, ContainmentRule.ID,
    ForceRemovalRule.ID, RemoteDeleteRule.ID, StopGuardRule.ID, EvacuationRule.ID,
    CleanupAfterMergeRule.ID, SweepRule.ID})
public final class BranchRules implements RuleProvider<BranchesConfig> {

  /**
   * Creates the provider. {@code ServiceLoader} calls it through {@code META-INF/services}; the
   * rules themselves are built later, from the configuration, by {@link #rules}.
   */
  public BranchRules() {
    // found through ServiceLoader
  }

  @Override
  public Class<BranchesConfig> configType() {
    return BranchesConfig.class;
  }

  @Override
  public BranchesConfig defaultConfig() {
    return BranchesConfig.DEFAULTS;
  }

  @Override
  public List<ConfiguredRule> rules(BranchesConfig config) {
    Mode dormancy = config.dormancy().mode();
    return List.of(
        new ConfiguredRule(new WipCapRule(config), config.wip().mode()),
        new ConfiguredRule(new DuplicateStemRule(config), config.duplicates().mode()),
        new ConfiguredRule(new DormancyRule(config), dormancy),
        new ConfiguredRule(new ContainmentRule(config), dormancy.isOff() ? Mode.OFF : Mode.ADVISE),
        new ConfiguredRule(new ForceRemovalRule(config), config.forceRemoval().mode()),
        new ConfiguredRule(new RemoteDeleteRule(config), Mode.BLOCK),
        new ConfiguredRule(new StopGuardRule(config), config.stopGuard().mode()),
        new ConfiguredRule(new EvacuationRule(config), config.evacuation().mode()),
        new ConfiguredRule(new CleanupAfterMergeRule(config),
            config.cleanupAfterMerge().mode()),
        new ConfiguredRule(new SweepRule(config), Mode.ON));
  }
}
