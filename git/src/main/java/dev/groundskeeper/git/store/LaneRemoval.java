package dev.groundskeeper.git.store;

import dev.groundskeeper.api.repo.WorktreeStatus;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Removes one worktree of a lane relative to the opened lane directory, so that nothing judged
 * earlier by path can be redirected at the moment of removal. The worktree's entry is first
 * renamed, inside the lane, to a name private to this process (a rename moves a symbolic link
 * itself, never what it points at); what was moved must be a real directory, opened without
 * following links; its git admin entry must lead back to it; its status must be the one judged.
 * Only then is it deleted entry by entry through directory handles that never follow a link,
 * and its admin entry {@code <common>/worktrees/<id>} removed the same way, which is what
 * {@code git worktree remove} does after deleting the files.
 *
 * <p>Linux gives a {@link SecureDirectoryStream}; where the platform does not,
 * {@link #open} answers empty and the caller falls back to git's own removal.
 */
final class LaneRemoval {

  /** The prefix of a worktree being removed (or left by a prune that was killed mid-removal). */
  static final String QUARANTINE_PREFIX = ".removing-";

  private static final int MAX_GITFILE_BYTES = 4096;
  private static final LinkOption[] NO_FOLLOW = {LinkOption.NOFOLLOW_LINKS};

  private final SecureDirectoryStream<Path> lane;
  private final Path laneReal;
  private final StoreLocation location;

  private LaneRemoval(SecureDirectoryStream<Path> lane, Path laneReal, StoreLocation location) {
    this.lane = lane;
    this.laneReal = laneReal;
    this.location = location;
  }

  /**
   * Opens the lane directory {@code laneReal} (a real path) as a handle; empty when the platform
   * gives no secure directory stream. The handle must be the directory the path names now.
   *
   * @throws IOException when the lane cannot be opened, or changed while it was
   */
  static Optional<LaneRemoval> open(Path laneReal, StoreLocation location) throws IOException {
    DirectoryStream<Path> stream = Files.newDirectoryStream(laneReal);
    if (!(stream instanceof SecureDirectoryStream<Path> secure)) {
      stream.close();
      return Optional.empty();
    }
    Object opened = secure.getFileAttributeView(BasicFileAttributeView.class).readAttributes()
        .fileKey();
    Object named = Files.readAttributes(laneReal, BasicFileAttributes.class, NO_FOLLOW).fileKey();
    if (opened == null || !opened.equals(named)) {
      secure.close();
      throw new IOException("the lane directory changed while it was opened");
    }
    return Optional.of(new LaneRemoval(secure, laneReal, location));
  }

  void close() {
    try {
      lane.close();
    } catch (IOException e) {
      // nothing was written through it that closing could lose
    }
  }

  /**
   * Removes the lane entry {@code name}, git's worktree at {@code shown}, whose admin entry must
   * live in {@code commonDir/worktrees}; {@code status} reads a worktree's status at a path and
   * must give exactly {@code judged}. {@code beforeAct} runs just before the entry is moved: the
   * seam a test uses to swap the directory at the last moment. Empty when it was removed.
   */
  Optional<String> remove(String name, Path shown, Path commonDir, WorktreeStatus judged,
      Function<Path, Optional<WorktreeStatus>> status, Runnable beforeAct) {
    Path entry = Path.of(name);
    Path quarantine = Path.of(QUARANTINE_PREFIX + name + "-" + ProcessHandle.current().pid());
    if (attributes(quarantine).isPresent()) {
      return Optional.of(location.display(laneReal.resolve(quarantine).toString()) + " is in the"
          + " way of the removal; nothing removed: look at it, delete it, then prune again");
    }
    beforeAct.run();
    try {
      lane.move(entry, lane, quarantine);
    } catch (NoSuchFileException e) {
      return Optional.of("it is no longer there; nothing removed");
    } catch (IOException e) {
      return Optional.of("it could not be moved aside for removal (" + e.getMessage()
          + "); nothing removed");
    }
    Optional<BasicFileAttributes> moved = attributes(quarantine);
    if (moved.isEmpty() || !moved.get().isDirectory() || moved.get().isSymbolicLink()) {
      return Optional.of(putBack(quarantine, entry, symlinkRefusal(shown)));
    }
    String id;
    Path admin;
    try (SecureDirectoryStream<Path> tree = lane.newDirectoryStream(quarantine, NO_FOLLOW)) {
      if (!Objects.equals(ownKey(tree), moved.get().fileKey())) {
        return Optional.of(putBack(quarantine, entry, symlinkRefusal(shown)));
      }
      Optional<Path> gitdir = gitdir(tree, laneReal.resolve(quarantine));
      Path worktrees = commonDir.resolve("worktrees");
      if (gitdir.isEmpty() || !worktrees.equals(gitdir.get().getParent())) {
        return Optional.of(putBack(quarantine, entry, "its .git file no longer leads to this"
            + " repository's record of it; nothing removed"));
      }
      admin = gitdir.get();
      id = admin.getFileName().toString();
      Optional<String> refusal = adminRefusal(admin, shown, laneReal.resolve(name));
      if (refusal.isPresent()) {
        return Optional.of(putBack(quarantine, entry, refusal.get()));
      }
      Optional<WorktreeStatus> now = status.apply(laneReal.resolve(quarantine));
      if (now.isEmpty() || !now.get().equals(judged)) {
        return Optional.of(putBack(quarantine, entry, "it changed since it was judged"
            + now.map(s -> " (" + changes(s) + ")").orElse(" (its status could not be read)")
            + "; nothing removed: look at what changed, then prune again"));
      }
      if (!Objects.equals(attributes(quarantine).map(BasicFileAttributes::fileKey)
          .orElse(null), moved.get().fileKey())) {
        return Optional.of(symlinkRefusal(shown));
      }
      List<String> failures = new ArrayList<>();
      deleteContents(tree, "", failures);
      if (!failures.isEmpty()) {
        Optional<String> record = deleteAdmin(worktrees, id);
        String where = putBackQuietly(quarantine, entry) ? location.display(shown.toString())
            : location.display(laneReal.resolve(quarantine).toString());
        return Optional.of("the removal stopped half-way: " + failures.size()
            + (failures.size() == 1 ? " entry" : " entries") + " could not be deleted (first: "
            + failures.get(0) + "); everything else in it was deleted, "
            + record.orElse("git no longer lists it as a worktree (git worktree repair cannot"
                + " bring it back)")
            + ", and what is left is in " + where + ": make it deletable (chmod u+w on its"
            + " directories, chattr -i on an immutable file) or move what matters, then delete"
            + " the directory: rm -r " + ShellWords.quote(where));
      }
    } catch (IOException e) {
      return Optional.of(putBack(quarantine, entry, "it could not be opened as a directory at the"
          + " moment of removal (" + e.getMessage() + "); nothing removed"));
    }
    try {
      lane.deleteDirectory(quarantine);
    } catch (IOException e) {
      return Optional.of("its files were deleted but its directory "
          + location.display(laneReal.resolve(quarantine).toString()) + " could not be ("
          + e.getMessage() + "); delete it by hand");
    }
    return deleteAdmin(commonDir.resolve("worktrees"), id).map(record -> "its files were"
        + " deleted, but " + record);
  }

  /**
   * Why git's admin entry no longer names this worktree: its {@code gitdir} file must lead to the
   * worktree's {@code .git} at the path judged, and it must not be locked or hold submodules
   * (git refuses to remove a worktree that does).
   */
  private static Optional<String> adminRefusal(Path admin, Path shown, Path real) {
    Path back;
    try {
      if (!Files.isDirectory(admin, NO_FOLLOW)) {
        return Optional.of("git's record of it is gone; nothing removed");
      }
      String text = Files.readString(admin.resolve("gitdir"), StandardCharsets.UTF_8).strip();
      back = Path.of(text).toAbsolutePath().normalize();
    } catch (IOException | java.nio.file.InvalidPathException e) {
      return Optional.of("git's record of it could not be read (" + e.getMessage()
          + "); nothing removed");
    }
    if (!back.equals(shown.resolve(".git").normalize()) && !back.equals(real.resolve(".git"))) {
      return Optional.of("git's record of it leads to " + back + ", not to it; nothing removed");
    }
    if (Files.exists(admin.resolve("locked"), NO_FOLLOW)) {
      return Optional.of("locked since it was judged");
    }
    if (Files.exists(admin.resolve("modules"), NO_FOLLOW)) {
      return Optional.of("it holds submodules, which git worktree remove refuses to delete too;"
          + " left untouched");
    }
    return Optional.empty();
  }

  /** The admin entry its top-level {@code .git} file names, read without following a link. */
  private static Optional<Path> gitdir(SecureDirectoryStream<Path> tree, Path at) {
    byte[] bytes;
    try (SeekableByteChannel channel = tree.newByteChannel(Path.of(".git"),
        Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS))) {
      if (channel.size() > MAX_GITFILE_BYTES) {
        return Optional.empty();
      }
      ByteBuffer buffer = ByteBuffer.allocate((int) channel.size());
      while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
        // read it all
      }
      bytes = buffer.array();
    } catch (IOException e) {
      return Optional.empty();
    }
    String text = new String(bytes, StandardCharsets.UTF_8).strip();
    if (!text.startsWith("gitdir:")) {
      return Optional.empty();
    }
    try {
      return Optional.of(at.resolve(text.substring("gitdir:".length()).strip()).normalize());
    } catch (java.nio.file.InvalidPathException e) {
      return Optional.empty();
    }
  }

  /**
   * Deletes git's admin entry {@code worktrees/<id>} through a handle on {@code worktrees}, never
   * following a link; empty when it is gone, else what to run.
   */
  private static Optional<String> deleteAdmin(Path worktrees, String id) {
    List<String> failures = new ArrayList<>();
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(worktrees)) {
      if (!(stream instanceof SecureDirectoryStream<Path> secure)) {
        return Optional.of("git's record of it was left: run git worktree prune");
      }
      Path name = Path.of(id);
      BasicFileAttributes attributes = secure.getFileAttributeView(name,
          BasicFileAttributeView.class, NO_FOLLOW).readAttributes();
      if (!attributes.isDirectory()) {
        secure.deleteFile(name);
        return Optional.empty();
      }
      try (SecureDirectoryStream<Path> admin = secure.newDirectoryStream(name, NO_FOLLOW)) {
        deleteContents(admin, "", failures);
      }
      secure.deleteDirectory(name);
      return Optional.empty();
    } catch (IOException e) {
      return Optional.of("git's record of it (" + worktrees.resolve(id) + ") could not be deleted ("
          + (failures.isEmpty() ? e.getMessage() : failures.get(0)) + "): run git worktree prune");
    }
  }

  /**
   * Deletes everything inside {@code dir} through handles: a directory is opened without
   * following links and emptied first; anything else (a link included) is unlinked. What cannot
   * be deleted is recorded and the rest goes on, as git's own removal does.
   */
  private static void deleteContents(SecureDirectoryStream<Path> dir, String shown,
      List<String> failures) {
    List<Path> names = new ArrayList<>();
    try {
      for (Path child : dir) {
        names.add(child.getFileName());
      }
    } catch (RuntimeException e) {
      failures.add((shown.isEmpty() ? "." : shown) + ": could not be read");
      return;
    }
    for (Path name : names) {
      String path = shown.isEmpty() ? name.toString() : shown + "/" + name;
      try {
        BasicFileAttributes attributes = dir.getFileAttributeView(name,
            BasicFileAttributeView.class, NO_FOLLOW).readAttributes();
        if (attributes.isDirectory()) {
          int before = failures.size();
          try (SecureDirectoryStream<Path> child = dir.newDirectoryStream(name, NO_FOLLOW)) {
            deleteContents(child, path, failures);
          }
          if (failures.size() == before) {
            dir.deleteDirectory(name);
          }
        } else {
          dir.deleteFile(name);
        }
      } catch (IOException e) {
        failures.add(path + ": " + reason(e));
      }
    }
  }

  private static String reason(IOException e) {
    String text = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    int colon = text.lastIndexOf(": ");
    return colon >= 0 ? text.substring(colon + 2) : text;
  }

  private Optional<BasicFileAttributes> attributes(Path name) {
    try {
      return Optional.of(lane.getFileAttributeView(name, BasicFileAttributeView.class, NO_FOLLOW)
          .readAttributes());
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static Object ownKey(SecureDirectoryStream<Path> dir) throws IOException {
    return dir.getFileAttributeView(BasicFileAttributeView.class).readAttributes().fileKey();
  }

  /** Moves the quarantined entry back under its name and returns {@code why}, with a note if not. */
  private String putBack(Path quarantine, Path entry, String why) {
    return putBackQuietly(quarantine, entry) ? why : why + "; it was left under "
        + location.display(laneReal.resolve(quarantine).toString()) + ", move it back with: mv "
        + ShellWords.quote(laneReal.resolve(quarantine).toString()) + " "
        + ShellWords.quote(laneReal.resolve(entry).toString());
  }

  private boolean putBackQuietly(Path quarantine, Path entry) {
    if (attributes(entry).isPresent()) {
      return false; // something new stands under the name: never replace it
    }
    try {
      lane.move(quarantine, lane, entry);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private String symlinkRefusal(Path path) {
    return location.display(path.toString()) + " is no longer the directory that was judged (a"
        + " symbolic link or another file stands there now); nothing removed, and nothing it"
        + " points at was touched: look at what replaced it, then prune again";
  }

  private static String changes(WorktreeStatus status) {
    List<String> parts = new ArrayList<>();
    add(parts, status.staged().size(), "staged");
    add(parts, status.modified().size(), "modified");
    add(parts, status.untracked().size(), "untracked");
    add(parts, status.ignored().size(), "ignored");
    return parts.isEmpty() ? "now clean" : "now " + String.join(", ", parts);
  }

  private static void add(List<String> parts, int count, String what) {
    if (count > 0) {
      parts.add(count + " " + what);
    }
  }
}
