package dev.groundskeeper.git;

import dev.groundskeeper.api.repo.ChangedFile;
import dev.groundskeeper.api.repo.StashEntry;
import dev.groundskeeper.api.repo.WorktreeChanges;
import dev.groundskeeper.api.repo.WorktreeStatus;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.TreeFilter;

/**
 * Reads the uncommitted work of one worktree for the rules that judge discarding commands: one
 * {@code git status --porcelain=v2} (untracked files one by one and ignored ones, unless only
 * tracked changes are asked for), the line counts of the changed tracked paths computed from it
 * in this process as {@code git diff --numstat HEAD} would print them ({@link LineCounts}, which
 * asks git only for the paths it cannot count as git does); then the stash entries and snapshots
 * through JGit when there are any. Asks git's own {@code git clean --dry-run} what a clean would
 * delete, so that pathspecs, {@code -e} and the ignore rules are applied by git itself.
 */
final class ChangesReader {

  /** The tree of no files, to count lines before the first commit. */
  private static final String EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
  /** The prefix of the snapshot refs the host writes before it lets a discard run. */
  static final String SNAPSHOTS = "refs/groundskeeper/snapshots/";
  /** Files larger than this are not read to count lines or to compare with a stash. */
  private static final long READ_LIMIT = 1L << 20;
  /** At most this many untracked files are read; the others' lines are not counted. */
  private static final int READ_FILES = 500;
  /** A stash whose changes span more paths than this is not proven to be in the worktree. */
  private static final int STASH_PATHS = 5_000;

  private static final Set<String> CLEAN_FLAGS = Set.of("-d", "-x", "-X", "-f", "-ff");

  private ChangesReader() {}

  static Optional<WorktreeChanges> changes(Path directory) throws IOException {
    return changes(directory, true);
  }

  /**
   * The worktree's changes; with {@code withUntracked} false the untracked and ignored files are
   * not listed (git's walk of them is most of a status read in a large tree), for a command that
   * can destroy only tracked changes.
   */
  static Optional<WorktreeChanges> changes(Path directory, boolean withUntracked)
      throws IOException {
    Optional<GitRepository> found = GitRepositories.forDirectory(directory);
    if (found.isEmpty() || found.get().location().workTree().isEmpty()) {
      return Optional.empty();
    }
    GitRepository repo = found.get();
    Path top = repo.location().workTree().get();
    // One process: the v2 form names HEAD's and the index's objects for every changed path, so
    // the line counts are computed here (LineCounts) instead of in a second git diff.
    List<String> args = withUntracked
        ? List.of("status", "--porcelain=v2", "-z", "--ignored=matching", "--untracked-files=all")
        : List.of("status", "--porcelain=v2", "-z", "--untracked-files=no");
    BoundedProcess.Result status = GitCli.run(top, GitCli.READ_TIMEOUT, args);
    if (!status.ok()) {
      throw new GitRepository.GitReadException("git status failed in " + top + ": "
          + status.stderr());
    }
    StatusV2.Parsed read = StatusV2.parse(status.stdout());
    WorktreeStatus parsed = read.status();
    Map<String, int[]> counts = LineCounts.count(repo, top, read.entries()).counts();
    Holders holders = Holders.read(repo.jgit());
    Map<String, ChangedFile> tracked = new TreeMap<>();
    for (String path : parsed.staged()) {
      tracked.put(path, file(top, path, true, parsed.modified().contains(path), counts, holders));
    }
    for (String path : parsed.modified()) {
      tracked.putIfAbsent(path, file(top, path, false, true, counts, holders));
    }
    List<ChangedFile> untracked = new ArrayList<>();
    for (int i = 0; i < parsed.untracked().size(); i++) {
      String path = parsed.untracked().get(i);
      int lines = i < READ_FILES ? lines(top.resolve(path)) : -1;
      untracked.add(new ChangedFile(path, false, true, lines, lines < 0 ? -1 : 0,
          holders.holder(top, path)));
    }
    return Optional.of(new WorktreeChanges(top, List.copyOf(tracked.values()), untracked,
        parsed.ignored(), holders.stashes(top)));
  }

  /** More paths than this are not passed to the status read as pathspecs: it reads them all. */
  private static final int PATHSPECS = 1_000;

  /**
   * The untracked and ignored files that writing {@code target}'s files into the worktree would
   * overwrite or remove (see {@code ChangeQueries.overwrittenUntracked}): the paths {@code target}
   * adds beside {@code HEAD} (one tree diff), those of them, and of the directories above them,
   * that exist in the worktree (a file system check each), and among those what git's status
   * lists as untracked or ignored (one status read limited to them, only when any exists).
   */
  static Optional<WorktreeChanges> overwrittenUntracked(Path directory, String target)
      throws IOException {
    if (target.isEmpty() || target.startsWith("-")) {
      throw new GitRepository.GitReadException("`" + target + "` is not a revision to check");
    }
    Optional<GitRepository> found = GitRepositories.forDirectory(directory);
    if (found.isEmpty() || found.get().location().workTree().isEmpty()) {
      return Optional.empty();
    }
    GitRepository repo = found.get();
    Path top = repo.location().workTree().get();
    ObjectId head = repo.jgit().resolve(Constants.HEAD + "^{tree}");
    BoundedProcess.Result diff = GitCli.run(top, GitCli.READ_TIMEOUT, List.of("-c",
        "core.quotePath=false", "diff-tree", "-r", "-z", "--name-only", "--no-renames",
        "--diff-filter=A", head == null ? EMPTY_TREE : head.getName(), target, "--"));
    if (!diff.ok()) {
      throw new GitRepository.GitReadException("`" + target + "` names no commit or tree in "
          + top + " (git diff-tree: " + diff.stderr().strip() + "); run the command that makes"
          + " it first (a fetch, a branch), then this one on its own");
    }
    // the paths that exist where the target puts a file: the file itself (or a directory in
    // its place), and a file or link where the target has a directory above it
    java.util.TreeSet<String> present = new java.util.TreeSet<>();
    Set<String> looked = new java.util.HashSet<>();
    // -z --name-only ends every name with a NUL; an empty field is no path
    for (String added : StatusParser.fields(diff.stdout())) {
      if (added.isEmpty()) {
        continue;
      }
      if (Files.exists(top.resolve(added), LinkOption.NOFOLLOW_LINKS)) {
        present.add(added);
      }
      for (int slash = added.indexOf('/'); slash > 0; slash = added.indexOf('/', slash + 1)) {
        String above = added.substring(0, slash);
        if (looked.add(above)) {
          Path path = top.resolve(above);
          if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)
              && !Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            present.add(above);
          }
        }
      }
    }
    if (present.isEmpty()) {
      return Optional.of(new WorktreeChanges(top, List.of(), List.of(), List.of(), List.of()));
    }
    List<String> args = new ArrayList<>(List.of("--literal-pathspecs", "-c",
        "core.quotePath=false", "status", "--porcelain=v1", "-z", "--ignored=matching",
        "--untracked-files=all", "--"));
    if (present.size() <= PATHSPECS) {
      args.addAll(present);
    }
    BoundedProcess.Result status = GitCli.run(top, GitCli.READ_TIMEOUT, args);
    if (!status.ok()) {
      throw new GitRepository.GitReadException("git status failed in " + top + ": "
          + status.stderr());
    }
    WorktreeStatus parsed = StatusParser.parse(status.stdout());
    List<String> untrackedPaths = new ArrayList<>();
    for (String path : parsed.untracked()) {
      if (atOrUnder(present, path)) {
        untrackedPaths.add(path);
      }
    }
    List<String> ignored = new ArrayList<>();
    for (String path : parsed.ignored()) {
      if (atOrUnder(present, path)) {
        ignored.add(path);
      } else if (path.endsWith("/")) {
        // a wholly ignored directory listed as one entry: what goes is the present paths in it
        for (String inside : present.tailSet(path)) {
          if (!inside.startsWith(path)) {
            break;
          }
          ignored.add(Files.isDirectory(top.resolve(inside), LinkOption.NOFOLLOW_LINKS)
              ? inside + "/" : inside);
        }
      }
    }
    List<ChangedFile> untracked = new ArrayList<>();
    if (!untrackedPaths.isEmpty()) {
      Holders holders = Holders.read(repo.jgit());
      for (int i = 0; i < untrackedPaths.size(); i++) {
        String path = untrackedPaths.get(i);
        int lines = i < READ_FILES ? lines(top.resolve(path)) : -1;
        untracked.add(new ChangedFile(path, false, true, lines, lines < 0 ? -1 : 0,
            holders.holder(top, path)));
      }
    }
    return Optional.of(new WorktreeChanges(top, List.of(), untracked, ignored, List.of()));
  }

  /** Whether {@code path} (a directory ending in {@code /}) is one of {@code roots} or under one. */
  private static boolean atOrUnder(java.util.NavigableSet<String> roots, String path) {
    String bare = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    if (roots.contains(bare)) {
      return true;
    }
    for (int slash = bare.indexOf('/'); slash > 0; slash = bare.indexOf('/', slash + 1)) {
      if (roots.contains(bare.substring(0, slash))) {
        return true;
      }
    }
    return false;
  }

  private static ChangedFile file(Path top, String path, boolean staged, boolean unstaged,
      Map<String, int[]> counts, Holders holders) {
    int[] count = counts.getOrDefault(path, new int[] {-1, -1});
    if (staged && unstaged) {
      // two contents, the index's and the file's: no holder is looked for both
      return new ChangedFile(path, true, true, count[0], count[1], Optional.empty());
    }
    if (!Files.exists(top.resolve(path), LinkOption.NOFOLLOW_LINKS)) {
      // a deletion alone: what is gone is what HEAD has, so undoing it loses nothing
      return new ChangedFile(path, staged, unstaged, count[0], count[1], Optional.of("HEAD"));
    }
    return new ChangedFile(path, staged, unstaged, count[0], count[1], holders.holder(top, path));
  }

  /** The lines of a small text file; -1 for a binary, large or unreadable one. */
  private static int lines(Path file) {
    try {
      if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > READ_LIMIT) {
        return -1;
      }
      byte[] bytes = Files.readAllBytes(file);
      int lines = 0;
      for (byte b : bytes) {
        if (b == 0) {
          return -1;
        }
        if (b == '\n') {
          lines++;
        }
      }
      return bytes.length > 0 && bytes[bytes.length - 1] != '\n' ? lines + 1 : lines;
    } catch (IOException e) {
      return -1;
    }
  }

  /** The blob id git would give the file at {@code file}, or null when it is not a small file. */
  static ObjectId blobOf(Path file) {
    try {
      if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > READ_LIMIT) {
        return null;
      }
      byte[] bytes;
      try (InputStream in = Files.newInputStream(file)) {
        bytes = in.readAllBytes();
      }
      return new ObjectInserter.Formatter().idFor(Constants.OBJ_BLOB, bytes);
    } catch (IOException e) {
      return null;
    }
  }

  /** The stash entries and snapshots, which may hold content the worktree also has. */
  private record Holders(Repository repository, List<Holder> holders, List<RevCommit> stashList) {

    private record Holder(String name, List<ObjectId> trees) {}

    static Holders read(Repository repository) throws IOException {
      List<Holder> holders = new ArrayList<>();
      List<RevCommit> stashes = new ArrayList<>();
      if (repository.exactRef(Constants.R_STASH) != null) {
        try {
          stashes.addAll(Git.wrap(repository).stashList().call());
        } catch (GitAPIException e) {
          throw new IOException("the stash list could not be read: " + e.getMessage(), e);
        }
      }
      try (RevWalk walk = new RevWalk(repository)) {
        for (int i = 0; i < stashes.size(); i++) {
          holders.add(new Holder("stash@{" + i + "}", trees(walk, stashes.get(i))));
        }
        for (Ref ref : repository.getRefDatabase().getRefsByPrefix(SNAPSHOTS)) {
          holders.add(new Holder(ref.getName(), trees(walk, walk.parseCommit(ref.getObjectId()))));
        }
      }
      return new Holders(repository, holders, stashes);
    }

    /** The trees a stash-shaped commit holds content in: its own, its index's, its untracked. */
    private static List<ObjectId> trees(RevWalk walk, RevCommit commit) throws IOException {
      List<ObjectId> trees = new ArrayList<>();
      walk.parseHeaders(commit);
      trees.add(commit.getTree().getId());
      for (int p = 1; p < commit.getParentCount(); p++) {
        RevCommit parent = walk.parseCommit(commit.getParent(p));
        trees.add(parent.getTree().getId());
      }
      return trees;
    }

    /** The first holder whose trees have exactly the file's content at {@code path}. */
    Optional<String> holder(Path top, String path) {
      if (holders.isEmpty()) {
        return Optional.empty();
      }
      ObjectId blob = blobOf(top.resolve(path));
      if (blob == null) {
        return Optional.empty();
      }
      for (Holder holder : holders) {
        for (ObjectId tree : holder.trees()) {
          try (TreeWalk walk = TreeWalk.forPath(repository, path, tree)) {
            if (walk != null && walk.getFileMode(0) != FileMode.TREE
                && walk.getObjectId(0).equals(blob)) {
              return Optional.of(holder.name());
            }
          } catch (IOException e) {
            return Optional.empty(); // not proven held: counted as a loss
          }
        }
      }
      return Optional.empty();
    }

    List<StashEntry> stashes(Path top) throws IOException {
      List<StashEntry> entries = new ArrayList<>();
      for (int i = 0; i < stashList.size(); i++) {
        RevCommit stash = stashList.get(i);
        entries.add(new StashEntry(i, stash.getName(), stash.getShortMessage(),
            inWorktree(top, stash)));
      }
      return entries;
    }

    /** True when every change the stash records is in the worktree as it is now. */
    private boolean inWorktree(Path top, RevCommit stash) throws IOException {
      try (RevWalk revs = new RevWalk(repository); TreeWalk walk = new TreeWalk(repository)) {
        RevCommit commit = revs.parseCommit(stash);
        if (commit.getParentCount() == 0) {
          return false;
        }
        RevCommit base = revs.parseCommit(commit.getParent(0));
        walk.addTree(base.getTree());
        walk.addTree(commit.getTree());
        walk.setRecursive(true);
        walk.setFilter(TreeFilter.ANY_DIFF);
        int seen = 0;
        while (walk.next()) {
          if (++seen > STASH_PATHS || !sameInWorktree(top, walk, 1)) {
            return false;
          }
        }
        if (commit.getParentCount() > 2) {
          RevCommit untracked = revs.parseCommit(commit.getParent(2));
          try (TreeWalk files = new TreeWalk(repository)) {
            files.addTree(untracked.getTree());
            files.setRecursive(true);
            while (files.next()) {
              if (++seen > STASH_PATHS || !sameInWorktree(top, files, 0)) {
                return false;
              }
            }
          }
        }
        return true;
      }
    }

    private static boolean sameInWorktree(Path top, TreeWalk walk, int tree) {
      Path file = top.resolve(walk.getPathString());
      if (walk.getFileMode(tree) == FileMode.MISSING) {
        return !Files.exists(file, LinkOption.NOFOLLOW_LINKS);
      }
      ObjectId blob = blobOf(file);
      return blob != null && blob.equals(walk.getObjectId(tree));
    }
  }

  /**
   * What {@code git clean} with {@code options} and {@code pathspecs} would delete in
   * {@code directory}, from git's own dry run, relative to the worktree's top level.
   */
  static List<String> cleanPreview(Path directory, List<String> options, List<String> pathspecs)
      throws IOException {
    List<String> args = new ArrayList<>(List.of("-c", "core.quotePath=false", "clean",
        "--dry-run"));
    for (int i = 0; i < options.size(); i++) {
      String option = options.get(i);
      if (option.equals("-e") && i + 1 < options.size()) {
        args.add("--exclude=" + options.get(++i));
      } else if (CLEAN_FLAGS.contains(option)) {
        args.add(option);
      } else {
        throw new IllegalArgumentException("not an option a clean preview takes: " + option);
      }
    }
    args.add("--");
    args.addAll(pathspecs);
    Optional<GitRepository> found = GitRepositories.forDirectory(directory);
    if (found.isEmpty() || found.get().location().workTree().isEmpty()) {
      return List.of();
    }
    Path top = found.get().location().workTree().get();
    Path real = directory.toRealPath();
    BoundedProcess.Result result = GitCli.run(real, GitCli.READ_TIMEOUT, args);
    if (!result.ok()) {
      throw new GitRepository.GitReadException("git clean --dry-run failed in " + real + ": "
          + result.stderr());
    }
    List<String> paths = new ArrayList<>();
    for (String line : result.out().split("\n")) {
      if (!line.startsWith("Would remove ")) {
        continue; // "Would skip repository x/": kept
      }
      String shown = WorktreeListing.unquote(line.substring("Would remove ".length()));
      boolean dir = shown.endsWith("/");
      Path absolute = real.resolve(shown).normalize();
      String relative = top.relativize(absolute).toString().replace('\\', '/');
      paths.add(dir && !relative.endsWith("/") ? relative + "/" : relative);
    }
    return paths;
  }
}
