package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.Objects;

/**
 * A leading {@code NAME=value} (or {@code NAME+=value}) of a simple command, or one given to
 * {@code env}. {@code value} is the word after the {@code =} (an array {@code NAME=(a b)} keeps
 * its parenthesised text and is not static).
 *
 * @param name the variable's name
 * @param value the word after the {@code =}
 * @param append whether it is a {@code +=}
 * @param start where it starts in the source
 * @param end where it ends, exclusive
 */
@API(status = API.Status.EXPERIMENTAL)
public record Assignment(String name, Word value, boolean append, int start, int end) {

  /**
   * Checks the components.
   *
   * @param name the variable's name
   * @param value the word after the {@code =}
   * @param append whether it is a {@code +=}
   * @param start where it starts in the source
   * @param end where it ends, exclusive
   */
  public Assignment {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(value, "value");
  }
}
