package dev.groundskeeper.cli.install;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.Set;

/**
 * Reading and replacing one settings file: a backup beside it first, then the new text written to
 * a temporary file in the same directory and moved over the old one in one step, so a reader
 * sees the old file or the new one, never half of either. A symbolic link is followed and its
 * target replaced, so the link stays.
 */
final class SettingsFile {

  static final String BACKUP_MARK = ".groundskeeper-backup-";
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

  private SettingsFile() {}

  /** The file's text, or empty when there is no file. */
  static Optional<String> read(Path file) {
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    if (Files.isDirectory(file)) {
      throw new InstallException(file + " is a directory, not a settings file");
    }
    try {
      byte[] bytes = Files.readAllBytes(file);
      return Optional.of(StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes)).toString());
    } catch (CharacterCodingException e) {
      throw new InstallException(file + " is not UTF-8 text; nothing was changed");
    } catch (IOException e) {
      throw new InstallException("cannot read " + file + ": " + e.getMessage());
    }
  }

  /**
   * Copies {@code file} to {@code <name>.groundskeeper-backup-<UTC time>} beside it (a name no
   * runner reads as settings) and returns the copy's path.
   */
  static Path backup(Path file, Clock clock) {
    Path real = real(file);
    String base = real.getFileName() + BACKUP_MARK + STAMP.format(clock.instant());
    for (int n = 0; ; n++) {
      Path backup = real.resolveSibling(n == 0 ? base : base + "-" + n);
      try {
        Files.copy(real, backup, StandardCopyOption.COPY_ATTRIBUTES);
        return backup;
      } catch (FileAlreadyExistsException taken) {
        // another backup this second: the next name
      } catch (IOException e) {
        throw new InstallException("cannot back up " + file + " (" + e.getMessage()
            + "); nothing was changed");
      }
    }
  }

  /** Replaces (or creates) {@code file} with {@code text}, atomically. */
  static void replace(Path file, String text) {
    Path real = real(file);
    Path directory = real.toAbsolutePath().getParent();
    Path temporary = null;
    try {
      Files.createDirectories(directory);
      temporary = Files.createTempFile(directory, "." + real.getFileName() + ".",
          ".groundskeeper-tmp");
      Optional<Set<PosixFilePermission>> mode = permissions(Files.exists(real) ? real : null);
      if (mode.isPresent()) {
        Files.setPosixFilePermissions(temporary, mode.get());
      }
      try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING)) {
        ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        while (bytes.hasRemaining()) {
          channel.write(bytes);
        }
        channel.force(true);
      }
      try {
        Files.move(temporary, real, StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temporary, real, StandardCopyOption.REPLACE_EXISTING);
      }
      temporary = null;
    } catch (IOException e) {
      throw new InstallException("cannot write " + file + ": " + e.getMessage()
          + "; the file is as it was");
    } finally {
      if (temporary != null) {
        try {
          Files.deleteIfExists(temporary);
        } catch (IOException ignored) {
          // a temporary name no runner reads
        }
      }
    }
  }

  /** An existing file keeps its mode; a new one is rw-r--r--, as settings files usually are. */
  private static Optional<Set<PosixFilePermission>> permissions(Path existing) throws IOException {
    if (!Files.getFileStore(existing == null ? Path.of("/") : existing)
        .supportsFileAttributeView("posix")) {
      return Optional.empty();
    }
    if (existing == null) {
      return Optional.of(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
          PosixFilePermission.GROUP_READ, PosixFilePermission.OTHERS_READ));
    }
    return Optional.of(Files.getPosixFilePermissions(existing));
  }

  private static Path real(Path file) {
    if (Files.isSymbolicLink(file)) {
      try {
        return file.toRealPath();
      } catch (IOException dangling) {
        throw new InstallException(file + " is a symbolic link to a file that does not exist;"
            + " nothing was changed");
      }
    }
    return file;
  }

  static boolean exists(Path file) {
    return Files.exists(file, LinkOption.NOFOLLOW_LINKS);
  }
}
