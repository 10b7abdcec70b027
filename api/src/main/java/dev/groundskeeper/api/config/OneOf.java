package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The words a {@code String} or {@link dev.groundskeeper.api.Mode} key accepts (also through
 * {@code Optional} or {@code List}). Without it a {@code Mode} key accepts {@code block},
 * {@code advise} and {@code off}, and a {@code String} key accepts any text. The words become the
 * schema's {@code enum}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
@API(status = API.Status.STABLE)
public @interface OneOf {

  /** {@return the accepted words} */
  String[] value();
}
