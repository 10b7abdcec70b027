package dev.groundskeeper.host;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.GroundskeeperException;

/**
 * A problem of the installation the person can act on (a plugin path that does not exist, a jar
 * that cannot be read), reported as one message without a stack trace.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class HostException extends GroundskeeperException {
  private static final long serialVersionUID = 1L;

  public HostException(String message) {
    super(message);
  }

  public HostException(String message, Throwable cause) {
    super(message, cause);
  }
}
