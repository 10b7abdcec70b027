package dev.groundskeeper.git.files;

import dev.groundskeeper.api.API;
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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * An exclusive lock on a file that holds between processes and between threads of one process:
 * the lock of the branch ledger, the snapshot store and the decision log's rotation.
 *
 * <p>The operating system's lock (POSIX {@code fcntl}) belongs to the process, not to the
 * channel, and closing <em>any</em> descriptor of the file drops every lock the process holds on
 * it. So a thread that closed its channel (after its turn, or after giving up waiting) while
 * another thread of its process held the lock let a second process in beside that thread; under
 * a warm server and a cold hook process together that lost ledger records (issue 17). Here the
 * threads of one process take turns on an in-process permit first, and a channel of the file is
 * opened and closed only while that permit is held, so no close can ever drop another thread's
 * hold. Waiting is bounded; the permit and the file lock share one deadline.
 */
@API(status = API.Status.INTERNAL)
public final class ExclusiveLock implements AutoCloseable {

  /** The lock stayed held by another writer (thread or process) for the whole wait. */
  public static final class Busy extends IOException {
    private static final long serialVersionUID = 1L;

    Busy(Path file) {
      super(file + " stayed locked");
    }
  }

  /**
   * One permit per lock file of this process, keyed by the file's real location (two spellings
   * of one directory must meet here); an entry lives while someone holds or waits for it.
   */
  private static final ConcurrentHashMap<Path, Permit> PERMITS = new ConcurrentHashMap<>();

  private static final class Permit {
    final Semaphore semaphore = new Semaphore(1);
    int users;
  }

  private final Path key;
  private final Permit permit;
  private final FileChannel channel;
  private final FileLock lock;
  private boolean closed;

  private ExclusiveLock(Path key, Permit permit, FileChannel channel, FileLock lock) {
    this.key = key;
    this.permit = permit;
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * Takes the lock of {@code file}, creating it owner-only and never through a symbolic link,
   * waiting with a short random back-off for at most {@code wait} ({@link Duration#ZERO}: one
   * try). The lock file is never deleted: a waiter could otherwise lock a file that is gone.
   *
   * @param file the lock file; its directory must exist
   * @param wait how long to wait for another holder
   * @return the held lock, to be closed by the caller
   * @throws Busy when another thread or process held it for the whole wait
   * @throws IOException when the file cannot be opened or locked
   */
  public static ExclusiveLock acquire(Path file, Duration wait) throws IOException {
    long deadline = System.nanoTime() + wait.toNanos();
    Path key = keyOf(file);
    Permit permit = PERMITS.compute(key, (k, held) -> {
      Permit p = held == null ? new Permit() : held;
      p.users++;
      return p;
    });
    try {
      if (!permit.semaphore.tryAcquire(Math.max(0, deadline - System.nanoTime()),
          TimeUnit.NANOSECONDS)) {
        leave(key);
        throw new Busy(file);
      }
    } catch (InterruptedException e) {
      leave(key);
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for " + file);
    }
    try {
      return lockFile(file, key, permit, deadline);
    } catch (IOException | RuntimeException e) {
      permit.semaphore.release();
      leave(key);
      throw e;
    }
  }

  /** Opens the file and takes the operating system's lock; the caller holds the permit. */
  private static ExclusiveLock lockFile(Path file, Path key, Permit permit, long deadline)
      throws IOException {
    FileChannel channel = FileChannel.open(file, Set.of(StandardOpenOption.CREATE,
        StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    try {
      int attempt = 0;
      while (true) {
        try {
          FileLock lock = channel.tryLock();
          if (lock != null) {
            return new ExclusiveLock(key, permit, channel, lock);
          }
        } catch (OverlappingFileLockException e) {
          // a channel of this process opened past this class holds it: wait it out the same way
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

  private static Path keyOf(Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    Path parent = absolute.getParent();
    try {
      return parent == null ? absolute : parent.toRealPath().resolve(absolute.getFileName());
    } catch (IOException e) {
      return absolute; // opening the file will fail and say why
    }
  }

  private static void leave(Path key) {
    PERMITS.computeIfPresent(key, (k, p) -> --p.users == 0 ? null : p);
  }

  /** Releases the file lock, closes its channel, then lets the next thread of this process in. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      try {
        lock.release();
      } finally {
        channel.close();
      }
    } finally {
      permit.semaphore.release();
      leave(key);
    }
  }
}
