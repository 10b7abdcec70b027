package dev.groundskeeper.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the git CLI in a test repository (the build points git away from the user's config). */
final class Git {

  private Git() {}

  static String run(Path directory, String... args) {
    List<String> command = new ArrayList<>();
    command.add("git");
    command.addAll(List.of(args));
    try {
      Process process = new ProcessBuilder(command).directory(directory.toFile())
          .redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new AssertionError(command + " failed in " + directory + ":\n" + output);
      }
      return output;
    } catch (IOException e) {
      throw new AssertionError("cannot run " + command, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted running " + command, e);
    }
  }

  /** A fresh repository with one commit on {@code main}. */
  static Path init(Path directory) {
    run(directory.getParent(), "init", "-q", "-b", "main", directory.toString());
    run(directory, "commit", "-q", "--allow-empty", "-m", "initial");
    return directory;
  }
}
