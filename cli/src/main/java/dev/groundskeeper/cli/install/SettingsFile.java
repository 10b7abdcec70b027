package dev.groundskeeper.cli.install;

import dev.groundskeeper.host.ReplacedFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/**
 * Reading and replacing one settings file: a backup beside it first, then the new text written to
 * a temporary file in the same directory and moved over the old one in one step, so a reader
 * sees the old file or the new one, never half of either. A symbolic link is followed and its
 * target replaced, so the link stays.
 */
final class SettingsFile {

  static final String BACKUP_MARK = ".groundskeeper-backup-";
  static final String TEMPORARY_SUFFIX = ".groundskeeper-tmp";
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

  /**
   * Replaces (or creates) {@code file} with {@code text}, atomically, through a temporary named
   * {@code .<name>.<digits>.groundskeeper-tmp} beside it (a name no runner reads): an existing
   * file keeps its mode, a new one is rw-r--r--, as settings files usually are. Installs take no
   * lock, so the temporaries of installs killed before their rename are removed by the next one
   * once they are long dead, never a concurrent install's live one.
   */
  static void replace(Path file, String text) {
    Path real = real(file);
    try {
      ReplacedFiles.replace(real, text.getBytes(StandardCharsets.UTF_8),
          temporaryPrefix(real), TEMPORARY_SUFFIX, ReplacedFiles.READABLE);
    } catch (IOException e) {
      throw new InstallException("cannot write " + file + ": " + e.getMessage()
          + "; the file is as it was");
    }
  }

  /**
   * For a run that leaves {@code file} as it is: removes its long-dead temporaries all the same,
   * or one an install killed just before a run that found it still live would stay for ever.
   */
  static void removeLeftovers(Path file) {
    Path real = real(file);
    ReplacedFiles.removeLeftovers(real, temporaryPrefix(real), TEMPORARY_SUFFIX);
  }

  /** The start of the temporaries' names of {@code file}: a dot, its name, a dot. */
  static String temporaryPrefix(Path file) {
    return "." + file.getFileName() + ".";
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
