package dev.groundskeeper.git.files;

import dev.groundskeeper.api.files.FileEntry;
import dev.groundskeeper.api.files.ListingBudget;
import dev.groundskeeper.api.files.ScratchSpace;
import dev.groundskeeper.api.files.SpaceLister;
import dev.groundskeeper.api.files.TreeListing;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Lists per-session scratch spaces: the directories directly below a parent, each walked once. */
final class SpaceScanner implements SpaceLister {

  private final Path base;
  private final TreeWalker walker;

  SpaceScanner(Path base) {
    this.base = base;
    this.walker = new TreeWalker(base);
  }

  @Override
  public List<ScratchSpace> list(Path parent, ListingBudget perSpace) {
    Path resolved = base.resolve(parent).normalize();
    if (!Files.isDirectory(resolved, LinkOption.NOFOLLOW_LINKS)) {
      return List.of();
    }
    List<ScratchSpace> spaces = new ArrayList<>();
    try (DirectoryStream<Path> children = Files.newDirectoryStream(resolved)) {
      for (Path child : children) {
        scan(child, perSpace, spaces);
      }
    } catch (IOException | SecurityException e) {
      return List.of();
    }
    spaces.sort(Comparator.comparing(ScratchSpace::name));
    return List.copyOf(spaces);
  }

  private void scan(Path child, ListingBudget budget, List<ScratchSpace> into) {
    BasicFileAttributes attrs;
    try {
      attrs = Files.readAttributes(child, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException | SecurityException e) {
      return;
    }
    String name = child.getFileName().toString();
    Instant own = attrs.lastModifiedTime().toInstant();
    if (attrs.isSymbolicLink()) {
      into.add(new ScratchSpace(child, name, true, own, 0, true));
    } else if (attrs.isDirectory()) {
      TreeListing listing = walker.list(child, budget);
      into.add(new ScratchSpace(child, name, false, newest(own, listing),
          listing.entries().size(), listing.complete()));
    }
  }

  /** The latest modification time of a directory and everything listed below it. */
  static Instant newest(Instant own, TreeListing listing) {
    Instant newest = own;
    for (FileEntry entry : listing.entries()) {
      if (entry.modified().isAfter(newest)) {
        newest = entry.modified();
      }
    }
    return newest;
  }
}
