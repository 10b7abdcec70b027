package dev.groundskeeper.api;

import java.util.Objects;

/**
 * A rule with the mode its configuration gives it.
 *
 * @param rule the rule
 * @param mode its mode
 */
@API(status = API.Status.STABLE)
public record ConfiguredRule(Rule rule, Mode mode) {

  /**
   * Checks the components.
   *
   * @param rule the rule
   * @param mode its mode
   */
  public ConfiguredRule {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(mode, "mode");
  }

  /**
   * The rule at its declared default mode.
   *
   * @param rule the rule
   * @return the rule with {@link RuleInfo#defaultMode()}
   */
  public static ConfiguredRule atDefault(Rule rule) {
    return new ConfiguredRule(rule, rule.info().defaultMode());
  }

  /**
   * The rule's id.
   *
   * @return {@link RuleInfo#id()}
   */
  public String id() {
    return rule.info().id();
  }
}
