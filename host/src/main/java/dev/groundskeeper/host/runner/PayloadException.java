package dev.groundskeeper.host.runner;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.GroundskeeperException;

/** A hook payload that cannot be mapped: not an object, a field missing or of the wrong type. */
@API(status = API.Status.EXPERIMENTAL)
public final class PayloadException extends GroundskeeperException {
  private static final long serialVersionUID = 1L;

  public PayloadException(String message) {
    super(message);
  }
}
