package dev.groundskeeper.api;

/** The root of every exception Groundskeeper throws on purpose. */
@API(status = API.Status.STABLE)
public class GroundskeeperException extends RuntimeException {

  /**
   * A failure with a message that names what failed and why.
   *
   * @param message the message
   */
  public GroundskeeperException(String message) {
    super(message);
  }

  /**
   * A failure caused by another.
   *
   * @param message the message
   * @param cause the failure underneath
   */
  public GroundskeeperException(String message, Throwable cause) {
    super(message, cause);
  }
}
