package dev.groundskeeper.git.store;

import dev.groundskeeper.git.BoundedProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs git for the store with the configuration-bearing variables of the environment the store
 * was given (not the JVM's own), so that a person's git settings, and a test's temporary home,
 * are the ones git reads.
 */
final class GitRunner {

  private static final List<String> PASSED = List.of("HOME", "XDG_CONFIG_HOME",
      "GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM", "GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL",
      "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "PATH");

  private final Map<String, String> env;

  GitRunner(Map<String, String> environment) {
    Map<String, String> passed = new HashMap<>();
    for (String name : PASSED) {
      String value = environment.get(name);
      if (value != null) {
        passed.put(name, value);
      }
    }
    passed.put("GIT_TERMINAL_PROMPT", "0");
    this.env = Map.copyOf(passed);
  }

  BoundedProcess.Result run(Path dir, Duration bound, List<String> args) {
    return run(dir, bound, args, new byte[0]);
  }

  /** Runs git with {@code input} on its standard input ({@code --stdin} forms). */
  BoundedProcess.Result run(Path dir, Duration bound, List<String> args, byte[] input) {
    List<String> command = new ArrayList<>();
    command.add("git");
    command.add("-C");
    command.add(dir.toString());
    command.addAll(args);
    return Processes.run(command, dir.getParent() == null ? dir : existing(dir), bound,
        new HashMap<>(env), input);
  }

  /** A directory that exists for the process to start in ({@code -C} says where git works). */
  private static Path existing(Path dir) {
    Path current = dir;
    while (current != null && !java.nio.file.Files.isDirectory(current)) {
      current = current.getParent();
    }
    return current == null ? Path.of("/") : current;
  }
}
