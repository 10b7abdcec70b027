package dev.groundskeeper.git.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 20's prune race as the attack ran it, with no hook into the store: while a real reclaim
 * runs (notes archived, proof re-read, {@code git worktree remove}), another thread renames the
 * worktree and puts a link to a directory outside the store in its place, at a random moment
 * within the time a reclaim takes. Whatever the moment, the directory outside keeps every file,
 * and the worktree is either removed (the swap came too late to find it) or kept with a reason.
 * The path-based removal lost the outside directory in 21 of 40 such trials. A few trials run in
 * the normal build; {@code -Pslow} runs 200 ({@code groundskeeper.race.trials}).
 */
class PruneRaceTest {

  private static final int TRIALS = Integer.getInteger("groundskeeper.race.trials", 4);

  @TempDir
  Path temp;

  @Test
  void aWorktreeSwappedForALinkAtAnyMomentOfItsReclaimLeavesTheOutsideDirectoryWhole()
      throws Exception {
    Fixture fixture = Fixture.withCommit(temp);
    WorktreeStore store = fixture.store();
    Path outside = Files.createDirectories(fixture.base.resolve("outside"));
    Files.writeString(outside.resolve("precious.txt"), "keep me\n");
    Files.createDirectories(outside.resolve("sub"));
    Files.writeString(outside.resolve("sub/deeper.txt"), "me too\n");
    List<String> before = listing(outside);

    // How long one reclaim takes here, unraced: the window the swaps are spread over.
    long started = System.nanoTime();
    assertThat(reclaim(store, fixture, prepared(store, fixture, "warmup")).removed()).isTrue();
    long window = Math.max(TimeUnit.MILLISECONDS.toNanos(5), System.nanoTime() - started);

    SplittableRandom random = new SplittableRandom(20);
    int removed = 0;
    int kept = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
      String name = "raced-" + trial;
      AddedWorktree added = prepared(store, fixture, name);
      long delay = random.nextLong(window + 1);
      AtomicReference<Throwable> attackFailed = new AtomicReference<>();
      Thread attacker = new Thread(() -> {
        try {
          TimeUnit.NANOSECONDS.sleep(delay);
          Files.move(added.path(), added.path().resolveSibling(name + ".real"));
          Files.createSymbolicLink(added.path(), outside);
        } catch (IOException e) {
          // the worktree was already gone or moved aside: the swap came too late
        } catch (InterruptedException | RuntimeException e) {
          attackFailed.set(e);
        }
      });
      attacker.start();
      Reclaim reclaim = reclaim(store, fixture, added);
      attacker.join();
      assertThat(attackFailed.get()).isNull();
      assertThat(listing(outside)).as("trial %d, swap after %d us: %s", trial, delay / 1000,
          reclaim).isEqualTo(before);
      assertThat(outside.resolve("precious.txt")).hasContent("keep me\n");
      if (reclaim.removed()) {
        removed++;
      } else {
        kept++;
        assertThat(reclaim.keptBecause()).isPresent();
      }
      Files.deleteIfExists(added.path());
    }
    assertThat(removed + kept).isEqualTo(TRIALS);
  }

  /** A worktree in the lane with a note, so that its reclaim archives first. */
  private static AddedWorktree prepared(WorktreeStore store, Fixture fixture, String name)
      throws IOException {
    AddedWorktree added = store.add(fixture.repo, name, Optional.empty());
    Path notes = Files.createDirectories(added.path().resolve(".groundskeeper/notes"));
    Files.writeString(notes.resolve("plan.md"), "the plan of " + name + "\n");
    return added;
  }

  private static Reclaim reclaim(WorktreeStore store, Fixture fixture, AddedWorktree added) {
    LaneInspection lane = store.inspect(fixture.repo);
    Inspection inspection = lane.worktrees().stream()
        .filter(i -> i.path().getFileName().equals(added.path().getFileName()))
        .findFirst().orElseThrow();
    return store.reclaim(lane, inspection, false, Instant.now());
  }

  private static List<String> listing(Path directory) throws IOException {
    try (Stream<Path> paths = Files.walk(directory)) {
      return paths.map(path -> directory.relativize(path).toString()).sorted().toList();
    }
  }
}
