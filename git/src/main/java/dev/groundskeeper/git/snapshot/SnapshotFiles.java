package dev.groundskeeper.git.snapshot;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Durable writes and link-safe deletes for the snapshot store. */
final class SnapshotFiles {

  private SnapshotFiles() {}

  /**
   * Writes {@code content} to a new file (owner-only), forced to the disk before it returns: a
   * full disk fails here, before anything is renamed into place.
   */
  static void writeDurably(Path file, byte[] content) throws IOException {
    try (FileChannel channel = FileChannel.open(file, java.util.Set.of(StandardOpenOption.CREATE_NEW,
        StandardOpenOption.WRITE), PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rw-------")))) {
      ByteBuffer buffer = ByteBuffer.wrap(content);
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
      channel.force(true);
    }
  }

  /** Deletes a tree without following a link inside it. */
  static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
        Files.delete(file);
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
        if (e != null) {
          throw e;
        }
        Files.delete(dir);
        return FileVisitResult.CONTINUE;
      }
    });
  }

  /** Best effort: what is left is a {@code .partial-} or {@code .dropped-} name list skips. */
  static void deleteQuietly(Path root) {
    try {
      deleteTree(root);
    } catch (IOException e) {
      // left behind under a dot name, which no listing reads as a snapshot
    }
  }

  static List<Path> children(Path directory) throws IOException {
    try (Stream<Path> list = Files.list(directory)) {
      return list.sorted(Comparator.comparing(Path::toString)).toList();
    }
  }
}
