package dev.groundskeeper.cli;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.NoConfig;
import dev.groundskeeper.api.ProvidesRules;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.RuleProvider;
import dev.groundskeeper.api.Verdict;
import java.util.List;
import java.util.Set;

/**
 * A provider deliberately absent from the test {@code META-INF/services} file: only a plugin jar
 * that lists it makes it discoverable.
 */
@ProvidesRules(namespace = "clitestplugin", ids = "clitestplugin.flag")
public final class PluginRules implements RuleProvider<NoConfig> {

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
    return List.of(ConfiguredRule.atDefault(new Rule() {
      @Override
      public RuleInfo info() {
        return new RuleInfo("clitestplugin.flag", "Plugin flag", "Flags plugin-check.",
            Mode.BLOCK, Set.of(Event.CommandEvent.class), "rules/clitestplugin.flag.md");
      }

      @Override
      public Verdict evaluate(Event event, Facts facts) {
        return ((Event.CommandEvent) event).command().equals("plugin-check")
            ? Verdict.advise("clitestplugin.flag", "the plugin saw it")
            : Verdict.allow("clitestplugin.flag");
      }
    }));
  }
}
