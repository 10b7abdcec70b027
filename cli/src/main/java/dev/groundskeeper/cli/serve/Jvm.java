package dev.groundskeeper.cli.serve;

import java.nio.charset.Charset;
import java.util.Optional;

/**
 * The charsets a fresh JVM would use for what a hook reads and writes. They follow the locale,
 * which {@link ProcessEnvironment} requires to be the caller's, so the server's own values are the
 * ones a fresh process of the caller would have.
 */
final class Jvm {

  /** How the JVM decodes its environment, arguments and working directory. */
  static final Charset PATH_CHARSET = property("sun.jnu.encoding");
  /** How {@code System.out} and {@code System.err} encode text (Java 17: the default charset). */
  static final Charset STDOUT_CHARSET = property("stdout.encoding");
  static final Charset STDERR_CHARSET = property("stderr.encoding");

  private Jvm() {}

  private static Charset property(String name) {
    return Optional.ofNullable(System.getProperty(name))
        .filter(Charset::isSupported)
        .map(Charset::forName)
        .orElse(Charset.defaultCharset());
  }
}
