package dev.groundskeeper.git.files;

import dev.groundskeeper.api.API;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;

/**
 * Removes the temporary files that writers killed between writing one and renaming it into place
 * left beside the file they were replacing (issue 17). A SIGKILL runs no {@code finally} block,
 * so nothing else would ever remove them: each such kill would add one file for ever.
 *
 * <p>Which temporaries are dead is the caller's to say. A writer that holds a lock only writers
 * of that file take (the branch ledger, the snapshot store) calls it under the lock with
 * {@link #UNDER_LOCK}: any temporary found then is a dead writer's. A writer without such a lock
 * (the nudge state, the inventory cache, the trust list) passes an age: only a temporary whose
 * last change is that much older than the caller's own fresh temporary is removed, so a
 * concurrent writer's live one (written and renamed within milliseconds) is never touched, and
 * the comparison uses the file system's own clock for both times. Nothing here throws: a removal
 * that fails is tried again at the next write, and the data file is always read by its own name.
 */
@API(status = API.Status.INTERNAL)
public final class LeftTemporaries {

  /** Every matching temporary is dead: the caller holds the writers' lock. */
  public static final Duration UNDER_LOCK = Duration.ZERO;

  /**
   * How old a lockless writer's temporary must be to count as dead: a write of a few kilobytes
   * takes milliseconds, so one ten minutes old is a killed writer's, not a slow one's.
   */
  public static final Duration LOCKLESS = Duration.ofMinutes(10);

  private LeftTemporaries() {
  }

  /**
   * Removes the regular files of {@code directory} matching {@code glob} (never through a
   * symbolic link, never directories), except {@code own}, that are dead by {@code olderThan}:
   * with {@link #UNDER_LOCK} every one, otherwise those last modified more than {@code olderThan}
   * before {@code own} was (so {@code own} must exist). Returns how many it removed.
   *
   * @param directory the directory to clean (its files only, not beneath)
   * @param glob the names of the temporaries
   * @param own this process's own temporary, which is never removed
   * @param olderThan how much older than {@code own} a file must be to count as dead, or {@link
   * #UNDER_LOCK}
   * @return how many files were removed
   */
  public static int remove(Path directory, String glob, Path own, Duration olderThan) {
    int removed = 0;
    try {
      FileTime limit = null;
      if (!olderThan.isZero()) {
        FileTime reference = Files.getLastModifiedTime(own, LinkOption.NOFOLLOW_LINKS);
        limit = FileTime.fromMillis(reference.toMillis() - olderThan.toMillis());
      }
      try (DirectoryStream<Path> left = Files.newDirectoryStream(directory, glob)) {
        for (Path temp : left) {
          if (temp.getFileName().equals(own.getFileName())) {
            continue;
          }
          try {
            BasicFileAttributes attributes = Files.readAttributes(temp,
                BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (attributes.isRegularFile()
                && (limit == null || attributes.lastModifiedTime().compareTo(limit) < 0)
                && Files.deleteIfExists(temp)) {
              removed++;
            }
          } catch (IOException | RuntimeException e) {
            // this one is left for the next write
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      // left for the next write; the data file itself is read by its own name
    }
    return removed;
  }
}
