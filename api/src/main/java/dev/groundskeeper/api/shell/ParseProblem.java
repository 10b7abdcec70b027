package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.Objects;

/**
 * Why the parser could not read a command in full, and the source offset where it stopped.
 *
 * @param reason why the parser stopped
 * @param offset where in the source it stopped
 */
@API(status = API.Status.EXPERIMENTAL)
public record ParseProblem(String reason, int offset) {

  /**
   * Checks the components.
   *
   * @param reason why the parser stopped
   * @param offset where in the source it stopped
   */
  public ParseProblem {
    Objects.requireNonNull(reason, "reason");
  }

  @Override
  public String toString() {
    return reason + " at offset " + offset;
  }
}
