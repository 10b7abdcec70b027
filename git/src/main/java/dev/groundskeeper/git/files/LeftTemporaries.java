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
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Removes the temporary files that writers killed between writing one and renaming it into place
 * left beside the file they were replacing (issue 17). A SIGKILL runs no {@code finally} block,
 * so nothing else would ever remove them: each such kill would add one file for ever.
 *
 * <p>Which temporaries are dead is the caller's to say. A writer that holds a lock only writers
 * of that file take (the branch ledger, the snapshot store) calls it under the lock with
 * {@link #UNDER_LOCK}: any temporary found then is a dead writer's. A writer without such a lock
 * (the nudge state, the inventory cache, the trust list, a runner's settings file) passes an age:
 * only a temporary whose last change is that much older than the caller's own fresh temporary is
 * removed, so a concurrent writer's live one (written and renamed within milliseconds) is never
 * touched, and the comparison uses the file system's own clock for both times. Nothing here
 * throws: a removal that fails is tried again at the next write, and the data file is always
 * read by its own name.
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
    var matcher = directory.getFileSystem().getPathMatcher("glob:" + glob);
    return remove(directory, n -> matcher.matches(directory.getFileSystem().getPath(n)), own,
        olderThan);
  }

  /**
   * As {@link #remove(Path, String, Path, Duration)}, for the file names {@code name} accepts
   * instead of a glob (such as {@link #createdTemporaries}, which matches only the names
   * {@code Files.createTempFile} makes). Never throws: when {@code own} or the directory cannot
   * be read it removes nothing and answers 0.
   *
   * @param directory the directory to clean (its files only, not beneath)
   * @param name accepts the file names of the temporaries
   * @param own this process's own temporary, which is never removed; it must exist unless
   *     {@code olderThan} is {@link #UNDER_LOCK}
   * @param olderThan how much older than {@code own} a file must be to count as dead, or {@link
   *     #UNDER_LOCK}
   * @return how many files were removed
   */
  public static int remove(Path directory, Predicate<String> name, Path own,
      Duration olderThan) {
    try {
      FileTime limit = null;
      if (!olderThan.isZero()) {
        FileTime reference = Files.getLastModifiedTime(own, LinkOption.NOFOLLOW_LINKS);
        limit = FileTime.fromMillis(reference.toMillis() - olderThan.toMillis());
      }
      String ownName = own.getFileName().toString();
      return delete(dead(directory, n -> !n.equals(ownName) && name.test(n), limit, false))
          .size();
    } catch (IOException | RuntimeException e) {
      return 0; // left for the next write; the data file itself is read by its own name
    }
  }

  /**
   * The names {@code Files.createTempFile(directory, prefix, suffix)} makes: {@code prefix}, the
   * decimal digits of a random number, {@code suffix}. Nothing else, so a file of the user's that
   * merely starts and ends alike (a {@code .trusted-mine.json}) is never taken for one.
   *
   * @param prefix the prefix the writer passes to {@code createTempFile}
   * @param suffix the suffix the writer passes to {@code createTempFile}
   * @return a predicate over file names (not paths); it holds no state and may be shared
   */
  public static Predicate<String> createdTemporaries(String prefix, String suffix) {
    Pattern shape = Pattern.compile(Pattern.quote(prefix) + "[0-9]{1,20}" + Pattern.quote(suffix));
    return n -> shape.matcher(n).matches();
  }

  /**
   * The entries of {@code directory} whose names {@code name} accepts, that are regular files
   * (or, with {@code links}, symbolic links, which are never followed) last modified before
   * {@code limit} (every one when it is null). Directories are never among them. Nothing is
   * removed: the caller passes the result to {@link #delete} once it has decided. Never throws.
   *
   * @param directory the directory to list (its entries only, not beneath)
   * @param name accepts the file names to consider
   * @param limit the last-modified time a file must be older than, or null for no age test
   * @param links whether symbolic links (never followed) count as well as regular files
   * @return the matching entries, in a new list; empty when the directory
   *     cannot be read or none matches
   */
  public static List<Path> dead(Path directory, Predicate<String> name, FileTime limit,
      boolean links) {
    List<Path> dead = new ArrayList<>();
    DirectoryStream.Filter<Path> named = entry -> entry.getFileName() != null
        && name.test(entry.getFileName().toString());
    try (DirectoryStream<Path> left = Files.newDirectoryStream(directory, named)) {
      for (Path temp : left) {
        try {
          BasicFileAttributes attributes = Files.readAttributes(temp, BasicFileAttributes.class,
              LinkOption.NOFOLLOW_LINKS);
          if ((attributes.isRegularFile() || links && attributes.isSymbolicLink())
              && (limit == null || attributes.lastModifiedTime().compareTo(limit) < 0)) {
            dead.add(temp);
          }
        } catch (IOException | RuntimeException e) {
          // gone meanwhile, or unreadable: not taken for dead
        }
      }
    } catch (IOException | RuntimeException e) {
      // nothing found; tried again at the next write
    }
    return dead;
  }

  /**
   * Deletes each of {@code paths} (a link itself, never its target). Never throws: one that
   * cannot be deleted is skipped and left for the next write.
   *
   * @param paths the files to delete
   * @return those actually deleted by this call (not those already gone), in the given order
   */
  public static List<Path> delete(List<Path> paths) {
    List<Path> deleted = new ArrayList<>();
    for (Path path : paths) {
      try {
        if (Files.deleteIfExists(path)) {
          deleted.add(path);
        }
      } catch (IOException | RuntimeException e) {
        // this one is left for the next write
      }
    }
    return deleted;
  }
}
