package dev.groundskeeper.cli.install;

import dev.groundskeeper.api.GroundskeeperException;

/** A settings file or an option install cannot work with; the message says which and why. */
final class InstallException extends GroundskeeperException {
  private static final long serialVersionUID = 1L;

  InstallException(String message) {
    super(message);
  }
}
