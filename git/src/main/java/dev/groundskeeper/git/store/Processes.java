package dev.groundskeeper.git.store;

import dev.groundskeeper.git.BoundedProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** The store's use of the module's one process runner, with the store's read bound. */
final class Processes {

  static final Duration READ = Duration.ofSeconds(20);

  private Processes() {}

  static BoundedProcess.Result run(List<String> command, Path dir, Duration bound,
      Map<String, String> env) {
    return run(command, dir, bound, env, new byte[0]);
  }

  /** Runs {@code command} with {@code input} as its standard input. */
  static BoundedProcess.Result run(List<String> command, Path dir, Duration bound,
      Map<String, String> env, byte[] input) {
    return BoundedProcess.run(command, dir, bound, env, input,
        String.join(" ", command.subList(0, Math.min(4, command.size()))));
  }
}
