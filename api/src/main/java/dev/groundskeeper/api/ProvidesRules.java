package dev.groundskeeper.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares, on a {@link RuleProvider} class, its configuration namespace and the ids of the rules
 * it provides. The engine reads this before instantiating the provider, so include/exclude
 * filters can skip a provider without running any of its code, and checks afterwards that the
 * provider built exactly the rules it declared.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@API(status = API.Status.STABLE)
public @interface ProvidesRules {

  /**
   * {@return the top-level configuration key this provider owns; every rule id starts with it and a
   * dot}
   */
  String namespace();

  /** {@return every rule id the provider can build} */
  String[] ids();
}
