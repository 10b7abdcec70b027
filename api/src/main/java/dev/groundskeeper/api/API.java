package dev.groundskeeper.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a public type or member with the stability promise it carries, so integrators know what
 * they may build on. Types without this mark are not part of the public API, even when Java
 * visibility forces them to be public.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.CONSTRUCTOR, ElementType.FIELD})
@API(status = API.Status.STABLE, since = "0.1")
public @interface API {

  /** {@return the stability promise} */
  Status status();

  /** {@return the version in which the element reached its current status} */
  String since() default "0.1";

  /** The stability promises. */
  enum Status {
    /** Will not change incompatibly before the next major version. */
    STABLE,
    /** Usable, but may change incompatibly in a minor version after notice. */
    EXPERIMENTAL,
    /** Public for technical reasons only; may change at any time. */
    INTERNAL
  }
}
