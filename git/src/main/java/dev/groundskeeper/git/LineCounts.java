package dev.groundskeeper.git;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.jgit.diff.Edit;
import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectLoader;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;

/**
 * The added and removed lines of the changed tracked paths exactly as {@code git diff --numstat
 * HEAD} prints them, computed in this process from what a porcelain v2 status says (HEAD's and the
 * index's object ids, the worktree's mode): HEAD's and the index's blobs read through JGit, the
 * worktree's files from disk, the lines counted by {@link GitDiff}, the port of git's default
 * diff (xdiff's Myers with its pre-pass and heuristics) that the patch ids already use. A path
 * git would print nothing for (its worktree content is HEAD's again, an added file gone from the
 * worktree) gets no entry, as before.
 *
 * <p>Where this process cannot know that it counts as git does, one {@code git diff --numstat}
 * limited to those paths (through the runner's time bound) gives the counts: additions beside
 * deletions (git pairs them as renames by similarity), an unmerged path, a submodule, a path
 * under any attributes file (filters, end-of-line conversion, diff drivers), files larger than
 * {@link #READ_LIMIT}, an object JGit cannot read (a partial clone's missing blob). When the
 * configuration could change the diff itself (another algorithm, end-of-line conversion, copy
 * detection, settings passed through the environment), every path is git's.
 */
final class LineCounts {

  /** A file or blob larger than this is not read here. */
  static final long READ_LIMIT = 4L << 20;
  /** At most this much is read here in all; the remaining paths are counted by git. */
  private static final long TOTAL_LIMIT = 64L << 20;
  /** git's {@code FIRST_FEW_BYTES}: a NUL among these makes a file binary. */
  private static final int BINARY_SCAN = 8000;
  /** git's default {@code core.bigFileThreshold}: larger files are binary to its diff. */
  private static final long BIG_FILE_THRESHOLD = 512L << 20;
  /** More paths than this are not passed to the diff as pathspecs: it reads them all. */
  private static final int PATHSPECS = 1_000;
  /** The tree of no files, to count lines before the first commit. */
  private static final String EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
  /** Variables through which git may read settings that JGit does not see. */
  private static final List<String> CONFIG_VARIABLES = List.of("GIT_CONFIG_PARAMETERS",
      "GIT_CONFIG_COUNT", "GIT_ATTR_SOURCE");
  /** Variables naming a configuration file in place of git's own; an empty one adds nothing. */
  private static final List<String> CONFIG_FILES = List.of("GIT_CONFIG_GLOBAL",
      "GIT_CONFIG_SYSTEM");

  private LineCounts() {}

  /** What one side of a path's diff holds: its mode and bytes. */
  private record Side(int mode, byte[] bytes) {}

  /** Thrown inside a count when git must count this path instead. */
  private static final class AskGit extends Exception {
    private static final long serialVersionUID = 1L;

    AskGit() {
      super(null, null, false, false);
    }
  }

  /**
   * The counts: {@code {added, removed}} per path (-1 for a binary file, as numstat's {@code -})
   * for the paths numstat would print; {@code fromGit} the paths a {@code git diff} was asked
   * about.
   */
  record Result(Map<String, int[]> counts, Set<String> fromGit) {}

  /** The counts of {@code entries}, the tracked changes of the worktree at {@code top}. */
  static Result count(GitRepository repo, Path top, List<StatusV2.Entry> entries) {
    if (entries.isEmpty()) {
      return new Result(Map.of(), Set.of());
    }
    Map<String, int[]> counts = new HashMap<>();
    Repository repository = repo.jgit();
    Settings settings = Settings.read(repository, repo.location().gitDir(), repo.commonDir());
    // a changed attributes file applies from the index or the worktree, to any path: git decides
    boolean attributesChanged = entries.stream().anyMatch(e -> isAttributes(e.path())
        || isAttributes(e.origPath()));
    if (settings.allToGit() || attributesChanged) {
      counts.putAll(numstat(top, List.of()));
      Set<String> all = new LinkedHashSet<>();
      entries.forEach(e -> all.add(e.path()));
      return new Result(counts, all);
    }
    Set<String> toGit = new LinkedHashSet<>();
    // git's diff pairs a file gone from HEAD with one new beside it when they are similar enough
    // (a rename): then both paths are git's, and all the other additions and deletions with them,
    // so that its pairing sees the same candidates as an unlimited diff would
    List<String> added = new ArrayList<>();
    List<String> deleted = new ArrayList<>();
    for (StatusV2.Entry entry : entries) {
      if (entry.unmerged()) {
        continue;
      }
      boolean old = oldSide(entry);
      boolean now = newSide(entry);
      if (entry.kind() == '2') {
        deleted.add(entry.origPath());
      }
      if (!old && now) {
        added.add(entry.path());
      } else if (old && !now) {
        deleted.add(entry.path());
      }
    }
    if (!added.isEmpty() && (!deleted.isEmpty() || settings.copies())) {
      toGit.addAll(added);
      toGit.addAll(deleted);
    }
    Map<Path, Boolean> attributed = new HashMap<>();
    long budget = TOTAL_LIMIT;
    try (ObjectReader reader = repository.newObjectReader()) {
      for (StatusV2.Entry entry : entries) {
        String path = entry.path();
        if (toGit.contains(path)) {
          continue;
        }
        try {
          if (entry.unmerged() || entry.headMode() == StatusV2.GITLINK
              || entry.indexMode() == StatusV2.GITLINK
              || entry.worktreeMode() == StatusV2.GITLINK
              || settings.attributed(top, path, attributed)) {
            throw new AskGit();
          }
          Side old = !oldSide(entry) ? null
              : new Side(entry.headMode(), blob(reader, entry.headId()));
          Side now = null;
          if (newSide(entry)) {
            now = entry.y() == '.'
                ? new Side(entry.indexMode(), blob(reader, entry.indexId()))
                : new Side(entry.worktreeMode(), file(top.resolve(path)));
          }
          budget -= (old == null ? 0 : old.bytes().length) + (now == null ? 0 : now.bytes().length);
          if (budget < 0) {
            throw new AskGit();
          }
          int[] count = count(old, now, settings.bigFileThreshold());
          if (count != null) {
            counts.put(path, count);
          }
        } catch (AskGit e) {
          toGit.add(path);
        }
      }
    }
    if (!toGit.isEmpty()) {
      Map<String, int[]> fromGit = numstat(top,
          toGit.size() <= PATHSPECS ? List.copyOf(toGit) : List.of());
      for (String path : toGit) {
        int[] count = fromGit.get(path);
        if (count != null) {
          counts.put(path, count);
        }
      }
    }
    return new Result(counts, toGit);
  }

  /** Whether the diff against HEAD has an old side for the entry (a rename's path has none). */
  private static boolean oldSide(StatusV2.Entry entry) {
    return entry.headMode() != 0 && entry.kind() != '2';
  }

  private static boolean isAttributes(String path) {
    return path.equals(".gitattributes") || path.endsWith("/.gitattributes");
  }

  /** Whether the diff against HEAD has a new side for the entry (the worktree's or index's). */
  private static boolean newSide(StatusV2.Entry entry) {
    return entry.x() != 'D' && entry.worktreeMode() != 0;
  }

  /** The count of one path; null when git prints nothing for it (nothing differs). */
  private static int[] count(Side old, Side now, long bigFileThreshold) throws AskGit {
    if (old == null && now == null) {
      return null;
    }
    if (old != null && now != null && old.mode() == now.mode()
        && java.util.Arrays.equals(old.bytes(), now.bytes())) {
      return null; // git drops a pair whose content and mode turn out the same
    }
    if ((old != null && old.bytes().length > bigFileThreshold)
        || (now != null && now.bytes().length > bigFileThreshold)) {
      throw new AskGit(); // git's own handling of such files depends on what else it read
    }
    if ((old != null && binary(old.bytes())) || (now != null && binary(now.bytes()))) {
      return new int[] {-1, -1};
    }
    if (old == null) {
      return new int[] {lines(now.bytes()), 0};
    }
    if (now == null) {
      return new int[] {0, lines(old.bytes())};
    }
    int added = 0;
    int removed = 0;
    for (Edit edit : GitDiff.edits(new GitDiff.Lines(old.bytes()), new GitDiff.Lines(now.bytes()))) {
      added += edit.getLengthB();
      removed += edit.getLengthA();
    }
    return new int[] {added, removed};
  }

  private static boolean binary(byte[] bytes) {
    int scan = Math.min(bytes.length, BINARY_SCAN);
    for (int i = 0; i < scan; i++) {
      if (bytes[i] == 0) {
        return true;
      }
    }
    return false;
  }

  /** The lines of a file as git's diff counts them: a last line without a newline is one. */
  private static int lines(byte[] bytes) {
    int lines = 0;
    for (byte b : bytes) {
      if (b == '\n') {
        lines++;
      }
    }
    return bytes.length > 0 && bytes[bytes.length - 1] != '\n' ? lines + 1 : lines;
  }

  private static byte[] blob(ObjectReader reader, String id) throws AskGit {
    try {
      ObjectLoader loader = reader.open(ObjectId.fromString(id), Constants.OBJ_BLOB);
      if (loader.getSize() > READ_LIMIT) {
        throw new AskGit();
      }
      return loader.getBytes();
    } catch (IOException | IllegalArgumentException e) {
      throw new AskGit(); // a missing object (a partial clone), another hash: git reads it
    }
  }

  /** The worktree's content at {@code file}: a link's target, a file's bytes. */
  private static byte[] file(Path file) throws AskGit {
    try {
      if (Files.isSymbolicLink(file)) {
        String target = Files.readSymbolicLink(file).toString();
        if (!StandardCharsets.US_ASCII.newEncoder().canEncode(target)) {
          throw new AskGit(); // the name's bytes may not be what Java decoded
        }
        return target.getBytes(StandardCharsets.US_ASCII);
      }
      if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > READ_LIMIT) {
        throw new AskGit();
      }
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new AskGit();
    }
  }

  /**
   * {@code git diff --numstat -z HEAD -- paths} (against no tree before the first commit; every
   * path for no pathspec), keyed by path; a rename under its destination.
   */
  static Map<String, int[]> numstat(Path top, List<String> paths) {
    List<String> args = new ArrayList<>(List.of("--literal-pathspecs", "diff", "--numstat", "-z",
        "HEAD", "--"));
    args.addAll(paths);
    BoundedProcess.Result diff = GitCli.run(top, GitCli.READ_TIMEOUT, args);
    if (!diff.ok()) {
      args.set(args.indexOf("HEAD"), EMPTY_TREE);
      diff = GitCli.run(top, GitCli.READ_TIMEOUT, args);
      if (!diff.ok()) {
        return Map.of(); // the counts are a courtesy; what changed is status's to say
      }
    }
    List<String> fields = new ArrayList<>();
    byte[] out = diff.stdout();
    int start = 0;
    for (int i = 0; i < out.length; i++) {
      if (out[i] == 0) {
        fields.add(new String(out, start, i - start, StandardCharsets.UTF_8));
        start = i + 1;
      }
    }
    Map<String, int[]> counts = new HashMap<>();
    for (int i = 0; i < fields.size(); i++) {
      String[] parts = fields.get(i).split("\t", 3);
      if (parts.length < 3) {
        continue;
      }
      String path = parts[2];
      if (path.isEmpty() && i + 2 < fields.size()) {
        path = fields.get(i + 2); // a rename: the source, then the destination
        i += 2;
      }
      counts.put(path, new int[] {number(parts[0]), number(parts[1])});
    }
    return counts;
  }

  private static int number(String text) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      return -1; // "-" for a binary file
    }
  }

  /**
   * What of the configuration and the attributes bears on the counts: read once per status,
   * from the configuration JGit loaded and a few file system checks.
   */
  private record Settings(boolean allToGit, boolean copies, long bigFileThreshold,
      List<Path> attributeFiles) {

    static Settings read(Repository repository, Path gitDir, Path commonDir) {
      for (String variable : CONFIG_VARIABLES) {
        if (System.getenv(variable) != null) {
          return new Settings(true, false, 0, List.of());
        }
      }
      for (String variable : CONFIG_FILES) {
        String file = System.getenv(variable);
        if (file != null && !file.isEmpty() && nonEmpty(Path.of(file))) {
          return new Settings(true, false, 0, List.of()); // settings JGit does not read
        }
      }
      if (nonEmpty(gitDir.resolve("config.worktree"))) {
        return new Settings(true, false, 0, List.of());
      }
      Config config = repository.getConfig();
      String algorithm = config.getString("diff", null, "algorithm");
      String autocrlf = config.getString("core", null, "autocrlf");
      String renames = config.getString("diff", null, "renames");
      long threshold;
      try {
        threshold = config.getLong("core", null, "bigfilethreshold", BIG_FILE_THRESHOLD);
      } catch (IllegalArgumentException e) {
        return new Settings(true, false, 0, List.of());
      }
      boolean otherDiff = (algorithm != null && !algorithm.equalsIgnoreCase("myers")
          && !algorithm.equalsIgnoreCase("default"))
          || (autocrlf != null && !isFalse(autocrlf))
          // a sparse checkout may keep an attributes file only in the index
          || config.getBoolean("core", null, "sparsecheckout", false);
      if (otherDiff) {
        return new Settings(true, false, 0, List.of());
      }
      boolean copies = renames != null && (renames.equalsIgnoreCase("copies")
          || renames.equalsIgnoreCase("copy"));
      List<Path> files = new ArrayList<>();
      if (System.getenv("GIT_ATTR_NOSYSTEM") == null) {
        files.add(Path.of("/etc/gitattributes"));
        files.add(Path.of("/usr/local/etc/gitattributes"));
      }
      String global = config.getString("core", null, "attributesfile");
      if (global != null) {
        files.add(global.startsWith("~/")
            ? Path.of(System.getProperty("user.home"), global.substring(2)) : Path.of(global));
      } else {
        String xdg = System.getenv("XDG_CONFIG_HOME");
        files.add(xdg != null && !xdg.isEmpty()
            ? Path.of(xdg, "git", "attributes")
            : Path.of(System.getProperty("user.home"), ".config", "git", "attributes"));
      }
      files.add(gitDir.resolve("info").resolve("attributes"));
      files.add(commonDir.resolve("info").resolve("attributes"));
      List<Path> present = new ArrayList<>();
      for (Path file : files) {
        if (nonEmpty(file)) {
          present.add(file);
        }
      }
      return new Settings(false, copies, threshold, List.copyOf(present));
    }

    private static boolean isFalse(String value) {
      String v = value.trim().toLowerCase(java.util.Locale.ROOT);
      return v.equals("false") || v.equals("no") || v.equals("off") || v.equals("0")
          || v.isEmpty();
    }

    /**
     * Whether any attributes could apply to {@code path}: a global or repository attributes
     * file, or a {@code .gitattributes} in its directory or one above it (or the path itself is
     * one). Which of their lines match is left to git.
     */
    boolean attributed(Path top, String path, Map<Path, Boolean> seen) {
      if (!attributeFiles.isEmpty()) {
        return true;
      }
      Path dir = top;
      String rest = path;
      while (true) {
        Path here = dir;
        if (seen.computeIfAbsent(here, d -> nonEmpty(d.resolve(".gitattributes")))) {
          return true;
        }
        int slash = rest.indexOf('/');
        if (slash < 0) {
          return false;
        }
        dir = dir.resolve(rest.substring(0, slash));
        rest = rest.substring(slash + 1);
      }
    }

    private static boolean nonEmpty(Path file) {
      try {
        return Files.isRegularFile(file) && Files.size(file) > 0;
      } catch (IOException e) {
        return true; // unreadable: git may read it, so git counts
      }
    }
  }
}
