package dev.groundskeeper.cli.worktree;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.git.store.NotesSettings;
import dev.groundskeeper.git.store.StoreLocation;
import dev.groundskeeper.git.store.WorktreeStore;
import dev.groundskeeper.rules.worktree.WorktreesConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A real repository in a temporary directory, with a temporary HOME and GROUNDSKEEPER_HOME, and
 * the store over them. Git runs with the temporary home so no person's configuration is read.
 */
final class Fixture {

  final Path base;
  final Path home;
  final Path storeHome;
  final Path repo;
  final Map<String, String> env = new HashMap<>();

  Fixture(Path base) throws IOException {
    this.base = Files.createDirectories(base).toRealPath();
    this.home = Files.createDirectories(this.base.resolve("home"));
    this.storeHome = this.home.resolve(".gk");
    this.repo = Files.createDirectories(this.base.resolve("projects").resolve("repo"));
    env.put("HOME", home.toString());
    env.put("XDG_CONFIG_HOME", home.resolve(".config").toString());
    env.put("GIT_CONFIG_NOSYSTEM", "1");
    env.put("GROUNDSKEEPER_HOME", storeHome.toString());
    env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
    env.put("GIT_AUTHOR_NAME", "Test");
    env.put("GIT_AUTHOR_EMAIL", "test@example.com");
    env.put("GIT_COMMITTER_NAME", "Test");
    env.put("GIT_COMMITTER_EMAIL", "test@example.com");
  }

  static Fixture withCommit(Path base) throws IOException {
    return withCommit(base, "hello\n");
  }

  /** A repository whose first commit holds {@code readme}: distinct texts, distinct lanes. */
  static Fixture withCommit(Path base, String readme) throws IOException {
    Fixture fixture = new Fixture(base);
    fixture.git(fixture.repo, "init", "-q", "-b", "main");
    fixture.write(fixture.repo, ".gitignore", ".groundskeeper/\nbuild/\n");
    fixture.write(fixture.repo, "README.md", readme);
    fixture.git(fixture.repo, "add", "-A");
    fixture.git(fixture.repo, "commit", "-q", "-m", "first");
    return fixture;
  }

  StoreVerbs store() {
    return store(Clock.systemUTC());
  }

  StoreVerbs store(Clock clock) {
    return store(WorktreesConfig.DEFAULTS, clock);
  }

  StoreVerbs store(WorktreesConfig config, Clock clock) {
    return new StoreVerbs(new WorktreeStore(StoreLocation.resolve(env, config),
        RepositorySettings.defaults(), new NotesSettings(config.notesDir(), config.redactions(),
        config.maxNoteBytes()), env), config, clock);
  }

  static Clock daysLater(int days) {
    return Clock.fixed(Instant.now().plusSeconds(days * 86_400L), ZoneOffset.UTC);
  }

  String rootCommit() {
    return git(repo, "rev-list", "--max-parents=0", "HEAD").strip();
  }

  Path lane() {
    return storeHome.resolve("worktrees").resolve(rootCommit());
  }

  void write(Path dir, String file, String content) throws IOException {
    Path path = dir.resolve(file);
    Files.createDirectories(path.getParent());
    Files.writeString(path, content, StandardCharsets.UTF_8);
  }

  void commit(Path dir, String file, String content, String message) throws IOException {
    write(dir, file, content);
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", message);
  }

  String git(Path dir, String... args) {
    List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().putAll(env);
    try {
      Process process = builder.start();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      int code = process.waitFor();
      assertThat(code).as("git %s: %s", String.join(" ", args), out).isZero();
      return out;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  boolean branchExists(String branch) {
    return !git(repo, "branch", "--list", branch).isBlank();
  }
}
