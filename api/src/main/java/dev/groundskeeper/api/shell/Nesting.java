package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.Objects;

/**
 * One construct a command sits inside, outermost first in {@link SimpleCommand#nesting()}.
 * {@code detail} names the construct where that helps: the wrapper ({@code sudo}, {@code xargs},
 * …), the shell of a re-parsed string ({@code bash}), the function name. {@code redirections}
 * are those written after a compound ({@code { …; } > out.txt}), which apply to every command
 * inside it.
 *
 * @param kind what construct
 * @param detail its name where that helps; may be empty
 * @param start where it starts in the source
 * @param redirections redirections written after a compound, applying inside it
 */
@API(status = API.Status.EXPERIMENTAL)
public record Nesting(Kind kind, String detail, int start, List<Redirection> redirections) {

  /**
   * Checks the components.
   *
   * @param kind what construct
   * @param detail its name where that helps; may be empty
   * @param start where it starts in the source
   * @param redirections redirections written after a compound, applying inside it
   */
  public Nesting {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(detail, "detail");
    redirections = CompactList.freeze(redirections);
  }

  /** What kind of construct. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Kind {
    /** {@code ( … )} */
    SUBSHELL,
    /** {@code { …; }} */
    BRACE_GROUP,
    /** {@code $( … )} */
    COMMAND_SUBSTITUTION,
    /** {@code `…`} */
    BACKTICK,
    /** {@code <( … )} or {@code >( … )} */
    PROCESS_SUBSTITUTION,
    /** the string of {@code sh|bash|dash|zsh|ksh -c '…'} */
    SHELL_STRING,
    /** the arguments of {@code eval} */
    EVAL,
    /**
     * what the code of an interpreter one-liner visibly runs ({@code python -c}, {@code node -e},
     * {@code perl -e}, {@code ruby -e}, or a script they read from a heredoc), written as the
     * shell commands it amounts to
     */
    INTERPRETER,
    /** the command run by {@code sudo}, {@code env}, {@code timeout}, {@code xargs}, … */
    WRAPPER,
    /** condition or branch of an {@code if} */
    IF,
    /** condition or body of {@code while}, {@code until}, {@code for}, {@code select} */
    LOOP,
    /** an item of a {@code case} */
    CASE,
    /** a function body (it runs only when the function is called) */
    FUNCTION,
    /** a pipeline negated with {@code !} */
    NEGATION
  }
}
