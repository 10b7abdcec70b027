package dev.groundskeeper.cli.branch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.config.ConfigLayer;
import dev.groundskeeper.cli.TestProcesses;
import dev.groundskeeper.host.Host;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two {@code branch clean --yes} runs at once in one clone (two agents, or a person and an
 * agent): every finished branch is deleted once, each deletion is behind a bundle that holds its
 * tip, the unfinished branch stays, and neither run crashes or reports a deletion the other made
 * as its own failure without saying what is left.
 */
class BranchCleanConcurrencyTest {

  private static final int FINISHED = 8;
  /** 3 in the build, a quarter of groundskeeper.race.trials (50) with -Pslow. */
  private static final int ROUNDS =
      Math.max(3, Integer.getInteger("groundskeeper.race.trials", 4) / 4);

  @TempDir
  Path temp;

  @Test
  void twoCleansAtOnceDeleteEachFinishedBranchOnceBehindABundleAndKeepTheRest() throws Exception {
    for (int round = 0; round < ROUNDS; round++) {
      Path root = Files.createDirectories(temp.resolve("round-" + round));
      Path work = clone(root);
      Map<String, String> tips = new LinkedHashMap<>();
      for (int i = 0; i < FINISHED; i++) {
        String name = "shipped-" + i;
        git(root, work, "switch", "-q", "-c", name);
        commit(root, work, name);
        tips.put(name, git(root, work, "rev-parse", name));
        git(root, work, "switch", "-q", "main");
        git(root, work, "merge", "-q", "--no-ff", "-m", "merge " + name, name);
      }
      git(root, work, "push", "-q", "origin", "main");
      git(root, work, "switch", "-q", "-c", "open");
      commit(root, work, "open work");
      String openTip = git(root, work, "rev-parse", "open");
      git(root, work, "switch", "-q", "main");

      List<Run> runs = cleanTwiceAtOnce(root, work);

      for (Run run : runs) {
        assertThat(run.status()).as(run.text()).isIn(0, 1);
        assertThat(run.text()).as(run.text()).doesNotContain("Exception", "\tat ");
        // what the other run deleted first is named as gone, never as a failed deletion
        run.text().lines().filter(line -> line.startsWith("Not deleted")).forEach(line ->
            assertThat(line).contains("no longer exists; nothing deleted"));
      }
      assertThat(git(root, work, "branch", "--list", "shipped-*")).as(runs.toString()).isEmpty();
      assertThat(git(root, work, "rev-parse", "open")).isEqualTo(openTip);
      // each deleted tip is in a bundle that verifies, and no branch was deleted twice
      String heads = bundleHeads(root, work);
      for (Map.Entry<String, String> tip : tips.entrySet()) {
        assertThat(heads).as(tip.getKey()).contains(tip.getValue() + " refs/heads/"
            + tip.getKey());
        long deletedBy = runs.stream().filter(r -> r.out().contains("Deleted " + tip.getKey()
            + " (restore: git branch " + tip.getKey() + " " + tip.getValue())).count();
        assertThat(deletedBy).as(tip.getKey() + " in " + runs).isEqualTo(1);
      }
      assertThat(git(root, work, "fsck", "--connectivity-only", "--no-progress")).isEmpty();
    }
  }

  private record Run(int status, String out, String err) {
    String text() {
      return "exit " + status + "\n" + out + err;
    }
  }

  private List<Run> cleanTwiceAtOnce(Path root, Path work) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Run>> futures = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        futures.add(pool.submit(() -> {
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          ByteArrayOutputStream err = new ByteArrayOutputStream();
          Host host = Host.builder().environment(environment(root))
              .clock(Clock.fixed(Instant.parse("2026-03-01T12:00:00Z"), ZoneOffset.UTC))
              .build();
          BranchCommand command = new BranchCommand(
              new PrintStream(out, true, StandardCharsets.UTF_8),
              new PrintStream(err, true, StandardCharsets.UTF_8), work, () -> host,
              dir -> Policy.builder().discover(getClass().getClassLoader())
                  .config(ConfigLayer.ofText("test", "")).build());
          start.await();
          int status = command.commandLine().execute("clean", "--yes");
          return new Run(status, out.toString(StandardCharsets.UTF_8),
              err.toString(StandardCharsets.UTF_8));
        }));
      }
      start.countDown();
      List<Run> runs = new ArrayList<>();
      for (Future<Run> future : futures) {
        runs.add(future.get(120, TimeUnit.SECONDS));
      }
      return runs;
    } finally {
      pool.shutdownNow();
    }
  }

  private Path clone(Path root) {
    Path origin = root.resolve("origin.git");
    Path work = root.resolve("work");
    TestProcesses.run(root, environment(root), "git", "init", "-q", "--bare", "-b", "main",
        origin.toString());
    TestProcesses.run(root, environment(root), "git", "init", "-q", "-b", "main",
        work.toString());
    git(root, work, "config", "user.name", "Pat Parker");
    git(root, work, "remote", "add", "origin", origin.toString());
    commit(root, work, "initial");
    git(root, work, "push", "-q", "-u", "origin", "main");
    return work;
  }

  private String bundleHeads(Path root, Path work) {
    StringBuilder heads = new StringBuilder();
    try (Stream<Path> files = Files.list(work.resolve(".git/groundskeeper/recovery"))) {
      for (Path bundle : files.toList()) {
        git(root, work, "bundle", "verify", "-q", bundle.toString());
        heads.append(git(root, work, "bundle", "list-heads", bundle.toString())).append('\n');
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return heads.toString();
  }

  private static void commit(Path root, Path work, String message) {
    try {
      Files.writeString(work.resolve(message.replace(' ', '-') + ".txt"), message);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    git(root, work, "add", "-A");
    git(root, work, "commit", "-q", "-m", message);
  }

  private static String git(Path root, Path work, String... args) {
    List<String> command = new ArrayList<>(List.of("git"));
    command.addAll(List.of(args));
    return TestProcesses.run(work, environment(root), command.toArray(String[]::new)).strip();
  }

  /** Git and the tool read no configuration of this machine's user or system. */
  private static Map<String, String> environment(Path root) {
    return Map.of("HOME", root.toString(), "XDG_CONFIG_HOME", root.resolve(".config").toString(),
        "GROUNDSKEEPER_HOME", root.resolve(".gk").toString(), "GIT_CONFIG_NOSYSTEM", "1");
  }
}
