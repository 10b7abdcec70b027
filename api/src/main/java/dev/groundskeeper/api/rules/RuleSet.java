package dev.groundskeeper.api.rules;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.NoConfig;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleProvider;
import java.util.List;

/**
 * A provider for rules without configuration: extend it with a public no-argument constructor
 * that hands the rules to {@code super}, annotate the class with
 * {@link dev.groundskeeper.api.ProvidesRules} naming the rules' id constants, and list it in
 * {@code META-INF/services/dev.groundskeeper.api.RuleProvider}. Its configuration block takes no
 * keys and each rule runs at its default mode; {@code engine.exclude} turns one off.
 *
 * <pre>{@code
 * @ProvidesRules(namespace = "example", ids = NoVerify.ID)
 * public final class ExampleRules extends RuleSet {
 *   public ExampleRules() {
 *     super(NoVerify.RULE);
 *   }
 * }
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL)
public abstract class RuleSet implements RuleProvider<NoConfig> {

  private final List<Rule> rules;

  /**
   * Holds the set's rules.
   *
   * @param rules the rules, at least one; values, so they may be shared constants
   * @throws IllegalArgumentException when there is none
   */
  protected RuleSet(Rule... rules) {
    this.rules = List.of(rules);
    if (this.rules.isEmpty()) {
      throw new IllegalArgumentException(getClass().getName() + " holds no rule");
    }
  }

  @Override
  public final Class<NoConfig> configType() {
    return NoConfig.class;
  }

  @Override
  public final NoConfig defaultConfig() {
    return NoConfig.INSTANCE;
  }

  @Override
  public final List<ConfiguredRule> rules(NoConfig config) {
    return rules.stream().map(ConfiguredRule::atDefault).toList();
  }
}
