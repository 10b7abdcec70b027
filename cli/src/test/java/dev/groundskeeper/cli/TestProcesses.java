package dev.groundskeeper.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a process for a test (git, mostly) and returns its output; any failure fails the test. */
public final class TestProcesses {

  private TestProcesses() {}

  /** Runs {@code command} in {@code directory} with {@code env} added to the environment. */
  public static String run(Path directory, Map<String, String> env, String... command) {
    ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile())
        .redirectErrorStream(true);
    builder.environment().putAll(env);
    try {
      Process process = builder.start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new AssertionError(String.join(" ", command) + " failed in " + directory + ":\n"
            + output);
      }
      return output;
    } catch (IOException e) {
      throw new AssertionError("cannot run " + String.join(" ", command), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted running " + String.join(" ", command), e);
    }
  }
}
