package dev.groundskeeper.git;

import dev.groundskeeper.api.API;
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
 * The one way this module runs a program (git or gh): an argument list, never a shell, within a
 * time bound, with the repository variables a surrounding git process may have set removed so
 * that {@code -C dir} means what it says. Public only so that the store package can use it.
 */
@API(status = API.Status.INTERNAL)
public final class BoundedProcess {

  private static final List<String> INHERITED_REPOSITORY_VARIABLES = List.of(
      "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY",
      "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_PREFIX");

  private BoundedProcess() {}

  /** What the program said and how it ended. */
  public record Result(int exitCode, byte[] stdout, String stderr) {
    /** {@return whether the program exited with 0} */
    public boolean ok() {
      return exitCode == 0;
    }

    /** {@return standard output, decoded as UTF-8} */
    public String out() {
      return new String(stdout, StandardCharsets.UTF_8);
    }
  }

  /** The program could not be started, was interrupted, or outlived its bound and was stopped. */
  public static final class Failure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Failure(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /**
   * Runs {@code command} in {@code dir} with {@code env} added to this process's environment and
   * {@code input} as its standard input. {@code label} names the run in a time-out message.
   *
   * @param command the program and its arguments (no shell)
   * @param dir the working directory
   * @param bound how long it may run before it is stopped
   * @param env the variables to add (the repository variables git exports to its hooks are removed
   * first)
   * @param input its standard input
   * @param label what the run is, for the message of a time-out
   * @return what it said and how it ended
   */
  public static Result run(List<String> command, Path dir, Duration bound,
      Map<String, String> env, byte[] input, String label) {
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
    Map<String, String> environment = builder.environment();
    INHERITED_REPOSITORY_VARIABLES.forEach(environment::remove);
    environment.putAll(env);
    String program = command.get(0);
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new Failure("could not start " + program + ": " + e.getMessage(), e);
    }
    try {
      // Each stream on its own thread: a shared pool (one worker on two cores) could leave one
      // stream undrained until the other closes, and the program would block on a full pipe.
      CompletableFuture<byte[]> out = onNewThread(() -> drain(process.getInputStream()));
      CompletableFuture<byte[]> err = onNewThread(() -> drain(process.getErrorStream()));
      // Written beside the wait, so a program that never reads its input cannot hold the run
      // past its bound.
      onNewThread(() -> {
        try (var stdin = process.getOutputStream()) {
          stdin.write(input);
        } catch (IOException e) {
          // A program that exits without reading its input still reports through its exit code.
        }
        return new byte[0];
      });
      if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        throw new Failure(label + " took longer than " + bound.toSeconds()
            + " s and was stopped", null);
      }
      return new Result(process.exitValue(), out.get(),
          new String(err.get(), StandardCharsets.UTF_8).strip());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new Failure("interrupted while " + program + " ran", e);
    } catch (ExecutionException e) {
      process.destroyForcibly();
      throw new Failure("could not read the output of " + program + ": "
          + e.getCause().getMessage(), e);
    }
  }

  private interface Work {
    byte[] run();
  }

  private static CompletableFuture<byte[]> onNewThread(Work work) {
    CompletableFuture<byte[]> result = new CompletableFuture<>();
    Thread thread = new Thread(() -> {
      try {
        result.complete(work.run());
      } catch (RuntimeException e) {
        result.completeExceptionally(e);
      }
    }, "groundskeeper-process-io");
    thread.setDaemon(true);
    thread.start();
    return result;
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
