package dev.groundskeeper.git.snapshot;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.repo.Snapshot;
import dev.groundskeeper.api.repo.SnapshotEffect;
import dev.groundskeeper.git.Faults;
import dev.groundskeeper.git.files.ExclusiveLock;
import dev.groundskeeper.git.files.ReplacedFile;
import dev.groundskeeper.git.store.StoreLevels;
import dev.groundskeeper.git.store.StoreLocation;
import dev.groundskeeper.git.store.StoreRefusal;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The snapshots of uncommitted work, kept in the state directory ({@code snapshots/<worktree
 * key>/<id>/}), never inside the repository: a {@code git gc}, a {@code git clean -x} or an
 * {@code rm -rf .git} cannot take them along, and ignored files such as {@code .env} never enter
 * git objects that a push could carry.
 *
 * <p>Each level is made owner-only and refused when it is a link or writable by others. A
 * snapshot is written under a {@code .partial-} name, every file forced to the disk, its manifest
 * last, then renamed into place in one step: a full disk or a killed process leaves a partial
 * directory that no listing reads, and never a snapshot with a part missing. Snapshots are only
 * ever added or dropped by name; nothing here deletes one to make room.
 */
@API(status = API.Status.INTERNAL)
public final class SnapshotStore {

  static final String DIRECTORY = "snapshots";
  /** The lock of one worktree's snapshots; its name starts with a dot, so no listing reads it. */
  static final String LOCK = ".lock";
  /** How long a snapshot waits for another of the same worktree before it is refused. */
  static final java.time.Duration LOCK_WAIT = java.time.Duration.ofSeconds(10);
  private static final String PARTIAL = ".partial-";
  private static final String DROPPED = ".dropped-";
  private static final DateTimeFormatter ID_TIME =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

  private final Path state;
  private final Optional<Path> userHome;
  private final Faults faults;

  /**
   * The store in {@code stateDirectory} (absolute); {@code userHome} shortens what it prints.
   *
   * @param stateDirectory the state directory snapshots live under (absolute)
   * @param userHome the person's home directory, shown as {@code ~} in what the store prints
   */
  public SnapshotStore(Path stateDirectory, Optional<Path> userHome) {
    this(stateDirectory, userHome, Faults.NONE);
  }

  /** The store with a test's faults at each step of a take (issue 17). */
  SnapshotStore(Path stateDirectory, Optional<Path> userHome, Faults faults) {
    this.state = Objects.requireNonNull(stateDirectory, "stateDirectory").toAbsolutePath()
        .normalize();
    this.userHome = Objects.requireNonNull(userHome, "userHome");
    this.faults = Objects.requireNonNull(faults, "faults");
  }

  /**
   * {@return the top level of the worktree holding {@code directory}, when it is in one}
   *
   * @param directory any directory
   */
  public static Optional<Path> worktreeOf(Path directory) {
    return WorktreeGit.topOf(directory).map(top -> {
      try {
        return top.toRealPath();
      } catch (IOException e) {
        return top;
      }
    });
  }

  /**
   * {@return where the snapshots of the worktree {@code top} live}
   *
   * @param top the worktree's top level
   */
  public Path directory(Path top) {
    return state.resolve(DIRECTORY).resolve(key(top));
  }

  /**
   * Takes the snapshot {@code effect} asks for, re-reading the worktree now.
   *
   * @throws StoreRefusal when it cannot be taken in full (a cap, a link, a full disk): then
   *     nothing of it is kept
   * @param effect what to keep, and why
   * @param now the time recorded as the snapshot's
   * @return the snapshot kept
   */
  public Snapshot take(SnapshotEffect effect, Instant now) {
    return take(effect, now, path -> false);
  }

  /**
   * Takes the snapshot {@code effect} asks for, re-reading the worktree now, leaving out of the
   * directories it copies whole the paths {@code rebuildable} covers (relative to the worktree,
   * a directory ending in {@code /}): the repository's regenerable setting, which made them no
   * loss to the guard that asked.
   *
   * @throws StoreRefusal when it cannot be taken in full (a cap, a link, a full disk): then
   *     nothing of it is kept
   * @param effect what to keep, and why
   * @param now the time recorded as the snapshot's
   * @param rebuildable whether a path (relative to the worktree) is regenerable and left out
   * @return the snapshot kept
   */
  public Snapshot take(SnapshotEffect effect, Instant now,
      java.util.function.Predicate<String> rebuildable) {
    Path top = real(effect.top());
    WorktreeGit git = new WorktreeGit(top);
    git.requireTop();
    Path dir = ensure(top);
    // Two hook calls may snapshot one worktree at once (threads of the server, or separate hook
    // processes): under the worktree's lock, the bytes already kept are summed and the new
    // snapshot is written and moved into place by one writer at a time, so the cap holds for
    // their sum and neither can pick the other's name.
    try (ExclusiveLock lock = ExclusiveLock.acquire(dir.resolve(LOCK), LOCK_WAIT)) {
      return takeLocked(effect, now, top, git, dir, rebuildable);
    } catch (ExclusiveLock.Busy e) {
      throw new StoreRefusal("another snapshot of " + top + " was still being written after "
          + LOCK_WAIT.toSeconds() + " s", "run the command again in a moment");
    } catch (IOException e) {
      throw new StoreRefusal("the snapshots of " + top + " could not be locked in " + shown(dir)
          + ": " + e.getMessage(), "check that directory, or keep the work by hand (git stash"
          + " push --include-untracked), then run the command");
    }
  }

  private Snapshot takeLocked(SnapshotEffect effect, Instant now, Path top, WorktreeGit git,
      Path dir, java.util.function.Predicate<String> rebuildable) {
    removeLeftPartials(dir);
    long used = 0;
    for (Snapshot existing : list(top)) {
      used += existing.bytes();
    }
    Path partial;
    String id;
    try {
      int attempt = 0;
      while (true) {
        id = ID_TIME.format(now) + "-" + HexFormat.of().toHexDigits(
            (short) ThreadLocalRandom.current().nextInt(1 << 16));
        partial = dir.resolve(PARTIAL + id);
        if (!Files.exists(dir.resolve(id), LinkOption.NOFOLLOW_LINKS)) {
          try {
            faults.before("snapshot.start");
            Files.createDirectory(partial, PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
            break;
          } catch (java.nio.file.FileAlreadyExistsException e) {
            // a partial one a killed writer left under the same name: pick another
          }
        }
        if (++attempt >= 64) {
          throw new StoreRefusal("no free snapshot name was found in " + shown(dir),
              "look at that directory, then run the command again");
        }
      }
    } catch (IOException e) {
      throw new StoreRefusal("the snapshot could not be started in " + shown(dir) + ": "
          + SafeText.failure(e),
          "free some space there, or keep the work by hand (git stash push"
          + " --include-untracked), then run the command");
    }
    try {
      Capture capture = new Capture(top, git, effect.limits(),
          effect.limits().maxStoreBytes() - used, partial, rebuildable);
      faults.before("snapshot.copies");
      List<Manifest.Entry> entries = capture.run(effect.paths(), effect.scopes());
      Manifest manifest = new Manifest(Manifest.VERSION, id, now, effect.sessionId(),
          effect.command(), top, entries, capture.bytes());
      faults.before("snapshot.manifest");
      SnapshotFiles.writeDurably(partial.resolve(Manifest.FILE_NAME), manifest.toJson());
      ReplacedFile.forceDirectory(partial);
      faults.before("snapshot.rename");
      Files.move(partial, dir.resolve(id), StandardCopyOption.ATOMIC_MOVE);
      faults.before("snapshot.sync");
      ReplacedFile.forceDirectory(dir);
      return manifest.summary();
    } catch (AtomicMoveNotSupportedException e) {
      SnapshotFiles.deleteQuietly(partial);
      throw new StoreRefusal("the snapshot could not be moved into place in one step",
          "keep the state directory on one file system");
    } catch (IOException | RuntimeException e) {
      SnapshotFiles.deleteQuietly(partial);
      if (e instanceof StoreRefusal refusal) {
        throw refusal;
      }
      throw new StoreRefusal("the snapshot could not be written in " + shown(dir) + ": "
          + SafeText.failure(e),
          "free some space there, or keep the work by hand (git stash push"
          + " --include-untracked), then run the command");
    }
  }

  /**
   * A take killed (SIGKILL) between its copies and its rename leaves its {@code .partial-}
   * directory, never listed and never counted against the cap, for ever. Only the holder of the
   * store's lock writes one, and this runs under that lock: any found now is a dead writer's. A
   * removal that fails is tried again at the next take.
   */
  private static void removeLeftPartials(Path dir) {
    try (var left = Files.newDirectoryStream(dir, PARTIAL + "*")) {
      for (Path partial : left) {
        if (Files.isDirectory(partial, LinkOption.NOFOLLOW_LINKS)) {
          SnapshotFiles.deleteQuietly(partial);
        }
      }
    } catch (IOException | RuntimeException e) {
      // left for the next take
    }
  }

  /**
   * {@return the complete snapshots of {@code top}, newest first; damaged ones are left out}
   *
   * @param top the worktree's top level
   */
  public List<Snapshot> list(Path top) {
    List<Snapshot> snapshots = new ArrayList<>();
    for (Manifest manifest : manifests(real(top), new ArrayList<>())) {
      snapshots.add(manifest.summary());
    }
    return snapshots;
  }

  /**
   * {@return the names of snapshot directories of {@code top} whose manifest cannot be read, and
   * why}
   *
   * @param top the worktree's top level
   */
  public List<String> damaged(Path top) {
    List<String> damaged = new ArrayList<>();
    manifests(real(top), damaged);
    return damaged;
  }

  /**
   * {@return the snapshot {@code id} of {@code top}}
   *
   * @param top the worktree's top level
   * @param id the snapshot's name
   */
  public Optional<Snapshot> find(Path top, String id) {
    return manifest(real(top), id).map(Manifest::summary);
  }

  /**
   * Restores snapshot {@code id} onto {@code top}'s worktree and index, refusing as a whole when
   * a path changed since the discard; {@code dryRun} only says what it would do. First it
   * removes the temporaries an earlier restore killed before its renames left beside the paths
   * of this worktree's snapshots, when each is certainly such a leftover and holds nothing the
   * snapshot does not ({@link RestoreLeftovers}), and names them in the result.
   *
   * @param top the worktree's top level
   * @param id the snapshot's name
   * @param dryRun whether to write nothing
   * @return the paths restored (or that would be), those already as kept, and those that made it
   * refuse
   */
  public Snapshot.Restore restore(Path top, String id, boolean dryRun) {
    Path real = real(top);
    Manifest manifest = manifest(real, id).orElseThrow(() -> new StoreRefusal("there is no"
        + " snapshot " + id + " of " + real, "list them with groundskeeper snapshot list"));
    List<RestoreLeftovers.Kept> kept = new ArrayList<>();
    for (Manifest each : manifests(real, new ArrayList<>())) {
      kept.add(new RestoreLeftovers.Kept(each, directory(real).resolve(each.id())));
    }
    List<String> leftovers = RestoreLeftovers.sweep(real, kept, new WorktreeGit(real),
        Instant.now(), dryRun);
    return new Restorer(real, directory(real).resolve(id), manifest).run(dryRun)
        .withLeftovers(leftovers);
  }

  /**
   * The diff of each path of snapshot {@code id} from {@code top}'s worktree now to the kept
   * copy (what a restore would write), of the paths {@code only} names, or of all when empty.
   *
   * @param top the worktree's top level
   * @param id the snapshot's name
   * @param only the paths to diff (relative to the worktree); empty for all
   * @return one diff per path, in the snapshot's order
   */
  public List<Snapshot.Diff> diff(Path top, String id, List<String> only) {
    Path real = real(top);
    Manifest manifest = manifest(real, id).orElseThrow(() -> new StoreRefusal("there is no"
        + " snapshot " + id + " of " + real, "list them with groundskeeper snapshot list"));
    return new SnapshotDiff(real, directory(real).resolve(id), manifest).run(only);
  }

  /**
   * The diff of each path of snapshot {@code id} whose staged content it kept (its index entry
   * differed from HEAD when it was taken): from HEAD's content then to the kept index content,
   * which a restore puts back in the index; of the paths {@code only} names, or of all when
   * empty.
   *
   * @param top the worktree's top level
   * @param id the snapshot's name
   * @param only the paths to diff (relative to the worktree); empty for all
   * @return one diff per path whose staged content was kept
   */
  public List<Snapshot.Diff> stagedDiff(Path top, String id, List<String> only) {
    Path real = real(top);
    Manifest manifest = manifest(real, id).orElseThrow(() -> new StoreRefusal("there is no"
        + " snapshot " + id + " of " + real, "list them with groundskeeper snapshot list"));
    return new SnapshotDiff(real, directory(real).resolve(id), manifest)
        .staged(new WorktreeGit(real), only);
  }

  /**
   * Drops snapshot {@code id} of {@code top}: renamed away in one step, then deleted.
   *
   * @param top the worktree's top level
   * @param id the snapshot's name
   */
  public void drop(Path top, String id) {
    Path real = real(top);
    if (manifest(real, id).isEmpty()) {
      throw new StoreRefusal("there is no snapshot " + id + " of " + real,
          "list them with groundskeeper snapshot list");
    }
    Path dir = directory(real);
    Path away = dir.resolve(DROPPED + id + "-" + Long.toHexString(System.nanoTime()));
    // under the lock, so that a snapshot being taken counts the store's bytes before or after
    // the drop, never during it
    try (ExclusiveLock lock = ExclusiveLock.acquire(dir.resolve(LOCK), LOCK_WAIT)) {
      Files.move(dir.resolve(id), away, StandardCopyOption.ATOMIC_MOVE);
    } catch (ExclusiveLock.Busy e) {
      throw new StoreRefusal("snapshot " + id + " was not dropped: a snapshot of " + real
          + " was being written for more than " + LOCK_WAIT.toSeconds() + " s", "run the drop"
          + " again in a moment");
    } catch (IOException e) {
      throw new StoreRefusal("snapshot " + id + " could not be dropped: " + e.getMessage(),
          "check " + shown(dir));
    }
    try {
      SnapshotFiles.deleteTree(away);
    } catch (IOException e) {
      throw new StoreRefusal("snapshot " + id + " could not be dropped: " + e.getMessage(),
          "check " + shown(dir));
    }
  }

  private Optional<Manifest> manifest(Path top, String id) {
    if (!id.matches("[0-9A-Za-z-]{1,64}") || !levels().exists(segments(top))) {
      return Optional.empty();
    }
    Path file = directory(top).resolve(id).resolve(Manifest.FILE_NAME);
    try {
      if (Files.isSymbolicLink(file.getParent()) || !Files.isRegularFile(file,
          LinkOption.NOFOLLOW_LINKS)) {
        return Optional.empty();
      }
      return Optional.of(Manifest.fromJson(Files.readAllBytes(file)));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private List<Manifest> manifests(Path top, List<String> damaged) {
    if (!levels().exists(segments(top))) {
      return List.of();
    }
    List<Manifest> manifests = new ArrayList<>();
    try {
      for (Path child : SnapshotFiles.children(directory(top))) {
        String name = child.getFileName().toString();
        if (name.startsWith(".")) {
          continue;
        }
        Optional<Manifest> manifest = manifest(top, name);
        if (manifest.isPresent()) {
          manifests.add(manifest.get());
        } else {
          damaged.add(name);
        }
      }
    } catch (IOException e) {
      throw new StoreRefusal("the snapshots in " + shown(directory(top)) + " could not be"
          + " listed: " + e.getMessage(), "check the directory");
    }
    manifests.sort(Comparator.comparing(Manifest::created).thenComparing(Manifest::id)
        .reversed());
    return manifests;
  }

  private Path ensure(Path top) {
    try {
      Path parent = state.getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
    } catch (IOException e) {
      throw new StoreRefusal("the state directory's parent " + shown(state.getParent())
          + " could not be created: " + e.getMessage(), "create it, or set GROUNDSKEEPER_HOME");
    }
    return levels().ensure(segments(top));
  }

  private StoreLevels levels() {
    return new StoreLevels(new StoreLocation(state, userHome));
  }

  private static List<String> segments(Path top) {
    return List.of(DIRECTORY, key(top));
  }

  /** A name for the worktree that no path text can turn into a level of its own. */
  static String key(Path top) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(top.toString()
          .getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  private static Path real(Path top) {
    try {
      return top.toRealPath();
    } catch (IOException e) {
      return top.toAbsolutePath().normalize();
    }
  }

  private String shown(Path path) {
    if (userHome.isPresent() && path.startsWith(userHome.get())) {
      return "~/" + userHome.get().relativize(path);
    }
    return path.toString();
  }
}
