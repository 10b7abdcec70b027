package dev.groundskeeper.host.runner;

import dev.groundskeeper.api.API;
import java.util.Objects;

/**
 * What a hook writes back to its runner: standard output, standard error and the exit code. Empty
 * text is written as nothing at all (not an empty line).
 *
 * @param stdout what goes to standard output; may be empty
 * @param stderr what goes to standard error; may be empty
 * @param exitCode the exit code, which each runner reads in its own way (2 makes Claude Code
 *     refuse a tool call)
 */
@API(status = API.Status.EXPERIMENTAL)
public record RunnerAnswer(String stdout, String stderr, int exitCode) {

  /**
   * Checks that both texts are given.
   *
   * @param stdout what goes to standard output; may be empty
   * @param stderr what goes to standard error; may be empty
   * @param exitCode the exit code
   * @throws NullPointerException if a text is null
   */
  public RunnerAnswer {
    Objects.requireNonNull(stdout, "stdout");
    Objects.requireNonNull(stderr, "stderr");
  }

  /**
   * A JSON answer.
   *
   * @param json the JSON text, written as it is
   * @return the text on standard output, nothing on standard error, exit 0
   */
  public static RunnerAnswer json(String json) {
    return new RunnerAnswer(json, "", 0);
  }

  /** {@return nothing on either stream, exit 0} */
  public static RunnerAnswer silent() {
    return new RunnerAnswer("", "", 0);
  }

  /**
   * Adds a line to standard error.
   *
   * @param line the line, without its line break
   * @return a new answer with {@code line} after what it already says there
   */
  public RunnerAnswer withError(String line) {
    return new RunnerAnswer(stdout, stderr.isEmpty() ? line : stderr + "\n" + line, exitCode);
  }
}
