package dev.groundskeeper.cli.serve;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The process's file mode creation mask. Java cannot read it, so it is measured: a file asked
 * for with every permission gets those the mask lets through. A served call creates files (a
 * worktree, the branch ledger, archived notes) with the server's mask, so a caller whose mask
 * differs is declined.
 */
final class Umask {

  private Umask() {}

  /** Measures the mask by creating (and removing) a file in {@code directory}. */
  static int measure(Path directory) {
    Path probe = directory.resolve(".umask-probe-" + ProcessHandle.current().pid());
    try {
      Files.deleteIfExists(probe);
      Files.createFile(probe, PosixFilePermissions.asFileAttribute(
          PosixFilePermissions.fromString("rwxrwxrwx")));
      Set<PosixFilePermission> granted = Files.getPosixFilePermissions(probe);
      int mode = 0;
      for (PosixFilePermission permission : granted) {
        mode |= 1 << (8 - permission.ordinal());
      }
      return ~mode & 0777;
    } catch (IOException e) {
      throw new ServeException("cannot measure the umask in " + directory + ": " + e.getMessage());
    } finally {
      try {
        Files.deleteIfExists(probe);
      } catch (IOException ignored) {
        // a leftover probe is harmless; it is replaced at the next start
      }
    }
  }
}
