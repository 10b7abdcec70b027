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

  /**
   * Creates the exception.
   *
   * @param message the text the person reads: what is wrong and what to do
   */
  public HostException(String message) {
    super(message);
  }

  /**
   * Creates the exception with the failure behind it, kept for {@code --debug}.
   *
   * @param message the text the person reads: what is wrong and what to do
   * @param cause the failure behind it
   */
  public HostException(String message, Throwable cause) {
    super(message, cause);
  }
}
