package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.repo.RepoEffect;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Creator and touch records are written to the repository's config while other processes write
 * it too (other agents' hooks, git itself): every record must land, or come back as a failure
 * that says it was not recorded.
 */
class ConfigRecordConcurrencyTest {

  /** Rounds, each against a fresh repository: 1 in the build, 50 with -Pslow. */
  private static final int ROUNDS =
      Math.max(1, Integer.getInteger("groundskeeper.race.trials", 4) / 4);

  @TempDir Path temp;

  @Test
  void everyRecordSurvivesWritersHoldingTheConfigLock() throws Exception {
    for (int round = 0; round < ROUNDS; round++) {
      try {
        oneRound(temp.resolve("round-" + round));
      } catch (AssertionError e) {
        throw new AssertionError("round " + round + " of " + ROUNDS + ": " + e.getMessage(), e);
      }
    }
  }

  /** A fresh repository under {@code dir}, its records written while a writer holds the lock. */
  private static void oneRound(Path dir) throws Exception {
    TestRepo repo = TestRepo.init(dir, "records");
    repo.commit("a.txt", "a\n", "root");
    int branches = 12;
    for (int i = 0; i < branches; i++) {
      repo.git("branch", "b" + i);
    }
    // another writer of the same config file that holds config.lock for 300 ms at a time, as a
    // slow hook or git itself may: git gives up on a held lock at once, so a record written
    // meanwhile must wait for the lock within its budget, not be lost
    Path stop = dir.resolve("stop");
    ProcessBuilder builder = new ProcessBuilder("sh", "-c",
        "while [ ! -f '" + stop + "' ]; do if (set -C; : > .git/config.lock) 2>/dev/null; then"
            + " sleep 0.3; rm -f .git/config.lock; fi; sleep 0.05; done")
        .directory(repo.dir.toFile());
    builder.environment().putAll(repo.env());
    builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
    builder.redirectError(ProcessBuilder.Redirect.DISCARD);
    List<Process> writers = new ArrayList<>(List.of(builder.start()));
    List<EffectResult> results = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(6);
    try {
      List<Future<List<EffectResult>>> futures = new ArrayList<>();
      for (int i = 0; i < branches; i++) {
        String branch = "b" + i;
        // one executor per call, as separate hook calls have
        futures.add(pool.submit(() -> {
          EffectExecutor executor = EffectExecutor.forDirectory(repo.dir);
          return List.of(
              executor.perform(new RepoEffect.RecordCreator(branch, "s" + branch + ":",
                  Instant.ofEpochSecond(1_700_000_000L), "switch-c")),
              executor.perform(new RepoEffect.RecordTouch(branch, "s" + branch + ":a")));
        }));
      }
      for (Future<List<EffectResult>> future : futures) {
        results.addAll(future.get(120, TimeUnit.SECONDS));
      }
    } finally {
      pool.shutdownNow();
      java.nio.file.Files.writeString(stop, "stop\n");
      for (Process writer : writers) {
        if (!writer.waitFor(10, TimeUnit.SECONDS)) {
          writer.destroy();
        }
      }
    }
    assertThat(results).allSatisfy(result -> assertThat(result.done()).as(result.message())
        .isTrue());
    for (int i = 0; i < branches; i++) {
      assertThat(repo.git("config", "branch.b" + i + ".groundskeeperCreator"))
          .isEqualTo("sb" + i + ":");
      assertThat(repo.git("config", "branch.b" + i + ".groundskeeperRoute")).isEqualTo("switch-c");
      assertThat(repo.git("config", "--get-all", "branch.b" + i + ".groundskeeperTouchedBy"))
          .isEqualTo("sb" + i + ":a");
    }
  }
}
