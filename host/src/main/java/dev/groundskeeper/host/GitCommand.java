package dev.groundskeeper.host;

import dev.groundskeeper.api.API;
import dev.groundskeeper.git.BoundedProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs git for a verb (a recovery bundle, a push, a configuration read) through the project's one
 * bounded process runner: an argument list, never a shell, within a time bound, with the
 * person's configuration-bearing variables passed on and no terminal prompt.
 */
@API(status = API.Status.INTERNAL)
public final class GitCommand {

  /** The bound of a read ({@code git config --get}). */
  public static final Duration READ = Duration.ofSeconds(20);
  /** The bound of a write that may talk to a remote ({@code git push}, {@code git bundle}). */
  public static final Duration WRITE = Duration.ofSeconds(120);

  private GitCommand() {}

  /**
   * The outcome of one git run: exit status and its output (standard error included).
   *
   * @param status git's exit status; -1 when git could not be run or outlived its bound
   * @param output standard output, stripped, then standard error; or why git could not be run
   */
  @API(status = API.Status.INTERNAL)
  public record Run(int status, String output) {
    /** {@return true when git exited with status 0} */
    public boolean ok() {
      return status == 0;
    }
  }

  /**
   * Runs {@code git args...} in {@code directory} with {@code environment} added to this
   * process's own; a git that cannot start or outlives {@code bound} is a failed run saying so.
   * Never throws for git's failure, and never asks at a terminal ({@code GIT_TERMINAL_PROMPT=0}).
   *
   * @param directory the working directory of the run
   * @param environment variables added to this process's own
   * @param bound how long git may run, such as {@link #READ} or {@link #WRITE}
   * @param args git's arguments, each one word (no shell)
   * @return the exit status and output
   */
  public static Run run(Path directory, Map<String, String> environment, Duration bound,
      List<String> args) {
    List<String> command = new ArrayList<>();
    command.add("git");
    command.addAll(args);
    Map<String, String> env = new HashMap<>(environment);
    env.put("GIT_TERMINAL_PROMPT", "0");
    try {
      BoundedProcess.Result result = BoundedProcess.run(command, directory, bound, env,
          new byte[0], "git " + String.join(" ", args.subList(0, Math.min(2, args.size()))));
      String out = new String(result.stdout(), StandardCharsets.UTF_8).strip();
      String both = result.stderr().isEmpty() ? out
          : out.isEmpty() ? result.stderr() : out + "\n" + result.stderr();
      return new Run(result.exitCode(), both);
    } catch (BoundedProcess.Failure e) {
      return new Run(-1, "git could not be run: " + e.getMessage());
    }
  }
}
