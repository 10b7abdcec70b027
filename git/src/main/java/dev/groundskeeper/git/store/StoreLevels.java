package dev.groundskeeper.git.store;

import com.sun.security.auth.module.UnixSystem;
import dev.groundskeeper.api.API;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;

/**
 * Makes the store's directories one level at a time. Each level is created at mode 0700 if it is
 * missing, then re-read without following links and refused when it is a link or not a
 * directory, belongs to another account, or can be written by group or others. A refusal stops
 * everything: nothing is created beneath the level that failed. A level that already exists keeps
 * its mode and is judged as it stands.
 */
@API(status = API.Status.INTERNAL)
public final class StoreLevels {

  static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");
  private static final long UID = new UnixSystem().getUid();

  private final StoreLocation location;

  /**
   * The levels of the store at {@code location}.
   *
   * @param location the store's home
   */
  public StoreLevels(StoreLocation location) {
    this.location = location;
  }

  /**
   * Ensures the home and each of {@code segments} beneath it, each owner-only and judged.
   *
   * @param segments the names of the levels below the home
   * @return the deepest level
   */
  public Path ensure(List<String> segments) {
    Path level = location.home();
    ensureLevel(level, false);
    for (String segment : segments) {
      level = level.resolve(segment);
      ensureLevel(level, false);
    }
    return level;
  }

  /**
   * Ensures the parent levels, then creates {@code entry} beneath the deepest one exclusively: an
   * entry that already exists refuses (two runs never share one).
   */
  Path createExclusive(List<String> parents, String entry) {
    Path parent = ensure(parents);
    Path path = parent.resolve(entry);
    ensureLevel(path, true);
    return path;
  }

  /**
   * Judges existing levels from the home down to {@code segments}, creating nothing.
   *
   * @param segments the names of the levels below the home
   * @return whether every level exists (each that does is judged, and a refusal is thrown)
   */
  public boolean exists(List<String> segments) {
    Path level = location.home();
    if (!Files.exists(level, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    judge(level);
    for (String segment : segments) {
      level = level.resolve(segment);
      if (!Files.exists(level, LinkOption.NOFOLLOW_LINKS)) {
        return false;
      }
      judge(level);
    }
    return true;
  }

  private void ensureLevel(Path level, boolean exclusive) {
    try {
      Files.createDirectory(level, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
    } catch (FileAlreadyExistsException e) {
      if (exclusive) {
        throw new StoreRefusal(location.display(level) + " already exists; another run made it",
            "run the command again");
      }
    } catch (NoSuchFileException e) {
      throw new StoreRefusal("the parent of the store level " + location.display(level)
          + " does not exist", "create it, or set " + StoreLocation.HOME_VARIABLE
          + " to a directory of your own");
    } catch (IOException e) {
      throw new StoreRefusal("the store level " + location.display(level)
          + " could not be created: " + e.getMessage(), "check the permissions of its parent");
    }
    judge(level);
  }

  /**
   * Refuses a level that is a link, not a directory, foreign, or writable by others.
   *
   * @param level a directory of the store
   */
  public void judge(Path level) {
    String shown = location.display(level);
    PosixFileAttributes attributes;
    try {
      attributes = Files.readAttributes(level, PosixFileAttributes.class,
          LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      throw new StoreRefusal("the store level " + shown + " could not be read: " + e.getMessage(),
          "check it by hand");
    }
    String yours = "set " + StoreLocation.HOME_VARIABLE + " to a directory only you can write";
    if (attributes.isSymbolicLink()) {
      throw new StoreRefusal("the store level " + shown + " is a symbolic link; the store never"
          + " follows links", "remove the link, or " + yours);
    }
    if (!attributes.isDirectory()) {
      throw new StoreRefusal("the store level " + shown + " is not a directory",
          "move it away, or " + yours);
    }
    long owner = uid(level);
    if (owner != UID) {
      throw new StoreRefusal("the store level " + shown + " belongs to another account (uid "
          + owner + ")", yours);
    }
    Set<PosixFilePermission> permissions = attributes.permissions();
    if (permissions.contains(PosixFilePermission.GROUP_WRITE)
        || permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
      throw new StoreRefusal("the store level " + shown + " can be written by group or others ("
          + PosixFilePermissions.toString(permissions) + ")", "run chmod go-w "
          + ShellWords.quote(shown) + ", or " + yours);
    }
  }

  private static long uid(Path level) {
    try {
      return ((Number) Files.getAttribute(level, "unix:uid", LinkOption.NOFOLLOW_LINKS))
          .longValue();
    } catch (IOException | UnsupportedOperationException e) {
      throw new StoreRefusal("the owner of the store level " + level + " could not be read",
          "the store needs a POSIX file system");
    }
  }
}
