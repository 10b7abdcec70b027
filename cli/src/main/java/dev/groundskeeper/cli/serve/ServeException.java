package dev.groundskeeper.cli.serve;

import dev.groundskeeper.api.GroundskeeperException;

/** The server cannot start or be reached as asked; the message says why and what to do. */
final class ServeException extends GroundskeeperException {

  private static final long serialVersionUID = 1L;

  ServeException(String message) {
    super(message);
  }
}
