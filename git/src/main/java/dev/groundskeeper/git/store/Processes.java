package dev.groundskeeper.git.store;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Runs a program (git or gh) with an argument list, never a shell, within a time bound, with the
 * repository variables a surrounding git process may have set removed so that {@code -C dir}
 * means what it says. The git module's own runner is not visible from this package; this is the
 * smallest piece the store needs.
 */
final class Processes {

  static final Duration READ = Duration.ofSeconds(20);

  private static final List<String> REPOSITORY_VARIABLES = List.of("GIT_DIR", "GIT_WORK_TREE",
      "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY",
      "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_PREFIX");

  private Processes() {}

  record Result(int exitCode, byte[] stdout, String stderr) {
    boolean ok() {
      return exitCode == 0;
    }

    String out() {
      return new String(stdout, StandardCharsets.UTF_8);
    }
  }

  /** Thrown when a program cannot be started, or takes longer than its bound and is stopped. */
  static final class ProcessFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ProcessFailure(String message, Throwable cause) {
      super(message, cause);
    }
  }

  static Result run(List<String> command, Path dir, Duration bound, Map<String, String> env) {
    return run(command, dir, bound, env, new byte[0]);
  }

  /** Runs {@code command} with {@code input} as its standard input. */
  static Result run(List<String> command, Path dir, Duration bound, Map<String, String> env,
      byte[] input) {
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
    Map<String, String> environment = builder.environment();
    REPOSITORY_VARIABLES.forEach(environment::remove);
    environment.putAll(env);
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new ProcessFailure("could not start " + command.get(0) + ": " + e.getMessage(), e);
    }
    try {
      CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(
          () -> drain(process.getInputStream()));
      CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(
          () -> drain(process.getErrorStream()));
      // Written beside the wait, so that a program that never reads its input cannot hold the
      // run past its bound.
      CompletableFuture.runAsync(() -> {
        try (var stdin = process.getOutputStream()) {
          stdin.write(input);
        } catch (IOException e) {
          // A program that exits without reading its input still reports through its exit code.
        }
      });
      if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        throw new ProcessFailure(String.join(" ", command.subList(0, Math.min(4, command.size())))
            + " took longer than " + bound.toSeconds() + " s and was stopped", null);
      }
      return new Result(process.exitValue(), out.get(),
          new String(err.get(), StandardCharsets.UTF_8).strip());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new ProcessFailure("interrupted while " + command.get(0) + " ran", e);
    } catch (ExecutionException e) {
      process.destroyForcibly();
      throw new ProcessFailure("could not read the output of " + command.get(0), e);
    }
  }

  private static byte[] drain(InputStream in) {
    try (in) {
      ByteArrayOutputStream buffer = new ByteArrayOutputStream();
      in.transferTo(buffer);
      return buffer.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
