package dev.groundskeeper.rules.branches.real;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.git.GitFacts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A real repository in a temporary directory, with a bare {@code origin}, driven by the git CLI
 * with the test environment's isolated configuration.
 */
final class GitRepo {

  final Path root;
  final Path work;
  final Path origin;
  private Instant clock = Instant.parse("2026-03-01T12:00:00Z");

  private GitRepo(Path root) {
    this.root = root;
    this.work = root.resolve("work");
    this.origin = root.resolve("origin.git");
  }

  static GitRepo create(Path root) {
    GitRepo repo = new GitRepo(root);
    repo.run(root, "git", "init", "-q", "--bare", "-b", "main", repo.origin.toString());
    repo.run(root, "git", "init", "-q", "-b", "main", repo.work.toString());
    repo.git("remote", "add", "origin", repo.origin.toString());
    // the identity the commits are made with, in the repository's own config as a person's is:
    // branches.scope reads it there (this process's user config would name someone else)
    repo.git("config", "user.email", "test@groundskeeper.invalid");
    repo.commit("initial", 100);
    repo.git("push", "-q", "-u", "origin", "main");
    return repo;
  }

  Instant now() {
    return clock;
  }

  /** A commit on the current branch, dated {@code daysAgo} before the clock. */
  GitRepo commit(String message, long daysAgo) {
    try {
      Path file = work.resolve("file-" + message.replaceAll("[^a-z0-9]", "_") + ".txt");
      Files.writeString(file, message + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    git("add", "-A");
    String date = clock.minus(Duration.ofDays(daysAgo)).toString();
    runWith(work, Map.of("GIT_AUTHOR_DATE", date, "GIT_COMMITTER_DATE", date),
        "git", "commit", "-q", "-m", message);
    return this;
  }

  String git(String... args) {
    List<String> command = new ArrayList<>();
    command.add("git");
    command.addAll(List.of(args));
    return run(work, command.toArray(String[]::new));
  }

  String tip(String ref) {
    return git("rev-parse", ref).strip();
  }

  Facts facts(RepositorySettings settings) {
    return GitFacts.forDirectory(work, settings, Clock.fixed(clock, ZoneOffset.UTC));
  }

  String run(Path dir, String... command) {
    return runWith(dir, Map.of(), command);
  }

  String runWith(Path dir, Map<String, String> env, String... command) {
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
        .redirectErrorStream(true);
    builder.environment().putAll(env);
    builder.environment().put("HOME", root.toString());
    builder.environment().put("XDG_CONFIG_HOME", root.resolve(".config").toString());
    builder.environment().put("GIT_CONFIG_NOSYSTEM", "1");
    builder.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
    builder.environment().putIfAbsent("GIT_AUTHOR_NAME", "Groundskeeper Test");
    builder.environment().putIfAbsent("GIT_AUTHOR_EMAIL", "test@groundskeeper.invalid");
    builder.environment().putIfAbsent("GIT_COMMITTER_NAME", "Groundskeeper Test");
    builder.environment().putIfAbsent("GIT_COMMITTER_EMAIL", "test@groundskeeper.invalid");
    try {
      Process process = builder.start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (process.waitFor() != 0) {
        throw new IllegalStateException(String.join(" ", command) + " failed:\n" + output);
      }
      return output;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
