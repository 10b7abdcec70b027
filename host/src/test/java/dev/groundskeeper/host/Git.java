package dev.groundskeeper.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Runs the git CLI in a test repository (the build points git away from the user's config). */
final class Git {

  private Git() {}

  static String run(Path directory, String... args) {
    String[] command = new String[args.length + 1];
    command[0] = "git";
    System.arraycopy(args, 0, command, 1, args.length);
    ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile())
        .redirectErrorStream(true);
    try {
      Process process = builder.start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new AssertionError(String.join(" ", command) + " failed in " + directory + ":\n"
            + output);
      }
      return output.strip();
    } catch (IOException e) {
      throw new AssertionError("cannot run " + String.join(" ", command), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted running " + String.join(" ", command), e);
    }
  }

  /** A fresh repository with one commit on {@code main}. */
  static Path init(Path directory) {
    run(directory.getParent(), "init", "-q", "-b", "main", directory.toString());
    run(directory, "commit", "-q", "--allow-empty", "-m", "initial");
    return directory;
  }
}
