package dev.groundskeeper.git;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Runs the git CLI where git itself must decide: an argument list (never a shell), a time bound,
 * the repository's own configuration and hooks respected. Variables that a surrounding git
 * process may have set (a hook runs with {@code GIT_DIR}) are removed so that {@code -C dir}
 * means what it says.
 */
final class GitCli {

  static final Duration READ_TIMEOUT = Duration.ofSeconds(20);
  static final Duration WRITE_TIMEOUT = Duration.ofSeconds(120);

  private static final List<String> INHERITED_REPOSITORY_VARIABLES = List.of(
      "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY",
      "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_PREFIX");

  private GitCli() {}

  record Result(int exitCode, byte[] stdout, String stderr) {
    boolean ok() {
      return exitCode == 0;
    }

    String out() {
      return new String(stdout, StandardCharsets.UTF_8);
    }
  }

  /** Runs {@code git -C dir args...}; a time-out or a missing git is a {@link GitCliException}. */
  static Result run(Path dir, Duration timeout, List<String> args) {
    return run(dir, timeout, args, Map.of());
  }

  static Result run(Path dir, Duration timeout, List<String> args, Map<String, String> extraEnv) {
    List<String> command = new ArrayList<>(args.size() + 3);
    command.add("git");
    command.add("-C");
    command.add(dir.toString());
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command);
    Map<String, String> env = builder.environment();
    INHERITED_REPOSITORY_VARIABLES.forEach(env::remove);
    env.put("GIT_TERMINAL_PROMPT", "0");
    env.put("GIT_OPTIONAL_LOCKS", "0");
    env.putAll(extraEnv);
    builder.redirectInput(ProcessBuilder.Redirect.PIPE);
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new GitCliException("could not start git: " + e.getMessage(), e);
    }
    try {
      process.getOutputStream().close();
      // Each stream drained on its own thread: a shared pool (one worker on two cores) could leave
      // one stream undrained until the other closes, and git would block on a full pipe.
      CompletableFuture<byte[]> out = drainOnNewThread(process.getInputStream());
      CompletableFuture<byte[]> err = drainOnNewThread(process.getErrorStream());
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        throw new GitCliException("git " + String.join(" ", args) + " took longer than "
            + timeout.toSeconds() + " s and was stopped", null);
      }
      return new Result(process.exitValue(), out.get(),
          new String(err.get(), StandardCharsets.UTF_8).strip());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new GitCliException("interrupted while git ran", e);
    } catch (ExecutionException | IOException e) {
      process.destroyForcibly();
      throw new GitCliException("could not read git's output: " + e.getMessage(), e);
    }
  }

  private static CompletableFuture<byte[]> drainOnNewThread(InputStream in) {
    CompletableFuture<byte[]> result = new CompletableFuture<>();
    Thread thread = new Thread(() -> {
      try {
        result.complete(drain(in));
      } catch (RuntimeException e) {
        result.completeExceptionally(e);
      }
    }, "groundskeeper-git-output");
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

  static final class GitCliException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    GitCliException(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
