package dev.groundskeeper.host.runner;

import dev.groundskeeper.api.API;
import java.util.Objects;

/**
 * What a hook writes back to its runner: standard output, standard error and the exit code. Empty
 * text is written as nothing at all (not an empty line).
 */
@API(status = API.Status.EXPERIMENTAL)
public record RunnerAnswer(String stdout, String stderr, int exitCode) {

  public RunnerAnswer {
    Objects.requireNonNull(stdout, "stdout");
    Objects.requireNonNull(stderr, "stderr");
  }

  /** {@return a JSON text on standard output, exit 0} */
  public static RunnerAnswer json(String json) {
    return new RunnerAnswer(json, "", 0);
  }

  /** Nothing on either stream, exit 0. */
  public static RunnerAnswer silent() {
    return new RunnerAnswer("", "", 0);
  }

  /** {@return this answer with {@code line} on standard error after what it already says there} */
  public RunnerAnswer withError(String line) {
    return new RunnerAnswer(stdout, stderr.isEmpty() ? line : stderr + "\n" + line, exitCode);
  }
}
