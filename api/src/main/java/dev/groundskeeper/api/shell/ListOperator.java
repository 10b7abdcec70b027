package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;

/**
 * The operator written before a command. The first command of a group ({@code ( )},
 * {@code { }}, a substitution, a re-parsed {@code sh -c} string, a wrapped command) carries the
 * operator written before the group; the first command of the whole script carries
 * {@link #NONE}; the first command of an {@code if}/loop/{@code case} body carries
 * {@link #SEMICOLON}, because whether it runs does not follow the {@code &&} chain outside.
 */
@API(status = API.Status.EXPERIMENTAL)
public enum ListOperator {
  NONE(""),
  AND("&&"),
  OR("||"),
  SEMICOLON(";"),
  NEWLINE("\n"),
  BACKGROUND("&"),
  PIPE("|"),
  PIPE_STDERR("|&");

  private final String symbol;

  ListOperator(String symbol) {
    this.symbol = symbol;
  }

  /** The operator as written ({@code "\n"} for a newline, empty for {@link #NONE}). */
  public String symbol() {
    return symbol;
  }

  /** True for {@code |} and {@code |&}: the command is a later member of a pipeline. */
  public boolean isPipe() {
    return this == PIPE || this == PIPE_STDERR;
  }
}
