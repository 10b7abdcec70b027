package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The shape a free-text configuration key must have ({@code String}, or an {@code Optional} or
 * {@code List} of them, where the shape applies to each present string): the whole text must match
 * {@link #value()} (a {@link java.util.regex.Pattern} that also reads the same as an ECMA-262
 * expression, since it becomes the schema's anchored {@code pattern}). A text of another shape is
 * a configuration problem that names {@link #description()}, so the loader and the schema refuse
 * the same values.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
@API(status = API.Status.EXPERIMENTAL)
public @interface Matches {

  /** {@return the expression the whole text must match} */
  String value();

  /** {@return what a matching text is, for messages: "an ISO-8601 date or timestamp"} */
  String description();
}
