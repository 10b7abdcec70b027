package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.Objects;

/**
 * A leading {@code NAME=value} (or {@code NAME+=value}) of a simple command, or one given to
 * {@code env}. {@code value} is the word after the {@code =} (an array {@code NAME=(a b)} keeps
 * its parenthesised text and is not static).
 */
@API(status = API.Status.EXPERIMENTAL)
public record Assignment(String name, Word value, boolean append, int start, int end) {

  public Assignment {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(value, "value");
  }
}
