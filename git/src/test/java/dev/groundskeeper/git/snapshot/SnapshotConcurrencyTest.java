package dev.groundskeeper.git.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.repo.Snapshot;
import dev.groundskeeper.api.repo.SnapshotEffect;
import dev.groundskeeper.git.files.ExclusiveLock;
import dev.groundskeeper.git.store.StoreRefusal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two hook calls snapshotting one worktree at once, as threads of the warm server and as
 * separate hook processes: every snapshot reported kept is listed whole (none lost, none
 * damaged, no partial one left, no two with one name even within one second), and the store's
 * cap holds for their sum (exactly as many are kept as fit; the others are refused).
 *
 * <p>Each race runs once in the build; {@code -Pslow} ({@code groundskeeper.race.trials} 200)
 * runs it many times, each round against a fresh repository and store so no round can pass on
 * what an earlier one left.
 */
class SnapshotConcurrencyTest {

  static final Instant NOW = Instant.parse("2026-12-02T05:00:00Z");
  /** The bytes of the one file every snapshot here copies. */
  static final int SIZE = 1000;
  private static final int TRIALS = Integer.getInteger("groundskeeper.race.trials", 4);
  /** Rounds of the thread races: 1 in the build, 50 with -Pslow. */
  private static final int THREAD_ROUNDS = Math.max(1, TRIALS / 4);
  /** Rounds of the process race (each starts 4 JVMs): 1 in the build, 20 with -Pslow. */
  private static final int PROCESS_ROUNDS = Math.max(1, TRIALS / 10);

  @TempDir
  Path temp;

  private Work work;
  private Path state;
  private SnapshotStore store;

  /** A fresh repository with the untracked big.txt and an empty store, both under {@code dir}. */
  private void fresh(Path dir) {
    work = Work.init(dir.resolve("repo"));
    work.write("base.txt", "base\n").commitAll("base");
    work.write("big.txt", "x".repeat(SIZE - 1) + "\n");
    state = dir.resolve("state");
    store = new SnapshotStore(state, Optional.empty());
  }

  /** A snapshot of the untracked big.txt under a store cap of {@code storeCap} bytes. */
  static SnapshotEffect effect(Path top, long storeCap) {
    return new SnapshotEffect(top, "git clean -f", "s1", List.of("big.txt"), List.of(),
        new SnapshotEffect.Limits(SIZE, SIZE, storeCap));
  }

  @Test
  void twelveThreadsInOneSecondKeepTwelveWholeSnapshots() throws Exception {
    for (int round = 0; round < THREAD_ROUNDS; round++) {
      fresh(temp.resolve("round-" + round));

      List<Optional<String>> kept = inThreads(12, 1L << 30);

      assertThat(kept).as("round " + round).allMatch(Optional::isPresent);
      Set<String> ids = new HashSet<>();
      kept.forEach(id -> ids.add(id.get()));
      assertThat(ids).as("round " + round).hasSize(12);
      assertWhole(ids);
    }
  }

  @Test
  void threadsRacingForTheLastRoomKeepOnlyWhatFits() throws Exception {
    long cap = 3 * SIZE + SIZE / 2;
    for (int round = 0; round < THREAD_ROUNDS; round++) {
      fresh(temp.resolve("round-" + round));

      List<Optional<String>> kept = inThreads(10, cap);

      Set<String> ids = new HashSet<>();
      kept.forEach(id -> id.ifPresent(ids::add));
      assertThat(ids).as("round " + round).hasSize(3);
      assertWhole(ids);
      assertThat(store.list(work.top).stream().mapToLong(Snapshot::bytes).sum())
          .as("round " + round).isLessThanOrEqualTo(cap);
    }
  }

  @Test
  void separateProcessesLoseNoSnapshotAndKeepTheCap() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String classpath = System.getProperty("java.class.path");
    long cap = 5L * SIZE;
    for (int round = 0; round < PROCESS_ROUNDS; round++) {
      fresh(temp.resolve("round-" + round));
      List<Process> started = new ArrayList<>();
      for (int i = 0; i < 4; i++) {
        started.add(new ProcessBuilder(java, "-cp", classpath, SnapshotTaker.class.getName(),
            state.toString(), work.top.toString(), "3", String.valueOf(cap))
            .redirectErrorStream(true).start());
      }
      Set<String> ids = new HashSet<>();
      int refused = 0;
      for (Process process : started) {
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.exitValue()).as(output).isZero();
        List<String> kept = SnapshotTaker.kept(output);
        ids.addAll(kept);
        refused += (int) output.lines().filter(l -> l.startsWith("refused ")).count();
        assertThat(output.lines().filter(l -> l.startsWith("refused ")))
            .as(output).allMatch(l -> l.contains("max_store_bytes"));
      }
      assertThat(ids).hasSize(5);
      assertThat(refused).isEqualTo(12 - 5);
      assertWhole(ids);
    }
  }

  @Test
  void aLockHeldPastTheWaitRefusesTheSnapshotAndKeepsNothing() throws Exception {
    fresh(temp);
    store.take(effect(work.top, 1L << 30), NOW); // makes the store's levels
    Path lock = store.directory(work.top).resolve(SnapshotStore.LOCK);
    try (ExclusiveLock held = ExclusiveLock.acquire(lock, java.time.Duration.ofSeconds(1))) {
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> store.take(effect(work.top,
          1L << 30), NOW)).isInstanceOf(StoreRefusal.class)
          .hasMessageContaining("was still being written");
    }
    assertThat(store.list(work.top)).hasSize(1);
    assertWhole(Set.of(store.list(work.top).get(0).id()));
  }

  private List<Optional<String>> inThreads(int count, long cap) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(count);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Optional<String>>> done = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        done.add(pool.submit(() -> {
          start.await();
          try {
            return Optional.of(store.take(effect(work.top, cap), NOW).id());
          } catch (StoreRefusal e) {
            assertThat(e.getMessage()).contains("max_store_bytes");
            return Optional.<String>empty();
          }
        }));
      }
      start.countDown();
      List<Optional<String>> kept = new ArrayList<>();
      for (Future<Optional<String>> future : done) {
        kept.add(future.get(120, TimeUnit.SECONDS));
      }
      return kept;
    } finally {
      pool.shutdownNow();
    }
  }

  /** Exactly {@code ids} are listed, each whole, nothing damaged or partial beside them. */
  private void assertWhole(Set<String> ids) throws IOException {
    assertThat(store.list(work.top)).extracting(Snapshot::id)
        .containsExactlyInAnyOrderElementsOf(ids);
    assertThat(store.damaged(work.top)).isEmpty();
    for (String id : ids) {
      Snapshot snapshot = store.find(work.top, id).orElseThrow();
      assertThat(snapshot.files()).extracting(Snapshot.File::path).containsExactly("big.txt");
      assertThat(snapshot.bytes()).isEqualTo(SIZE);
    }
    try (Stream<Path> children = Files.list(store.directory(work.top))) {
      assertThat(children.map(p -> p.getFileName().toString())
          .filter(name -> name.startsWith("."))).containsExactly(SnapshotStore.LOCK);
    }
  }
}
