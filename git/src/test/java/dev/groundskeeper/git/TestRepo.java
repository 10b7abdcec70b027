package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A real repository in a temporary directory, driven through the git CLI with a clean environment. */
final class TestRepo {

  final Path dir;
  private final Path home;
  private long clock = 1_700_000_000L;

  TestRepo(Path dir, Path home) {
    this.dir = dir;
    this.home = home;
  }

  static TestRepo init(Path parent, String name) throws IOException {
    Path dir = parent.resolve(name);
    Files.createDirectories(dir);
    Path home = parent.resolve("home-" + name);
    Files.createDirectories(home);
    TestRepo repo = new TestRepo(dir, home);
    repo.git("init", "-q", "-b", "main");
    repo.git("config", "gc.auto", "0"); // no background gc racing the test's own reads and cleanup
    return repo;
  }

  TestRepo at(Path other) {
    TestRepo repo = new TestRepo(other, home);
    repo.clock = clock;
    return repo;
  }

  Map<String, String> env() {
    Map<String, String> env = new HashMap<>();
    env.put("GIT_CONFIG_NOSYSTEM", "1");
    env.put("GIT_CONFIG_GLOBAL", "/dev/null");
    env.put("HOME", home.toString());
    env.put("XDG_CONFIG_HOME", home.resolve(".config").toString());
    env.put("GIT_AUTHOR_NAME", "Test");
    env.put("GIT_AUTHOR_EMAIL", "test@example.invalid");
    env.put("GIT_COMMITTER_NAME", "Test");
    env.put("GIT_COMMITTER_EMAIL", "test@example.invalid");
    String date = "@" + clock + " +0000";
    env.put("GIT_AUTHOR_DATE", date);
    env.put("GIT_COMMITTER_DATE", date);
    return env;
  }

  /** Moves the commit clock forward, so commits get distinct, increasing dates. */
  TestRepo tick() {
    clock += 60;
    return this;
  }

  TestRepo clockAt(long epochSeconds) {
    clock = epochSeconds;
    return this;
  }

  String git(String... args) throws IOException {
    return new String(gitBytes(null, args), StandardCharsets.UTF_8).strip();
  }

  byte[] gitBytes(byte[] input, String... args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add("git");
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
    builder.environment().putAll(env());
    builder.redirectError(ProcessBuilder.Redirect.DISCARD);
    Process process = builder.start();
    if (input != null) {
      process.getOutputStream().write(input);
    }
    process.getOutputStream().close();
    byte[] out = process.getInputStream().readAllBytes();
    try {
      assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
    if (process.exitValue() != 0) {
      throw new IOException("git " + String.join(" ", args) + " failed with " + process.exitValue());
    }
    return out;
  }

  int exit(String... args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add("git");
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
    builder.environment().putAll(env());
    builder.redirectError(ProcessBuilder.Redirect.DISCARD);
    builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    Process process = builder.start();
    try {
      return process.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }

  TestRepo write(String path, String content) throws IOException {
    return write(path, content.getBytes(StandardCharsets.UTF_8));
  }

  TestRepo write(String path, byte[] content) throws IOException {
    Path file = dir.resolve(path);
    Files.createDirectories(file.getParent());
    Files.write(file, content);
    return this;
  }

  /** Writes a file and commits everything; returns the new commit id. */
  String commit(String path, String content, String message) throws IOException {
    write(path, content);
    git("add", "-A");
    tick();
    git("commit", "-q", "-m", message);
    return git("rev-parse", "HEAD");
  }

  String commitAll(String message) throws IOException {
    git("add", "-A");
    tick();
    git("commit", "-q", "--allow-empty", "-m", message);
    return git("rev-parse", "HEAD");
  }

  String rev(String name) throws IOException {
    return git("rev-parse", name);
  }
}
