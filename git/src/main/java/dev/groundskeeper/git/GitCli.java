package dev.groundskeeper.git;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the git CLI where git itself must decide: an argument list (never a shell), a time bound,
 * the repository's own configuration and hooks respected. Variables that a surrounding git
 * process may have set (a hook runs with {@code GIT_DIR}) are removed so that {@code -C dir}
 * means what it says.
 */
final class GitCli {

  static final Duration READ_TIMEOUT = Duration.ofSeconds(20);
  static final Duration WRITE_TIMEOUT = Duration.ofSeconds(120);

  private GitCli() {}

  /** Runs {@code git -C dir args...}; a time-out or a missing git is a {@link GitCliException}. */
  static BoundedProcess.Result run(Path dir, Duration timeout, List<String> args) {
    return run(dir, timeout, args, Map.of());
  }

  static BoundedProcess.Result run(Path dir, Duration timeout, List<String> args, Map<String, String> extraEnv) {
    return run(dir, timeout, args, extraEnv, new byte[0]);
  }

  /** As {@link #run(Path, Duration, List, Map)}, with {@code input} on standard input. */
  static BoundedProcess.Result run(Path dir, Duration timeout, List<String> args,
      Map<String, String> extraEnv, byte[] input) {
    List<String> command = new ArrayList<>(args.size() + 3);
    command.add("git");
    command.add("-C");
    command.add(dir.toString());
    command.addAll(args);
    Map<String, String> env = new HashMap<>();
    env.put("GIT_TERMINAL_PROMPT", "0");
    env.put("GIT_OPTIONAL_LOCKS", "0");
    env.putAll(extraEnv);
    try {
      // Started where this process runs, as before: -C names the directory, and git itself
      // reports one that is gone.
      return BoundedProcess.run(command, Path.of("").toAbsolutePath(), timeout, env,
          input, "git " + String.join(" ", args));
    } catch (BoundedProcess.Failure e) {
      throw new GitCliException(e.getMessage(), e);
    }
  }

  static final class GitCliException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    GitCliException(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
