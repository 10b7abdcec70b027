package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;

/** A redirection operator, as written. */
@API(status = API.Status.EXPERIMENTAL)
public enum RedirectOperator {
  /** {@code >} */
  OUT(">"),
  /** {@code >|} */
  CLOBBER(">|"),
  /** {@code >>} */
  APPEND(">>"),
  /** {@code &>} (and {@code >&} with a file target) */
  OUT_ERR("&>"),
  /** {@code &>>} */
  APPEND_OUT_ERR("&>>"),
  /** {@code <} */
  IN("<"),
  /** {@code <>} */
  IN_OUT("<>"),
  /** {@code >&} onto a descriptor number or {@code -} */
  DUP_OUT(">&"),
  /** {@code <&} */
  DUP_IN("<&"),
  /** {@code <<} */
  HEREDOC("<<"),
  /** {@code <<-} */
  HEREDOC_STRIP_TABS("<<-"),
  /** {@code <<<} */
  HERE_STRING("<<<");

  private final String symbol;

  RedirectOperator(String symbol) {
    this.symbol = symbol;
  }

  /** {@return the operator as written} */
  public String symbol() {
    return symbol;
  }

  /**
   * {@return true when the target is a file this redirection writes (creating or truncating or
   * appending)}
   */
  public boolean writesFile() {
    return this == OUT || this == CLOBBER || this == APPEND || this == OUT_ERR
        || this == APPEND_OUT_ERR || this == IN_OUT;
  }

  /** {@return true when the target is a file opened for appending} */
  public boolean appends() {
    return this == APPEND || this == APPEND_OUT_ERR;
  }

  /** {@return true for heredocs ({@code <<}, {@code <<-}); the target is then the delimiter} */
  public boolean isHeredoc() {
    return this == HEREDOC || this == HEREDOC_STRIP_TABS;
  }
}
