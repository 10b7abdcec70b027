package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A redirection: the descriptor it applies to when written ({@code 2>}), or the variable of a
 * {@code {fd}>} form, the operator, and its target word. For a heredoc the target is the
 * delimiter and {@code heredocBody} holds the body (without the delimiter line); for a
 * here-string the target is the string.
 *
 * @param descriptor the descriptor, when written
 * @param descriptorVariable the variable of a {@code {fd}>} form
 * @param operator the operator
 * @param target the target word (the delimiter for a heredoc)
 * @param heredocBody the heredoc body, for a heredoc
 * @param start where it starts in the source
 * @param end where it ends, exclusive
 */
@API(status = API.Status.EXPERIMENTAL)
public record Redirection(OptionalInt descriptor, Optional<String> descriptorVariable,
    RedirectOperator operator, Word target, Optional<String> heredocBody, int start, int end) {

  /**
   * Checks the components.
   *
   * @param descriptor the descriptor, when written
   * @param descriptorVariable the variable of a {@code {fd}>} form
   * @param operator the operator
   * @param target the target word (the delimiter for a heredoc)
   * @param heredocBody the heredoc body, for a heredoc
   * @param start where it starts in the source
   * @param end where it ends, exclusive
   */
  public Redirection {
    Objects.requireNonNull(descriptor, "descriptor");
    Objects.requireNonNull(descriptorVariable, "descriptorVariable");
    Objects.requireNonNull(operator, "operator");
    Objects.requireNonNull(target, "target");
    Objects.requireNonNull(heredocBody, "heredocBody");
  }

  /**
   * True when this redirection writes a file: a writing operator whose target is not
   * {@code /dev/null}, {@code /dev/stdout}, {@code /dev/stderr} or {@code /dev/fd/N}.
   *
   * @return true for a written file
   */
  public boolean writesFile() {
    return operator.writesFile() && !isDeviceTarget(target.value())
        && !isProcessSubstitution(target);
  }

  /** True for a {@code >(…)} or {@code <(…)} word: a pipe to a command, not a file. */
  static boolean isProcessSubstitution(Word w) {
    return !w.isStatic() && (w.value().startsWith(">(") || w.value().startsWith("<("))
        && w.value().endsWith(")");
  }

  /** {@return true when the redirection sends standard output somewhere (no descriptor, or 1)} */
  public boolean redirectsStandardOutput() {
    if (operator == RedirectOperator.OUT_ERR || operator == RedirectOperator.APPEND_OUT_ERR) {
      return true;
    }
    return (operator.writesFile() || operator == RedirectOperator.DUP_OUT)
        && operator != RedirectOperator.IN_OUT
        && descriptorVariable.isEmpty()
        && (descriptor.isEmpty() || descriptor.getAsInt() == 1);
  }

  static boolean isDeviceTarget(String path) {
    return path.equals("/dev/null") || path.equals("/dev/stdout") || path.equals("/dev/stderr")
        || path.equals("/dev/tty") || path.startsWith("/dev/fd/");
  }
}
