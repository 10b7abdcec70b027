package dev.groundskeeper.git.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17: closing any channel of a file drops every lock the process holds on it, so a thread
 * that gave up waiting, or closed its channel just after another thread took its turn, let a
 * second process in beside the holder. Another process must see the lock held for as long as
 * any thread here holds it.
 */
class ExclusiveLockTest {

  @TempDir
  Path temp;

  private String probe(Path lock) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        LockProbe.class.getName(), lock.toString()).redirectErrorStream(true).start();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new String(process.getInputStream().readAllBytes()).trim();
  }

  @Test
  void aWaiterThatGivesUpLeavesTheHolderLocked() throws Exception {
    Path lock = temp.resolve("x.lock");
    try (ExclusiveLock held = ExclusiveLock.acquire(lock, Duration.ofSeconds(1))) {
      CompletableFuture<Throwable> waiter = CompletableFuture.supplyAsync(() -> {
        try (ExclusiveLock second = ExclusiveLock.acquire(lock, Duration.ofMillis(50))) {
          return null;
        } catch (IOException e) {
          return e;
        }
      });
      assertThat(waiter.get(30, TimeUnit.SECONDS)).isInstanceOf(ExclusiveLock.Busy.class)
          .hasMessageContaining("stayed locked");
      assertThat(probe(lock)).isEqualTo("held");
    }
    assertThat(probe(lock)).isEqualTo("free");
  }

  @Test
  void theNextThreadsTurnIsHeldAgainstOtherProcesses() throws Exception {
    Path lock = temp.resolve("x.lock");
    CountDownLatch secondHolds = new CountDownLatch(1);
    CountDownLatch probed = new CountDownLatch(1);
    CompletableFuture<Void> second;
    try (ExclusiveLock first = ExclusiveLock.acquire(lock, Duration.ofSeconds(1))) {
      second = CompletableFuture.runAsync(() -> {
        try (ExclusiveLock next = ExclusiveLock.acquire(lock, Duration.ofSeconds(30))) {
          secondHolds.countDown();
          probed.await(60, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException e) {
          throw new IllegalStateException(e);
        }
      });
      Thread.sleep(50); // the second thread is waiting now, most likely
    }
    assertThat(secondHolds.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(probe(lock)).isEqualTo("held");
    probed.countDown();
    second.get(30, TimeUnit.SECONDS);
    assertThat(probe(lock)).isEqualTo("free");
  }

  @Test
  void oneThreadAtATimeHoldsIt() throws Exception {
    Path lock = temp.resolve("x.lock");
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> all = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        all.add(pool.submit(() -> {
          for (int i = 0; i < 50; i++) {
            try (ExclusiveLock held = ExclusiveLock.acquire(lock, Duration.ofSeconds(30))) {
              most.accumulateAndGet(inside.incrementAndGet(), Math::max);
              Thread.onSpinWait();
              inside.decrementAndGet();
            }
          }
          return null;
        }));
      }
      for (Future<?> done : all) {
        done.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(most.get()).isEqualTo(1);
    assertThat(probe(lock)).isEqualTo("free");
  }

  @Test
  void twoSpellingsOfOneDirectoryShareTheTurn() throws Exception {
    Path dir = Files.createDirectories(temp.resolve("real"));
    Path link = Files.createSymbolicLink(temp.resolve("link"), dir);
    try (ExclusiveLock held = ExclusiveLock.acquire(dir.resolve("x.lock"), Duration.ZERO)) {
      assertThatThrownBy(() -> ExclusiveLock.acquire(link.resolve("x.lock"), Duration.ZERO))
          .isInstanceOf(ExclusiveLock.Busy.class);
      assertThatThrownBy(() -> ExclusiveLock.acquire(
          temp.resolve("real/../real/x.lock"), Duration.ZERO))
          .isInstanceOf(ExclusiveLock.Busy.class);
      assertThat(probe(dir.resolve("x.lock"))).isEqualTo("held");
    }
    try (ExclusiveLock again = ExclusiveLock.acquire(link.resolve("x.lock"), Duration.ZERO)) {
      assertThat(again).isNotNull();
    }
  }

  @Test
  void aSymbolicLinkAsTheLockFileIsRefused() throws Exception {
    Path target = Files.createFile(temp.resolve("elsewhere"));
    Path lock = Files.createSymbolicLink(temp.resolve("x.lock"), target);
    assertThatThrownBy(() -> ExclusiveLock.acquire(lock, Duration.ZERO))
        .isInstanceOf(IOException.class).isNotInstanceOf(ExclusiveLock.Busy.class);
    // the failed open left no permit behind: a regular lock file of the same name works
    Files.delete(lock);
    try (ExclusiveLock held = ExclusiveLock.acquire(lock, Duration.ZERO)) {
      assertThat(probe(lock)).isEqualTo("held");
    }
  }
}
