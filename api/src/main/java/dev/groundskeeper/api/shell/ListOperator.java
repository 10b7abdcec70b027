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
  /** Nothing: the script's first command. */
  NONE(""),
  /** {@code &&}: runs when the command before succeeded. */
  AND("&&"),
  /** {@code ||}: runs when the command before failed. */
  OR("||"),
  /** {@code ;}: runs whatever the command before did. */
  SEMICOLON(";"),
  /** A line break, which separates like {@code ;}. */
  NEWLINE("\n"),
  /** {@code &}: the command before runs in the background. */
  BACKGROUND("&"),
  /** {@code |}: reads the standard output of the command before. */
  PIPE("|"),
  /** {@code |&}: reads its standard output and standard error. */
  PIPE_STDERR("|&");

  private final String symbol;

  ListOperator(String symbol) {
    this.symbol = symbol;
  }

  /** {@return the operator as written ({@code "\n"} for a newline, empty for {@link #NONE})} */
  public String symbol() {
    return symbol;
  }

  /** {@return true for {@code |} and {@code |&}: the command is a later member of a pipeline} */
  public boolean isPipe() {
    return this == PIPE || this == PIPE_STDERR;
  }
}
