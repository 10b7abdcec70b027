package dev.groundskeeper.cli;

/** A failure the person can act on, reported as one message without a stack trace. */
final class CliException extends RuntimeException {

  CliException(String message) {
    super(message);
  }

  CliException(String message, Throwable cause) {
    super(message, cause);
  }
}
