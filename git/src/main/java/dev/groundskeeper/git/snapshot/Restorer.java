package dev.groundskeeper.git.snapshot;

import dev.groundskeeper.api.repo.Snapshot;
import dev.groundskeeper.git.store.StoreRefusal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Puts a snapshot back: each working file, and each index entry that differed from HEAD. A path
 * is written only when it is as the discard left it (gone, or HEAD's content) or already holds
 * the snapshot's content; a path changed since is a conflict, and one conflict writes nothing at
 * all, so a restore never overwrites newer work.
 */
final class Restorer {

  private final Path top;
  private final Path stored;
  private final Manifest manifest;
  private final WorktreeGit git;

  Restorer(Path top, Path stored, Manifest manifest) {
    this.top = top;
    this.stored = stored;
    this.manifest = manifest;
    this.git = new WorktreeGit(top);
  }

  private enum Plan { UNCHANGED, WRITE, CONFLICT }

  Snapshot.Restore run(boolean dryRun) {
    if (!manifest.top().equals(top)) {
      throw new StoreRefusal("snapshot " + manifest.id() + " belongs to " + manifest.top()
          + ", not " + top, "restore it from inside that worktree");
    }
    git.requireTop();
    List<String> paths = manifest.entries().stream().map(Manifest.Entry::path).toList();
    Map<String, Manifest.GitEntry> indexNow = git.index(paths);
    Map<Manifest.Entry, Plan> files = new HashMap<>();
    Map<Manifest.Entry, Plan> indexes = new HashMap<>();
    List<String> restored = new ArrayList<>();
    List<String> unchanged = new ArrayList<>();
    List<String> conflicts = new ArrayList<>();
    Map<Manifest.Entry, Plan> asHead = asHead(manifest.entries());
    for (Manifest.Entry entry : manifest.entries()) {
      Plan file = planFile(entry, asHead);
      Plan index = entry.staged() ? planIndex(entry, Optional.ofNullable(indexNow.get(
          entry.path()))) : Plan.UNCHANGED;
      files.put(entry, file);
      indexes.put(entry, index);
      if (file == Plan.CONFLICT || index == Plan.CONFLICT) {
        conflicts.add(entry.path());
      } else if (file == Plan.WRITE || index == Plan.WRITE) {
        restored.add(entry.path());
      } else {
        unchanged.add(entry.path());
      }
    }
    Snapshot.Restore result = new Snapshot.Restore(restored, unchanged, conflicts);
    if (dryRun || result.refused()) {
      return result;
    }
    for (Manifest.Entry entry : manifest.entries()) {
      try {
        if (files.get(entry) == Plan.WRITE) {
          writeFile(entry);
        }
        if (indexes.get(entry) == Plan.WRITE) {
          writeIndex(entry);
        }
      } catch (IOException e) {
        throw new StoreRefusal("restoring " + entry.path() + " failed: " + e.getMessage()
            + " (paths before it in the snapshot are restored; the snapshot itself is kept)",
            "run the restore again once the cause is fixed; it skips what is already back");
      }
    }
    return result;
  }

  /**
   * For each path that holds neither the snapshot's content nor nothing: WRITE when it is what
   * HEAD holds there (as the discard left it), CONFLICT otherwise. Git decides "what HEAD holds"
   * ({@link WorktreeGit#stagedIds}), in one call for every file: a file checked out through
   * {@code core.autocrlf} or in a SHA-256 repository has bytes whose checksum is not HEAD's id.
   */
  private Map<Manifest.Entry, Plan> asHead(List<Manifest.Entry> entries) {
    Map<Manifest.Entry, Plan> plans = new HashMap<>();
    List<Manifest.Entry> files = new ArrayList<>();
    for (Manifest.Entry entry : entries) {
      if (entry.head().isEmpty()) {
        continue; // nothing to be as: a present path is newer work
      }
      Path path = WorktreePaths.resolve(top, entry.path());
      WorktreePaths.requireRealParents(top, path);
      try {
        BasicFileAttributes attributes = WorktreePaths.attributes(path);
        if (attributes == null || !Optional.of(current(path, attributes)).equals(entry.blob())
            || attributes.isSymbolicLink() != (entry.kind() == Snapshot.Kind.LINK)) {
          if (attributes != null && attributes.isSymbolicLink()) {
            String id = git.rawId(Files.readSymbolicLink(path).toString()
                .getBytes(StandardCharsets.UTF_8));
            plans.put(entry, headIs(entry, Snapshot.Kind.LINK, id));
          } else if (attributes != null && attributes.isRegularFile()) {
            files.add(entry);
          }
        }
      } catch (IOException e) {
        plans.put(entry, Plan.CONFLICT);
      }
    }
    Map<String, String> ids = git.stagedIds(files.stream().map(Manifest.Entry::path).toList());
    for (Manifest.Entry entry : files) {
      plans.put(entry, headIs(entry, Snapshot.Kind.FILE, ids.get(entry.path())));
    }
    return plans;
  }

  private static Plan headIs(Manifest.Entry entry, Snapshot.Kind kind, String id) {
    Manifest.GitEntry head = entry.head().orElseThrow();
    return head.id().equals(id) && WorktreeGit.kindOf(head) == kind ? Plan.WRITE : Plan.CONFLICT;
  }

  private static String current(Path path, BasicFileAttributes attributes) throws IOException {
    if (attributes.isSymbolicLink()) {
      return WorktreeGit.blobId(Files.readSymbolicLink(path).toString()
          .getBytes(StandardCharsets.UTF_8));
    }
    return attributes.isRegularFile() ? WorktreeGit.blobId(Files.readAllBytes(path)) : "";
  }

  /** The working file: written when gone or as HEAD has it, kept when already restored. */
  private Plan planFile(Manifest.Entry entry, Map<Manifest.Entry, Plan> asHead) {
    Path path = WorktreePaths.resolve(top, entry.path());
    WorktreePaths.requireRealParents(top, path);
    Optional<String> now;
    Snapshot.Kind kind;
    try {
      BasicFileAttributes attributes = WorktreePaths.attributes(path);
      if (attributes == null) {
        kind = Snapshot.Kind.ABSENT;
        now = Optional.empty();
      } else if (attributes.isSymbolicLink()) {
        kind = Snapshot.Kind.LINK;
        now = Optional.of(WorktreeGit.blobId(Files.readSymbolicLink(path).toString()
            .getBytes(StandardCharsets.UTF_8)));
      } else if (attributes.isRegularFile()) {
        kind = Snapshot.Kind.FILE;
        now = Optional.of(WorktreeGit.blobId(Files.readAllBytes(path)));
      } else {
        return Plan.CONFLICT; // a directory or a device where the file was
      }
    } catch (IOException e) {
      return Plan.CONFLICT;
    }
    if (kind == entry.kind() && now.equals(entry.blob())) {
      return Plan.UNCHANGED;
    }
    if (kind == Snapshot.Kind.ABSENT) {
      return Plan.WRITE;
    }
    return asHead.getOrDefault(entry, Plan.CONFLICT);
  }

  /** The index entry: written when it is HEAD's again, kept when already restored. */
  private Plan planIndex(Manifest.Entry entry, Optional<Manifest.GitEntry> now) {
    if (now.equals(entry.index())) {
      return Plan.UNCHANGED;
    }
    return now.equals(entry.head()) ? Plan.WRITE : Plan.CONFLICT;
  }

  private void writeFile(Manifest.Entry entry) throws IOException {
    Path path = WorktreePaths.resolve(top, entry.path());
    WorktreePaths.requireRealParents(top, path);
    switch (entry.kind()) {
      case ABSENT -> Files.deleteIfExists(path);
      case LINK -> {
        Files.createDirectories(path.getParent());
        Path temporary = RestoreLeftovers.temporary(path);
        Files.createSymbolicLink(temporary, Path.of(entry.target().orElseThrow()));
        Files.move(temporary, path, StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
      }
      case FILE -> {
        Files.createDirectories(path.getParent());
        byte[] content = Files.readAllBytes(stored.resolve(entry.content().orElseThrow()));
        if (!Optional.of(WorktreeGit.blobId(content)).equals(entry.blob())) {
          throw new IOException("the snapshot's copy of it is damaged (its content id differs)");
        }
        Path temporary = RestoreLeftovers.temporary(path);
        Files.write(temporary, content);
        Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString(
            entry.executable() ? "rwxr-xr-x" : "rw-r--r--"));
        Files.move(temporary, path, StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
      }
      default -> throw new IllegalStateException("unknown kind " + entry.kind());
    }
  }

  private void writeIndex(Manifest.Entry entry) throws IOException {
    if (entry.index().isEmpty()) {
      git.setIndex(entry.path(), Optional.empty());
      return;
    }
    Manifest.GitEntry index = entry.index().get();
    byte[] content;
    if (entry.indexContent().isPresent()) {
      content = Files.readAllBytes(stored.resolve(entry.indexContent().get()));
    } else if (entry.kind() == Snapshot.Kind.LINK) {
      content = entry.target().orElseThrow().getBytes(StandardCharsets.UTF_8);
    } else if (entry.kind() == Snapshot.Kind.FILE) {
      content = Files.readAllBytes(stored.resolve(entry.content().orElseThrow()));
    } else {
      throw new IOException("the snapshot holds no content for its index entry");
    }
    String id = git.writeBlob(content);
    if (!id.equals(index.id())) {
      throw new IOException("the staged content written back has id " + id + ", not "
          + index.id());
    }
    git.setIndex(entry.path(), Optional.of(index));
  }

  static boolean exists(Path path) {
    return Files.exists(path, LinkOption.NOFOLLOW_LINKS);
  }
}
