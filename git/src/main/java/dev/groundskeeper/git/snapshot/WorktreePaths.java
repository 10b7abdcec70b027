package dev.groundskeeper.git.snapshot;

import dev.groundskeeper.git.store.StoreRefusal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A path inside a worktree, reached without following a link at any level: a snapshot never
 * reads, and a restore never writes, through a link that leads outside the worktree.
 */
final class WorktreePaths {

  private WorktreePaths() {}

  /** {@code top/relative}, refused when it leaves {@code top} as written. */
  static Path resolve(Path top, String relative) {
    String bare = relative.endsWith("/") ? relative.substring(0, relative.length() - 1)
        : relative;
    Path path = top.resolve(bare).normalize();
    if (!path.startsWith(top) || path.equals(top) || bare.isEmpty()) {
      throw new StoreRefusal("the snapshot path `" + relative + "` is not inside " + top,
          "take or restore the snapshot in the worktree it belongs to");
    }
    return path;
  }

  /**
   * Refuses when a directory between {@code top} and {@code path} is a link or not a directory;
   * a missing level is fine (the restore creates it).
   */
  static void requireRealParents(Path top, Path path) {
    Path level = top;
    for (Path name : top.relativize(path.getParent() == null ? top : path.getParent())) {
      level = level.resolve(name);
      BasicFileAttributes attributes;
      try {
        attributes = Files.readAttributes(level, BasicFileAttributes.class,
            LinkOption.NOFOLLOW_LINKS);
      } catch (NoSuchFileException e) {
        return;
      } catch (IOException e) {
        throw new StoreRefusal(level + " could not be read: " + e.getMessage(), "check it");
      }
      if (!attributes.isDirectory() || attributes.isSymbolicLink()) {
        throw new StoreRefusal(level + " is " + (attributes.isSymbolicLink() ? "a symbolic link"
            : "not a directory") + ", and a snapshot never goes through it",
            "move it away, then run the command again");
      }
    }
  }

  /** The attributes of {@code path} itself (a link is not followed), or null when absent. */
  static BasicFileAttributes attributes(Path path) throws IOException {
    try {
      return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      return null;
    }
  }
}
