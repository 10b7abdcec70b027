package dev.groundskeeper.host.runner;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.GroundskeeperException;

/** A hook payload that cannot be mapped: not an object, a field missing or of the wrong type. */
@API(status = API.Status.EXPERIMENTAL)
public final class PayloadException extends GroundskeeperException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what is wrong, naming the hook's event and the field, as a person reads it
   */
  public PayloadException(String message) {
    super(message);
  }
}
