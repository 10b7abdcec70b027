package dev.groundskeeper.api;

import java.util.Objects;

/** A rule with the mode its configuration gives it. */
@API(status = API.Status.STABLE)
public record ConfiguredRule(Rule rule, Mode mode) {

  public ConfiguredRule {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(mode, "mode");
  }

  /** The rule at its declared default mode. */
  public static ConfiguredRule atDefault(Rule rule) {
    return new ConfiguredRule(rule, rule.info().defaultMode());
  }

  public String id() {
    return rule.info().id();
  }
}
