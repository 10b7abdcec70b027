package dev.groundskeeper.cli;

import java.nio.file.Path;
import java.util.Map;

/** Runs the git CLI in a test repository (the build points git away from the user's config). */
final class Git {

  private Git() {}

  static String run(Path directory, String... args) {
    String[] command = new String[args.length + 1];
    command[0] = "git";
    System.arraycopy(args, 0, command, 1, args.length);
    return TestProcesses.run(directory, Map.of(), command);
  }


  /** A fresh repository with one commit on {@code main}. */
  static Path init(Path directory) {
    run(directory.getParent(), "init", "-q", "-b", "main", directory.toString());
    run(directory, "commit", "-q", "--allow-empty", "-m", "initial");
    return directory;
  }
}
