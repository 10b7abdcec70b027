package dev.groundskeeper.git;

import dev.groundskeeper.api.API;
import java.io.IOException;

/**
 * A named point between two steps of an effect, where a test makes the effect fail or stop dead
 * (issue 17: every effect killed at every step must leave nothing lost or torn). The executor
 * passes each point in order; in use the points do nothing.
 */
@API(status = API.Status.INTERNAL)
@FunctionalInterface
public interface Faults {

  /** Passes every point. */
  Faults NONE = step -> { };

  /**
   * Called just before {@code step} changes anything.
   *
   * @param step the point's name, such as {@code snapshot.rename}
   * @throws IOException to make the step fail as a full disk or a refused write would
   */
  void before(String step) throws IOException;
}
