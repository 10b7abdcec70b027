package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Describes a configuration key (on a record component) or a block (on the record type) for
 * users: the text becomes the key's {@code description} in the generated JSON Schema, which
 * editors show on hover.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.TYPE})
@API(status = API.Status.STABLE)
public @interface Doc {

  /** {@return the description} */
  String value();
}
