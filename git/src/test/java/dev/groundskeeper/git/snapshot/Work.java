package dev.groundskeeper.git.snapshot;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** A real worktree in a temporary directory, driven through the git CLI (the build's git config). */
final class Work {

  final Path top;

  private Work(Path top) {
    this.top = top;
  }

  static Work init(Path dir, String... initOptions) {
    try {
      Files.createDirectories(dir);
      Work work = new Work(dir.toRealPath());
      List<String> init = new ArrayList<>(List.of("init", "-q", "-b", "main"));
      init.addAll(List.of(initOptions));
      work.git(init.toArray(String[]::new));
      work.git("config", "gc.auto", "0");
      return work;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String git(String... args) {
    return new String(gitBytes(args), StandardCharsets.UTF_8).strip();
  }

  byte[] gitBytes(String... args) {
    List<String> command = new ArrayList<>(List.of("git", "-C", top.toString()));
    command.addAll(List.of(args));
    return sh(command);
  }

  /** Runs {@code script} with sh in the worktree. */
  void sh(String script) {
    sh(List.of("sh", "-c", script));
  }

  private byte[] sh(List<String> command) {
    try {
      ProcessBuilder builder = new ProcessBuilder(command).directory(top.toFile());
      builder.redirectError(ProcessBuilder.Redirect.DISCARD);
      Process process = builder.start();
      process.getOutputStream().close();
      byte[] out = process.getInputStream().readAllBytes();
      if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", command) + " failed");
      }
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  Work write(String path, String content) {
    try {
      Path file = top.resolve(path);
      Files.createDirectories(file.getParent());
      Files.writeString(file, content);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Work commitAll(String message) {
    git("add", "-A");
    git("commit", "-q", "--allow-empty", "-m", message);
    return this;
  }

  /** Every file and link of the worktree but .git, with its content. */
  Map<String, String> files() {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(top)) {
      for (Path file : (Iterable<Path>) walk::iterator) {
        String relative = top.relativize(file).toString();
        if (relative.equals(".git") || relative.startsWith(".git/")
            || Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
          continue;
        }
        files.put(relative, Files.isSymbolicLink(file) ? "-> " + Files.readSymbolicLink(file)
            : Files.readString(file) + (Files.isExecutable(file) ? " (x)" : ""));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }

  /** The index as git lists it (mode, id, stage and path per entry). */
  String index() {
    return git("ls-files", "-s");
  }
}
