package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Inclusive bounds of a numeric configuration key ({@code int}, {@code long}, {@code double}, or
 * an {@code Optional} or {@code List} of them, where the bounds apply to each present number).
 * A value outside the bounds is a configuration problem; the bounds also become the schema's
 * {@code minimum} and {@code maximum}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
@API(status = API.Status.STABLE)
public @interface Range {

  /** {@return the smallest value accepted} */
  double min() default Double.NEGATIVE_INFINITY;

  /** {@return the largest value accepted} */
  double max() default Double.POSITIVE_INFINITY;
}
