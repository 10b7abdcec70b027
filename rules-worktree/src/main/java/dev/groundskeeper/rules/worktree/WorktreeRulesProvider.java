package dev.groundskeeper.rules.worktree;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.ProvidesRules;
import dev.groundskeeper.api.RuleProvider;
import java.util.List;

/** The worktree rules, configured by the {@code worktrees:} block. */
@API(status = API.Status.EXPERIMENTAL)
@ProvidesRules(namespace = WorktreesConfig.NAMESPACE, ids = {PlacementRule.ID})
public final class WorktreeRulesProvider implements RuleProvider<WorktreesConfig> {

  @Override
  public Class<WorktreesConfig> configType() {
    return WorktreesConfig.class;
  }

  @Override
  public WorktreesConfig defaultConfig() {
    return WorktreesConfig.DEFAULTS;
  }

  @Override
  public List<ConfiguredRule> rules(WorktreesConfig config) {
    return List.of(new ConfiguredRule(new PlacementRule(config.allowedRoots()),
        config.placement()));
  }
}
