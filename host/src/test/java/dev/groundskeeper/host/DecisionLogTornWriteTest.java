package dev.groundskeeper.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17: a disk that fills in the middle of an entry (found with the warm server on a tmpfs
 * filled to its last block: the log kept the first 4 KiB block of a line, and the next entry
 * written once there was room again was glued to it, so neither could be read), and a tail torn
 * by a writer killed mid-write. The log is then whole lines only, and the next entry reads.
 */
class DecisionLogTornWriteTest {

  @TempDir Path temp;

  private final AtomicLong ticks = new AtomicLong();

  private Path repo() throws IOException {
    Path repo = Git.init(temp.resolve("repo"));
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "log:\n  decisions: all\n");
    Git.run(repo, "switch", "-q", "-c", "feat/x");
    Git.run(repo, "commit", "-q", "--allow-empty", "-m", "only here");
    Git.run(repo, "switch", "-q", "main");
    return repo;
  }

  private Host host(DecisionLog log) {
    return Host.builder()
        .environment(Map.of("HOME", temp.resolve("home").toString(),
            "GROUNDSKEEPER_HOME", temp.resolve("gk").toString()))
        .nanoTime(() -> ticks.addAndGet(1000)).decisionLog(log).build();
  }

  private static Event command(Path repo, String command) {
    return new Event.CommandEvent(EventContext.of("s1", repo), command);
  }

  @Test
  void anEntryTheDiskCutsShortLeavesNoTornLineAndTheNextEntryReads() throws IOException {
    Path repo = repo();
    Path state = temp.resolve("gk/state");
    AtomicBoolean diskFills = new AtomicBoolean(false);
    DecisionLog log = DecisionLog.in(state, file -> {
      FileChannel real = DecisionLog.openNoFollow(file);
      return diskFills.get() ? new FillingChannel(real, 20) : real;
    });
    Host host = host(log);
    host.handle(command(repo, "git status"));
    byte[] before = Files.readAllBytes(state.resolve(DecisionLog.FILE_NAME));

    diskFills.set(true);
    Decision denied = host.handle(command(repo, "git branch -D feat/x")).decision();
    assertThat(denied.denied()).as("a full disk changes no verdict").isTrue();
    assertThat(log.dropped()).isEqualTo(1);
    assertThat(state.resolve(DecisionLog.FILE_NAME)).as("the old log, whole").hasBinaryContent(
        before);

    diskFills.set(false);
    host.handle(command(repo, "ls"));
    DecisionLog.Listing listing = log.read();
    assertThat(listing.unreadable()).isEmpty();
    assertThat(listing.entries()).extracting(DecisionLog.Entry::subject)
        .containsExactly("git status", "ls");
    assertThat(listing.entries().get(1).dropped()).isEqualTo(1);
  }

  @Test
  void aTailTornByAKilledWriterCostsOnlyItsOwnLine() throws IOException {
    Path repo = repo();
    Path state = temp.resolve("gk/state");
    DecisionLog log = DecisionLog.in(state);
    Host host = host(log);
    host.handle(command(repo, "git status"));
    Path file = state.resolve(DecisionLog.FILE_NAME);
    Files.write(file, "{\"v\":1,\"time\":\"20".getBytes(StandardCharsets.UTF_8),
        java.nio.file.StandardOpenOption.APPEND);

    host.handle(command(repo, "ls"));
    DecisionLog.Listing listing = log.read();
    assertThat(listing.entries()).extracting(DecisionLog.Entry::subject)
        .containsExactly("git status", "ls");
    assertThat(listing.unreadable()).hasSize(1);
  }

  /** The real file, until {@code room} bytes are written: then ENOSPC, as the kernel says it. */
  private static final class FillingChannel extends FileChannel {
    private final FileChannel real;
    private long room;

    FillingChannel(FileChannel real, long room) {
      this.real = real;
      this.room = room;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
      if (room == 0) {
        throw new IOException("No space left on device");
      }
      ByteBuffer part = src.slice();
      part.limit((int) Math.min(part.remaining(), room));
      int written = real.write(part);
      src.position(src.position() + written);
      room -= written;
      return written;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
      return real.read(dst);
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
      return real.read(dsts, offset, length);
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
      throw new IOException("No space left on device");
    }

    @Override
    public long position() throws IOException {
      return real.position();
    }

    @Override
    public FileChannel position(long newPosition) throws IOException {
      real.position(newPosition);
      return this;
    }

    @Override
    public long size() throws IOException {
      return real.size();
    }

    @Override
    public FileChannel truncate(long size) throws IOException {
      real.truncate(size);
      return this;
    }

    @Override
    public void force(boolean metaData) throws IOException {
      real.force(metaData);
    }

    @Override
    public long transferTo(long position, long count, WritableByteChannel target)
        throws IOException {
      return real.transferTo(position, count, target);
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long position, long count)
        throws IOException {
      throw new IOException("No space left on device");
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
      return real.read(dst, position);
    }

    @Override
    public int write(ByteBuffer src, long position) throws IOException {
      throw new IOException("No space left on device");
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
      return real.map(mode, position, size);
    }

    @Override
    public FileLock lock(long position, long size, boolean shared) throws IOException {
      return real.lock(position, size, shared);
    }

    @Override
    public FileLock tryLock(long position, long size, boolean shared) throws IOException {
      return real.tryLock(position, size, shared);
    }

    @Override
    protected void implCloseChannel() throws IOException {
      real.close();
    }
  }
}
