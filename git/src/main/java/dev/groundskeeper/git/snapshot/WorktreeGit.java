package dev.groundskeeper.git.snapshot;

import dev.groundskeeper.api.repo.Snapshot;
import dev.groundskeeper.git.BoundedProcess;
import dev.groundskeeper.git.store.StoreRefusal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The git calls of snapshots, in one worktree: an argument list, a time bound, paths read
 * literally (never as globs), and the worktree named by {@code -C}.
 */
final class WorktreeGit {

  private static final Duration BOUND = Duration.ofSeconds(30);
  /** Above this many paths a listing reads everything and keeps what it needs. */
  private static final int PATHSPEC_LIMIT = 500;

  private final Path top;

  WorktreeGit(Path top) {
    this.top = top;
  }

  /** The worktree's top level as git names it, when {@code directory} is in one. */
  static Optional<Path> topOf(Path directory) {
    BoundedProcess.Result result;
    try {
      result = run(directory, List.of("rev-parse", "--show-toplevel"), new byte[0]);
    } catch (BoundedProcess.Failure e) {
      return Optional.empty();
    }
    String out = result.out().strip();
    if (!result.ok() || out.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(Path.of(out));
  }

  /** Refuses unless {@link #top} is still a worktree's top level. */
  void requireTop() {
    Optional<Path> found = topOf(top);
    boolean same;
    try {
      same = found.isPresent() && found.get().toRealPath().equals(top.toRealPath());
    } catch (IOException e) {
      same = false;
    }
    if (!same) {
      throw new StoreRefusal(top + " is no longer the top level of a git worktree",
          "run the command from inside the worktree");
    }
  }

  /** The tracked paths whose index entry or working file differs from HEAD. */
  List<String> changedTracked() {
    byte[] out = ok(List.of("status", "--porcelain=v1", "-z", "--untracked-files=no"), "status");
    List<String> fields = fields(out);
    List<String> paths = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      String field = fields.get(i);
      if (field.length() < 4) {
        continue;
      }
      char x = field.charAt(0);
      paths.add(field.substring(3));
      if (x == 'R' || x == 'C') {
        paths.add(fields.get(++i)); // the source of a rename: its old path goes too
      }
    }
    return paths;
  }

  /** The index entries (stage 0) of {@code paths}. */
  Map<String, Manifest.GitEntry> index(List<String> paths) {
    List<String> args = new ArrayList<>(List.of("--literal-pathspecs", "ls-files", "-s", "-z"));
    boolean all = addPaths(args, paths);
    Map<String, Manifest.GitEntry> entries = new HashMap<>();
    for (String field : fields(ok(args, "ls-files"))) {
      // <mode> SP <id> SP <stage> TAB <path>
      int tab = field.indexOf('\t');
      String[] head = field.substring(0, Math.max(0, tab)).split(" ");
      if (tab < 0 || head.length != 3 || !head[2].equals("0")) {
        continue;
      }
      entries.put(field.substring(tab + 1), new Manifest.GitEntry(head[0], head[1]));
    }
    return all ? keep(entries, paths) : entries;
  }

  /** Which of {@code paths} the index holds, at any stage (a conflicted path too). */
  Set<String> tracked(List<String> paths) {
    List<String> args = new ArrayList<>(List.of("--literal-pathspecs", "ls-files", "-z"));
    boolean all = addPaths(args, paths);
    Set<String> tracked = new HashSet<>(fields(ok(args, "ls-files")));
    if (all) {
      tracked.retainAll(paths);
    }
    return tracked;
  }

  /** HEAD's blobs at {@code paths}; empty before the first commit. */
  Map<String, Manifest.GitEntry> head(List<String> paths) {
    if (!run(top, List.of("rev-parse", "--verify", "-q", "HEAD^{commit}"), new byte[0]).ok()) {
      return Map.of();
    }
    List<String> args = new ArrayList<>(List.of("--literal-pathspecs", "ls-tree", "-r", "-z",
        "--full-tree", "HEAD"));
    boolean all = addPaths(args, paths);
    Map<String, Manifest.GitEntry> entries = new HashMap<>();
    for (String field : fields(ok(args, "ls-tree"))) {
      // <mode> SP <type> SP <id> TAB <path>
      int tab = field.indexOf('\t');
      String[] head = field.substring(0, Math.max(0, tab)).split(" ");
      if (tab < 0 || head.length != 3 || !head[1].equals("blob")) {
        continue;
      }
      entries.put(field.substring(tab + 1), new Manifest.GitEntry(head[0], head[2]));
    }
    return all ? keep(entries, paths) : entries;
  }

  /**
   * The ids git gives the working files {@code paths} (relative to the top, each a regular file)
   * as it would stage them: in the repository's object format (SHA-1 or SHA-256) and with its
   * content filters applied ({@code core.autocrlf}, {@code .gitattributes}), so that a file
   * checked out from HEAD has HEAD's id whatever its bytes on disk are. Nothing is written.
   */
  Map<String, String> stagedIds(List<String> paths) {
    Map<String, String> ids = new HashMap<>();
    List<String> batch = new ArrayList<>();
    for (String path : paths) {
      if (path.indexOf('\n') >= 0 || path.startsWith("\"")) {
        // --stdin-paths reads one name a line and unquotes C-style names: ask for this one alone
        ids.put(path, new String(ok(List.of("hash-object", "--", path), "hash-object"),
            StandardCharsets.UTF_8).strip());
      } else {
        batch.add(path);
      }
    }
    if (!batch.isEmpty()) {
      byte[] input = (String.join("\n", batch) + "\n").getBytes(StandardCharsets.UTF_8);
      String[] lines = new String(ok(List.of("hash-object", "--stdin-paths"), input,
          "hash-object"), StandardCharsets.UTF_8).split("\n");
      if (lines.length != batch.size()) {
        throw new StoreRefusal("git hash-object named " + lines.length + " ids for "
            + batch.size() + " files in " + top, "run it again");
      }
      for (int i = 0; i < lines.length; i++) {
        ids.put(batch.get(i), lines[i].strip());
      }
    }
    return ids;
  }

  /** The id git gives {@code bytes} as a blob, in the repository's object format, unfiltered. */
  String rawId(byte[] bytes) {
    return new String(ok(List.of("hash-object", "--no-filters", "--stdin"), bytes,
        "hash-object"), StandardCharsets.UTF_8).strip();
  }

  /** The bytes of a blob. */
  byte[] blob(String id) {
    return ok(List.of("cat-file", "blob", id), "cat-file");
  }

  /** Writes {@code bytes} as a blob of the repository; returns its id. */
  String writeBlob(byte[] bytes) {
    return new String(ok(List.of("hash-object", "-w", "--no-filters", "--stdin"), bytes,
        "hash-object"), StandardCharsets.UTF_8).strip();
  }

  /** Sets the index entry of {@code path}, or removes it when {@code entry} is empty. */
  void setIndex(String path, Optional<Manifest.GitEntry> entry) {
    if (entry.isEmpty()) {
      ok(List.of("update-index", "--force-remove", "--", path), "update-index");
    } else {
      ok(List.of("update-index", "--add", "--cacheinfo", entry.get().mode() + ","
          + entry.get().id() + "," + path), "update-index");
    }
  }

  private static boolean addPaths(List<String> args, List<String> paths) {
    if (paths.size() > PATHSPEC_LIMIT) {
      return true;
    }
    args.add("--");
    args.addAll(paths);
    return false;
  }

  private static Map<String, Manifest.GitEntry> keep(Map<String, Manifest.GitEntry> all,
      List<String> paths) {
    Map<String, Manifest.GitEntry> kept = new HashMap<>();
    for (String path : paths) {
      Manifest.GitEntry entry = all.get(path);
      if (entry != null) {
        kept.put(path, entry);
      }
    }
    return kept;
  }

  private byte[] ok(List<String> args, String what) {
    return ok(args, new byte[0], what);
  }

  private byte[] ok(List<String> args, byte[] input, String what) {
    BoundedProcess.Result result;
    try {
      result = run(top, args, input);
    } catch (BoundedProcess.Failure e) {
      throw new StoreRefusal("git " + what + " did not finish in " + top + ": " + e.getMessage(),
          "run it again");
    }
    if (!result.ok()) {
      throw new StoreRefusal("git " + what + " failed in " + top + ": "
          + result.stderr().strip(), "look at the repository with git status");
    }
    return result.stdout();
  }

  private static BoundedProcess.Result run(Path dir, List<String> args, byte[] input) {
    List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString(), "-c",
        "core.quotePath=false"));
    command.addAll(args);
    return BoundedProcess.run(command, Path.of("").toAbsolutePath(), BOUND,
        Map.of("GIT_TERMINAL_PROMPT", "0"), input, "git " + String.join(" ", args));
  }

  private static List<String> fields(byte[] out) {
    List<String> fields = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < out.length; i++) {
      if (out[i] == 0) {
        fields.add(new String(out, start, i - start, StandardCharsets.UTF_8));
        start = i + 1;
      }
    }
    if (start < out.length) {
      fields.add(new String(out, start, out.length - start, StandardCharsets.UTF_8));
    }
    return fields;
  }

  /**
   * A checksum of {@code bytes}: the id a SHA-1 repository gives them as a blob. A snapshot
   * compares contents with it (the copy against the file now); it is never compared with an id
   * the repository names, which may be SHA-256 or of filtered content (see {@link #stagedIds}).
   */
  static String blobId(byte[] bytes) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-1");
      sha.update(("blob " + bytes.length + "\0").getBytes(StandardCharsets.US_ASCII));
      sha.update(bytes);
      return HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-1 is part of every JDK", e);
    }
  }

  /** The kind a git mode names. */
  static Snapshot.Kind kindOf(Manifest.GitEntry entry) {
    return entry.mode().equals("120000") ? Snapshot.Kind.LINK : Snapshot.Kind.FILE;
  }
}
