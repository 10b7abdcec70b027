package dev.groundskeeper.git.snapshot;

import dev.groundskeeper.api.repo.Snapshot;
import dev.groundskeeper.api.repo.SnapshotEffect;
import dev.groundskeeper.git.store.StoreRefusal;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Copies what a discard would destroy into a snapshot's directory, as the worktree is at this
 * moment: the paths the rule named (a directory whole), and every tracked path with changes under
 * the scopes, which may have changed since the rule judged. Every cap is checked before a byte is
 * counted twice; passing one refuses the whole snapshot.
 */
final class Capture {

  /** The most paths one snapshot holds: a larger one is refused rather than half kept. */
  static final int MAX_ENTRIES = 20_000;

  private final Path top;
  private final WorktreeGit git;
  private final SnapshotEffect.Limits limits;
  private final long storeRoom;
  private final Path into;
  /** The repository's regenerable setting: what a named directory holds under it is no loss. */
  private final Predicate<String> rebuildable;
  private long bytes;
  private int stored;

  Capture(Path top, WorktreeGit git, SnapshotEffect.Limits limits, long storeRoom, Path into,
      Predicate<String> rebuildable) {
    this.rebuildable = rebuildable;
    this.top = top;
    this.git = git;
    this.limits = limits;
    this.storeRoom = storeRoom;
    this.into = into;
  }

  long bytes() {
    return bytes;
  }

  List<Manifest.Entry> run(List<String> named, List<String> scopes) throws IOException {
    Set<String> paths = new LinkedHashSet<>();
    for (String path : named) {
      expand(path, paths);
    }
    if (!scopes.isEmpty()) {
      for (String path : git.changedTracked()) {
        if (covered(scopes, path)) {
          paths.add(path);
        }
      }
    }
    if (paths.size() > MAX_ENTRIES) {
      throw new StoreRefusal("the snapshot would hold " + paths.size() + " paths, more than the "
          + MAX_ENTRIES + " one snapshot holds", "keep the work by hand (git stash push"
          + " --include-untracked, or a commit), then run the command");
    }
    List<String> list = List.copyOf(paths);
    Map<String, Manifest.GitEntry> head = git.head(list);
    Map<String, Manifest.GitEntry> index = git.index(list);
    List<Manifest.Entry> entries = new ArrayList<>();
    for (String path : list) {
      entry(path, Optional.ofNullable(head.get(path)), Optional.ofNullable(index.get(path)))
          .ifPresent(entries::add);
    }
    return entries;
  }

  private static boolean covered(List<String> scopes, String path) {
    for (String scope : scopes) {
      String bare = scope.endsWith("/") ? scope.substring(0, scope.length() - 1) : scope;
      if (bare.isEmpty() || path.equals(bare) || path.startsWith(bare + "/")) {
        return true;
      }
    }
    return false;
  }

  /** A named path, or every file and link under a named directory. */
  private void expand(String named, Set<String> paths) throws IOException {
    Path path = WorktreePaths.resolve(top, named);
    WorktreePaths.requireRealParents(top, path);
    BasicFileAttributes attributes = WorktreePaths.attributes(path);
    if (attributes == null || !attributes.isDirectory()) {
      paths.add(top.relativize(path).toString().replace('\\', '/'));
      return;
    }
    // Walk without following links (a link inside is kept as a link), leaving out what the
    // regenerable setting covers: the guard counted the directory as a loss for the rest of it,
    // and a .venv or node_modules inside would fill the caps and refuse the command for nothing.
    Files.walkFileTree(path, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
        if (!dir.equals(path) && rebuildable.test(relative(dir) + "/")) {
          return FileVisitResult.SKIP_SUBTREE;
        }
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
        String relative = relative(file);
        if (!rebuildable.test(relative)) {
          paths.add(relative);
        }
        return paths.size() > MAX_ENTRIES ? FileVisitResult.TERMINATE // refused by the caller
            : FileVisitResult.CONTINUE;
      }
    });
  }

  private String relative(Path path) {
    return top.relativize(path).toString().replace('\\', '/');
  }

  private Optional<Manifest.Entry> entry(String relative, Optional<Manifest.GitEntry> head,
      Optional<Manifest.GitEntry> index) throws IOException {
    Path path = WorktreePaths.resolve(top, relative);
    WorktreePaths.requireRealParents(top, path);
    BasicFileAttributes attributes = WorktreePaths.attributes(path);
    if (attributes == null) {
      if (head.isEmpty() && index.isEmpty()) {
        return Optional.empty(); // gone and never tracked: nothing left to keep
      }
      return Optional.of(new Manifest.Entry(relative, Snapshot.Kind.ABSENT, 0, false,
          Optional.empty(), Optional.empty(), Optional.empty(), head, index,
          indexContent(index, head, Optional.empty())));
    }
    if (attributes.isSymbolicLink()) {
      String target = Files.readSymbolicLink(path).toString();
      String blob = WorktreeGit.blobId(target.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return Optional.of(new Manifest.Entry(relative, Snapshot.Kind.LINK, 0, false,
          Optional.of(target), Optional.empty(), Optional.of(blob), head, index,
          indexContent(index, head, Optional.of(blob))));
    }
    if (!attributes.isRegularFile()) {
      throw new StoreRefusal(path + " is neither a file nor a link (a socket, a device or a"
          + " pipe), which a snapshot does not copy", "move it away, then run the command");
    }
    long size = attributes.size();
    if (size > limits.maxFileBytes()) {
      throw new StoreRefusal(relative + " is " + size + " bytes, more than the "
          + limits.maxFileBytes() + " a snapshot copies of one file (changes.snapshots"
          + ".max_file_bytes)", "keep it by hand (commit it, or copy it out of the worktree),"
          + " then run the command");
    }
    byte[] content = Files.readAllBytes(path);
    if (content.length > limits.maxFileBytes()) {
      throw new StoreRefusal(relative + " grew past " + limits.maxFileBytes() + " bytes while it"
          + " was read", "run the command again");
    }
    count(content.length);
    String name = store(content);
    boolean executable = Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS)
        .contains(PosixFilePermission.OWNER_EXECUTE);
    String blob = WorktreeGit.blobId(content);
    return Optional.of(new Manifest.Entry(relative, Snapshot.Kind.FILE, content.length,
        executable, Optional.empty(), Optional.of(name), Optional.of(blob), head, index,
        indexContent(index, head, Optional.of(blob))));
  }

  /**
   * The stored copy of the index's bytes, when they are neither HEAD's nor the working file's:
   * a file staged, then changed again, has two contents, and a discard takes both.
   */
  private Optional<String> indexContent(Optional<Manifest.GitEntry> index,
      Optional<Manifest.GitEntry> head, Optional<String> working) throws IOException {
    if (index.isEmpty() || index.equals(head) || working.equals(Optional.of(index.get().id()))) {
      return Optional.empty();
    }
    byte[] content = git.blob(index.get().id());
    if (content.length > limits.maxFileBytes()) {
      throw new StoreRefusal("a staged file is " + content.length + " bytes, more than the "
          + limits.maxFileBytes() + " a snapshot copies of one file", "commit it, then run the"
          + " command");
    }
    count(content.length);
    return Optional.of(store(content));
  }

  private void count(long more) {
    bytes += more;
    if (bytes > limits.maxBytes()) {
      throw new StoreRefusal("the snapshot would copy more than " + limits.maxBytes()
          + " bytes (changes.snapshots.max_bytes)", "keep the work by hand (commit it, or git"
          + " stash push --include-untracked), then run the command");
    }
    if (bytes > storeRoom) {
      throw new StoreRefusal("the snapshots of this worktree would hold more than "
          + limits.maxStoreBytes() + " bytes (changes.snapshots.max_store_bytes)", "drop the"
          + " snapshots you no longer need (groundskeeper snapshot list, then groundskeeper"
          + " snapshot drop <id>), then run the command again");
    }
  }

  private String store(byte[] content) throws IOException {
    String name = "f" + (stored++);
    SnapshotFiles.writeDurably(into.resolve(name), content);
    return name;
  }
}
