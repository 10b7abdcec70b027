package dev.groundskeeper.git.snapshot;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The lock of one worktree's snapshots: an exclusive lock on a file beside them, which holds
 * between processes (the operating system's lock) and between threads of one process (each
 * holder opens its own channel; the JVM reports another thread's hold as an overlap, which is
 * waited out the same way). Waiting is bounded: a hook call never waits past its budget.
 */
final class StoreLock implements AutoCloseable {

  /** The lock stayed held by another writer for the whole wait. */
  static final class Busy extends IOException {
    private static final long serialVersionUID = 1L;

    Busy(Path file) {
      super(file + " stayed locked");
    }
  }

  private final FileChannel channel;
  private final FileLock lock;

  private StoreLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * Takes the lock of {@code file}, creating it owner-only (never through a symbolic link),
   * retried with a short random back-off for at most {@code wait}.
   */
  static StoreLock acquire(Path file, Duration wait) throws IOException {
    // The lock file is never deleted: a waiter could otherwise lock a file that is gone.
    FileChannel channel = FileChannel.open(file, Set.of(StandardOpenOption.CREATE,
        StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    try {
      long deadline = System.nanoTime() + wait.toNanos();
      int attempt = 0;
      while (true) {
        try {
          FileLock lock = channel.tryLock();
          if (lock != null) {
            return new StoreLock(channel, lock);
          }
        } catch (OverlappingFileLockException e) {
          // another thread of this process holds it
        }
        if (System.nanoTime() - deadline > 0) {
          throw new Busy(file);
        }
        attempt++;
        try {
          Thread.sleep(ThreadLocalRandom.current().nextLong(1, 3 + Math.min(attempt, 25)));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("interrupted while waiting for " + file);
        }
      }
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  @Override
  public void close() throws IOException {
    try {
      lock.release();
    } finally {
      channel.close();
    }
  }
}
