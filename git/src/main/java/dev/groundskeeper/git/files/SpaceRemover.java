package dev.groundskeeper.git.files;

import dev.groundskeeper.api.files.ListingBudget;
import dev.groundskeeper.api.files.RemoveScratchSpace;
import dev.groundskeeper.api.files.TreeListing;
import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;

/**
 * Removes an idle scratch space after proving, at that moment, that it is still a real directory
 * directly inside its parent and that nothing in it changed since it was judged idle.
 */
final class SpaceRemover {

  /** Generous, because a removal must see everything it deletes. */
  static final ListingBudget RECHECK = new ListingBudget(1_000_000, Duration.ofSeconds(30));

  private final Path base;
  private final TreeWalker walker;

  SpaceRemover(Path base) {
    this.base = base;
    this.walker = new TreeWalker(base);
  }

  /**
   * Removes the space.
   *
   * @throws RefusedException when a proof does not hold; nothing was removed then
   * @throws IOException when removal failed part way; what remains stays on disk
   */
  void remove(RemoveScratchSpace effect) throws IOException {
    Path space = base.resolve(effect.space()).normalize();
    Path parent = base.resolve(effect.parent()).normalize();
    if (space.getParent() == null || !space.getParent().equals(parent)) {
      throw new RefusedException(space + " is not directly inside " + parent);
    }
    if (Files.isSymbolicLink(space)) {
      throw new RefusedException(space + " is a symbolic link; only real directories are reaped");
    }
    if (!Files.isDirectory(space, LinkOption.NOFOLLOW_LINKS)) {
      throw new RefusedException(space + " is no longer a directory");
    }
    Path realParent = parent.toRealPath();
    if (!space.toRealPath().equals(realParent.resolve(space.getFileName()))) {
      throw new RefusedException(space + " resolves outside " + realParent);
    }
    TreeListing fresh = walker.list(space, RECHECK);
    if (!fresh.complete()) {
      throw new RefusedException("could not list all of " + space + " to prove it idle");
    }
    Instant newest = SpaceScanner.newest(
        Files.getLastModifiedTime(space, LinkOption.NOFOLLOW_LINKS).toInstant(), fresh);
    if (newest.isAfter(effect.newest())) {
      throw new RefusedException(space + " changed at " + newest + ", after it was judged idle");
    }
    deleteTree(space);
  }

  private static void deleteTree(Path space) throws IOException {
    Files.walkFileTree(space, EnumSet.noneOf(FileVisitOption.class), Integer.MAX_VALUE,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            // A symbolic link is deleted as a link; its target is never visited.
            Files.delete(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path dir, IOException exc)
              throws IOException {
            if (exc != null) {
              throw exc;
            }
            Files.delete(dir);
            return FileVisitResult.CONTINUE;
          }
        });
  }

  /** A proof did not hold at the moment of acting. */
  static final class RefusedException extends IOException {
    RefusedException(String message) {
      super(message);
    }
  }
}
