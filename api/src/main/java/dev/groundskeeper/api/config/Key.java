package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The YAML key of a record component when it is not the component's name in snake_case, for
 * example a key that is a Java keyword: {@code @Key("default") String defaultBranch}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
@API(status = API.Status.STABLE)
public @interface Key {

  /** {@return the key as written in YAML} */
  String value();
}
