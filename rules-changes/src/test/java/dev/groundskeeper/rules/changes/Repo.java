package dev.groundskeeper.rules.changes;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.git.GitFacts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * A real repository in a temporary directory with a bare {@code origin}, driven by the git CLI
 * with an isolated configuration ({@code HOME} and {@code XDG_CONFIG_HOME} in the temporary
 * directory), and the judgement of a command in it as the git module reads its facts.
 */
final class Repo {

  final Path root;
  final Path work;
  final Path origin;

  private Repo(Path root, Path work) {
    this.root = root;
    this.work = work;
    this.origin = root.resolve("origin.git");
  }

  /** A clone of a bare origin with {@code a.txt} and {@code b.txt} committed and pushed. */
  static Repo create(Path root) {
    try {
      root = Files.createDirectories(root).toRealPath();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Repo repo = new Repo(root, root.resolve("work"));
    run(root, root, "git", "init", "-q", "--bare", "-b", "main", repo.origin.toString());
    run(root, root, "git", "clone", "-q", repo.origin.toString(), repo.work.toString());
    repo.git("checkout", "-q", "-b", "main");
    repo.write("a.txt", "a1\na2\na3\n");
    repo.write("b.txt", "b1\n");
    repo.write("sub/c.txt", "c1\n");
    repo.git("add", "-A");
    repo.git("commit", "-q", "-m", "initial");
    repo.git("push", "-q", "-u", "origin", "main");
    return repo;
  }

  /** The same repository copied to {@code where} (work tree and .git), to run a command there. */
  Repo copyTo(Path where) {
    try {
      Path target = Files.createDirectories(where).toRealPath().resolve("work");
      try (Stream<Path> files = Files.walk(work)) {
        for (Path file : (Iterable<Path>) files::iterator) {
          Path to = target.resolve(work.relativize(file).toString());
          if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(to);
          } else {
            Files.copy(file, to, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
          }
        }
      }
      Repo copy = new Repo(target.getParent(), target);
      // A copied file has a new inode and ctime, so git would take every tracked file for
      // modified since it was staged and act on the copy unlike on the original (reset --merge
      // then keeps a staged file it discards in the original): refresh the index's stat data.
      exec(copy.root, copy.work, "git", "update-index", "-q", "--refresh");
      return copy;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  Repo write(String path, String content) {
    try {
      Path file = work.resolve(path);
      Files.createDirectories(file.getParent());
      Files.writeString(file, content, StandardCharsets.UTF_8);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String read(String path) {
    try {
      return Files.readString(work.resolve(path), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String git(String... args) {
    List<String> command = new ArrayList<>();
    command.add("git");
    command.addAll(List.of(args));
    return run(root, work, command.toArray(String[]::new));
  }

  /** Runs {@code command} through {@code sh -c} in the work tree; returns its exit status. */
  int sh(String command) {
    return exec(root, work, "sh", "-c", command).status();
  }

  Facts facts() {
    return GitFacts.forDirectory(work, RepositorySettings.defaults());
  }

  Verdict judge(Rule rule, String command) {
    return judge(rule, command, work);
  }

  Verdict judge(Rule rule, String command, Path cwd) {
    return rule.evaluate(new Event.CommandEvent(EventContext.of("s1", cwd), command),
        GitFacts.forDirectory(cwd, RepositorySettings.defaults()));
  }

  /**
   * Every uncommitted content of the work tree, as blob ids: each file's content (tracked or
   * not, ignored ones included) and each index entry that differs from HEAD.
   */
  Set<String> uncommittedContents() {
    Set<String> blobs = new TreeSet<>();
    Set<String> committed = new TreeSet<>(List.of(git("ls-tree", "-r", "--format=%(objectname)",
        "HEAD").split("\n")));
    for (String line : git("ls-files", "-s").split("\n")) {
      if (!line.isBlank()) {
        blobs.add(line.split("\\s+")[1]);
      }
    }
    List<String> files = new ArrayList<>();
    for (String path : git("ls-files", "-z", "--cached", "--others").split("\0")) {
      if (!path.isEmpty() && Files.isRegularFile(work.resolve(path), LinkOption.NOFOLLOW_LINKS)) {
        files.add(path);
      }
    }
    if (!files.isEmpty()) {
      List<String> hash = new ArrayList<>(List.of("hash-object", "--"));
      hash.addAll(files);
      blobs.addAll(List.of(git(hash.toArray(String[]::new)).split("\n")));
    }
    blobs.removeAll(committed);
    blobs.remove("");
    // what only stash entries hold is uncommitted work too
    List<String> stashes = stashCommits();
    if (!stashes.isEmpty()) {
      List<String> args = new ArrayList<>(List.of("rev-list", "--objects"));
      args.addAll(stashes);
      args.addAll(List.of("--not", "--branches", "--tags", "--remotes"));
      for (String line : git(args.toArray(String[]::new)).split("\n")) {
        String[] parts = line.split(" ", 2);
        if (parts.length == 2 && !parts[1].isEmpty()) {
          blobs.add(parts[0]); // an object with a path: a blob or a tree of the entry
        }
      }
    }
    return blobs;
  }

  private List<String> stashCommits() {
    List<String> commits = new ArrayList<>();
    for (String stash : git("stash", "list", "--format=%H").split("\n")) {
      if (!stash.isBlank()) {
        commits.add(stash);
      }
    }
    return commits;
  }

  /** The blobs reachable from every ref, every stash entry and every snapshot, or in the index. */
  Set<String> reachableContents() {
    Set<String> blobs = new TreeSet<>();
    List<String> args = new ArrayList<>(List.of("rev-list", "--objects", "--all"));
    args.addAll(stashCommits());
    for (String line : git(args.toArray(String[]::new)).split("\n")) {
      if (!line.isBlank()) {
        blobs.add(line.split(" ")[0]);
      }
    }
    for (String line : git("ls-files", "-s").split("\n")) {
      if (!line.isBlank()) {
        blobs.add(line.split("\\s+")[1]);
      }
    }
    return blobs;
  }

  /** Uncommitted content that exists nowhere after what ran: files now gone or overwritten. */
  Set<String> lostSince(Set<String> before) {
    Set<String> now = new TreeSet<>(reachableContents());
    now.addAll(uncommittedContents());
    Set<String> lost = new TreeSet<>(before);
    lost.removeAll(now);
    return lost;
  }

  record Result(int status, String output) {}

  static String run(Path root, Path dir, String... command) {
    Result result = exec(root, dir, command);
    if (result.status() != 0) {
      throw new IllegalStateException(String.join(" ", command) + " failed:\n" + result.output());
    }
    return result.output();
  }

  static Result exec(Path root, Path dir, String... command) {
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
    builder.redirectError(ProcessBuilder.Redirect.DISCARD);
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
      return new Result(process.waitFor(), output);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Deletes {@code root} and everything under it (a property's own temporary directory). */
  static void deleteTree(Path root) {
    try (Stream<Path> walk = Files.walk(root)) {
      walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
