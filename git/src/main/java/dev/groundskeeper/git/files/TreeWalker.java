package dev.groundskeeper.git.files;

import dev.groundskeeper.api.files.EntryKind;
import dev.groundskeeper.api.files.FileEntry;
import dev.groundskeeper.api.files.ListingBudget;
import dev.groundskeeper.api.files.TreeLister;
import dev.groundskeeper.api.files.TreeListing;
import java.io.File;
import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Walks a directory tree without following symbolic links, stopping at the budget's entry count
 * or deadline, whichever comes first.
 */
final class TreeWalker implements TreeLister {

  private final Path base;

  TreeWalker(Path base) {
    this.base = base;
  }

  @Override
  public TreeListing list(Path directory, ListingBudget budget, Set<String> prune) {
    Path root = base.resolve(directory).normalize();
    if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
      return TreeListing.missing(root);
    }
    Visitor visitor = new Visitor(root, budget, Set.copyOf(prune));
    try {
      Files.walkFileTree(root, EnumSet.noneOf(FileVisitOption.class), Integer.MAX_VALUE, visitor);
    } catch (IOException | SecurityException e) {
      visitor.unreadable++;
    }
    return new TreeListing(root, true, visitor.entries, Optional.ofNullable(visitor.stop),
        visitor.unreadable);
  }

  private static final class Visitor extends SimpleFileVisitor<Path> {
    private final Path root;
    private final Set<String> prune;
    private final int maxEntries;
    private final long deadline;
    private final List<FileEntry> entries = new ArrayList<>();
    private TreeListing.Stop stop;
    private int unreadable;

    Visitor(Path root, ListingBudget budget, Set<String> prune) {
      this.root = root;
      this.prune = prune;
      this.maxEntries = budget.maxEntries();
      long start = System.nanoTime();
      long allowed = budget.maxTime().toNanos();
      this.deadline = start + Math.min(allowed, Long.MAX_VALUE / 4);
    }

    @Override
    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
      if (dir.equals(root)) {
        return FileVisitResult.CONTINUE;
      }
      if (!prune.isEmpty() && prune.contains(relative(dir))) {
        return FileVisitResult.SKIP_SUBTREE;
      }
      return add(dir, EntryKind.DIRECTORY, attrs);
    }

    @Override
    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
      EntryKind kind = attrs.isSymbolicLink() ? EntryKind.SYMLINK
          : attrs.isRegularFile() ? EntryKind.FILE
          : attrs.isDirectory() ? EntryKind.DIRECTORY
          : EntryKind.OTHER;
      return add(file, kind, attrs);
    }

    @Override
    public FileVisitResult visitFileFailed(Path file, IOException exc) {
      unreadable++;
      return FileVisitResult.CONTINUE;
    }

    @Override
    public FileVisitResult postVisitDirectory(Path dir, IOException exc) {
      if (exc != null) {
        unreadable++;
      }
      return FileVisitResult.CONTINUE;
    }

    private FileVisitResult add(Path path, EntryKind kind, BasicFileAttributes attrs) {
      if (entries.size() >= maxEntries) {
        stop = TreeListing.Stop.ENTRIES;
        return FileVisitResult.TERMINATE;
      }
      if (System.nanoTime() - deadline > 0) {
        stop = TreeListing.Stop.TIME;
        return FileVisitResult.TERMINATE;
      }
      long size = kind == EntryKind.DIRECTORY ? 0 : Math.max(0, attrs.size());
      entries.add(new FileEntry(relative(path), kind, size, attrs.lastModifiedTime().toInstant()));
      return FileVisitResult.CONTINUE;
    }

    private String relative(Path path) {
      String relative = root.relativize(path).toString();
      return File.separatorChar == '/' ? relative : relative.replace(File.separatorChar, '/');
    }
  }
}
