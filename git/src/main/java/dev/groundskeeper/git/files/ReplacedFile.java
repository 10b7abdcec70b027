package dev.groundskeeper.git.files;

import dev.groundskeeper.api.API;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

/**
 * Replaces one small file whole, for a writer that takes no lock (a runner's settings file, the
 * trust list): the new bytes go to a temporary file in the same directory (so the rename cannot
 * cross file systems), are forced to the disk, and the temporary is renamed over the file in one
 * step and the directory forced after it. A reader, a crash or a SIGKILL at any moment leaves
 * the old file or the new one, never part of either; a full disk fails before the rename, with
 * the old file as it was.
 *
 * <p>The temporary is named {@code prefix}, random digits, {@code suffix}. A writer killed
 * before its rename leaves it, and no {@code finally} block removes it: each write therefore
 * removes the ones of that exact shape whose last change is {@link LeftTemporaries#LOCKLESS}
 * older than its own fresh temporary (a killed writer's, never a concurrent live one).
 */
@API(status = API.Status.INTERNAL)
public final class ReplacedFile {

  private ReplacedFile() {}

  /**
   * Replaces (or creates) {@code file} with {@code content}. An existing file keeps its mode; a
   * new one gets {@code newMode} (where the file system has POSIX modes). {@code file} itself is
   * replaced: a caller that means to keep a symbolic link passes the link's target. Writers of
   * the same file may run at once in several processes: the last rename wins whole, and none
   * removes another's live temporary.
   *
   * @param file the file to replace; its directory is created when missing
   * @param content the whole new content
   * @param prefix the start of the temporary's name, the same for every writer of this file
   * @param suffix the end of the temporary's name, the same for every writer of this file
   * @param newMode the POSIX mode of a file that does not exist yet; ignored where the file
   *     system has none
   * @throws IOException when the directory cannot be made or the content written or renamed:
   *     then the file is as it was and the temporary removed
   */
  public static void replace(Path file, byte[] content, String prefix, String suffix,
      Set<PosixFilePermission> newMode) throws IOException {
    Path directory = file.toAbsolutePath().getParent();
    Files.createDirectories(directory);
    Path temporary = Files.createTempFile(directory, prefix, suffix);
    try {
      // the create made it: its time is the file system's "now" for the leftovers' age
      LeftTemporaries.remove(directory, LeftTemporaries.createdTemporaries(prefix, suffix),
          temporary, LeftTemporaries.LOCKLESS);
      if (Files.getFileStore(directory).supportsFileAttributeView("posix")) {
        Files.setPosixFilePermissions(temporary, Files.exists(file)
            ? Files.getPosixFilePermissions(file) : newMode);
      }
      try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING, LinkOption.NOFOLLOW_LINKS)) {
        ByteBuffer bytes = ByteBuffer.wrap(content);
        while (bytes.hasRemaining()) {
          channel.write(bytes);
        }
        channel.force(true);
      }
      try {
        Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        // a same-directory rename is atomic wherever POSIX holds; elsewhere the best there is
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
      }
      forceDirectory(directory);
    } finally {
      Files.deleteIfExists(temporary);
    }
  }

  /**
   * Removes the long-dead temporaries of {@code file}'s writers as {@link #replace} does, for a
   * run that has nothing to write (an install already in place): otherwise a writer killed
   * shortly before a run that kept its then live temporary would leave it for ever. A fresh
   * temporary of the same shape, deleted at once, gives the file system's "now". Never throws.
   *
   * @param file the file whose writers' temporaries are looked for, beside it
   * @param prefix the start of the temporaries' names, as passed to {@link #replace}
   * @param suffix the end of the temporaries' names, as passed to {@link #replace}
   * @return how many it removed; 0 when the directory is missing, full or read-only
   */
  public static int removeLeftovers(Path file, String prefix, String suffix) {
    Path directory = file.toAbsolutePath().getParent();
    if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
      return 0;
    }
    try {
      Path probe = Files.createTempFile(directory, prefix, suffix);
      try {
        return LeftTemporaries.remove(directory,
            LeftTemporaries.createdTemporaries(prefix, suffix), probe, LeftTemporaries.LOCKLESS);
      } finally {
        Files.deleteIfExists(probe);
      }
    } catch (IOException | RuntimeException e) {
      return 0; // a full or read-only directory: tried again at the next run
    }
  }

  /**
   * Forces a directory's entries (a rename into it) to the disk, where the system allows. Never
   * throws: where a directory cannot be opened for reading, the rename is atomic all the same
   * and only its durability across a power loss is left to the system.
   *
   * @param directory the directory a file was just renamed into
   */
  public static void forceDirectory(Path directory) {
    try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException | UnsupportedOperationException e) {
      // Some file systems cannot open a directory for reading; the rename itself is atomic.
    }
  }
}
