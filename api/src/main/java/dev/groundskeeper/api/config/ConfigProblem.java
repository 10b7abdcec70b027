package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
import java.util.Objects;
import java.util.Optional;

/**
 * One thing wrong in a configuration file: where (file, 1-based line and column, key path such as
 * {@code branches.wip.cap}), what was expected, and for a misspelt key the nearest valid one.
 *
 * @param source the file (or layer name) the problem is in
 * @param line the 1-based line, 0 when unknown
 * @param column the 1-based column, 0 when unknown
 * @param keyPath the dotted key path ({@code branches.wip.cap})
 * @param message what was expected
 * @param suggestion for a misspelt key, the nearest valid one
 */
@API(status = API.Status.STABLE)
public record ConfigProblem(String source, int line, int column, String keyPath, String message,
    Optional<String> suggestion) {

  /**
   * Checks the components.
   *
   * @param source the file (or layer name) the problem is in
   * @param line the 1-based line, 0 when unknown
   * @param column the 1-based column, 0 when unknown
   * @param keyPath the dotted key path ({@code branches.wip.cap})
   * @param message what was expected
   * @param suggestion for a misspelt key, the nearest valid one
   */
  public ConfigProblem {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(keyPath, "keyPath");
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(suggestion, "suggestion");
    // Every check may quote what it read; a file can hold a value of any size, and a problem is
    // shown to agents and people, so it is bounded here, once, for every check.
    keyPath = bounded(keyPath);
    message = bounded(message);
  }

  /** The most characters of a key path or a message a problem keeps. */
  private static final int MAX_CHARS = 600;

  private static String bounded(String text) {
    if (text.length() <= MAX_CHARS) {
      return text;
    }
    int end = Character.isHighSurrogate(text.charAt(MAX_CHARS - 1)) ? MAX_CHARS - 1 : MAX_CHARS;
    return text.substring(0, end) + "… (" + text.length() + " characters in all)";
  }

  /** {@return {@code file:line:column: key.path: message (did you mean `x`?)}} */
  public String render() {
    StringBuilder text = new StringBuilder(source);
    if (line > 0) {
      text.append(':').append(line);
      if (column > 0) {
        text.append(':').append(column);
      }
    }
    text.append(": ");
    if (!keyPath.isEmpty()) {
      text.append(keyPath).append(": ");
    }
    text.append(message);
    suggestion.ifPresent(s -> text.append(" (did you mean `").append(s).append("`?)"));
    return text.toString();
  }
}
