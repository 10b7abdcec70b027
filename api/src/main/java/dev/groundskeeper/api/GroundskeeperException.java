package dev.groundskeeper.api;

/** The root of every exception Groundskeeper throws on purpose. */
@API(status = API.Status.STABLE)
public class GroundskeeperException extends RuntimeException {

  public GroundskeeperException(String message) {
    super(message);
  }

  public GroundskeeperException(String message, Throwable cause) {
    super(message, cause);
  }
}
