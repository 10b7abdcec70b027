package dev.groundskeeper.cli.worktree;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.git.store.AddedWorktree;
import dev.groundskeeper.host.worktree.Listing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17: {@code groundskeeper worktree prune} killed with SIGKILL at a random moment, as a
 * real process. Whatever the moment, every note of every worktree is still in its worktree or in
 * a complete archive (its manifest written, every file in it), every branch is still there, and
 * a worktree the prune had moved aside is named by {@code list} with the command that puts it
 * back; the next prune, after the moved-aside worktrees are put back as {@code list} says,
 * reclaims every worktree and leaves no half-done one. Two trials in the normal build;
 * {@code -Pslow} runs 40 ({@code groundskeeper.kill.trials}).
 */
class KilledPruneIT {

  private static final Path JAR = Path.of(System.getProperty("groundskeeper.jar"));
  private static final int TRIALS = Integer.getInteger("groundskeeper.kill.trials", 2);
  private static final List<String> NAMES = List.of("w1", "w2", "w3", "w4");

  @TempDir
  Path temp;

  @Test
  void aPruneKilledAtAnyMomentLosesNoNoteAndTheNextPruneFinishes() throws Exception {
    SplittableRandom random = new SplittableRandom(17);
    // how long a whole prune of such a lane takes here: the kills are spread over it
    Fixture timing = Fixture.withCommit(temp.resolve("timing"));
    lane(timing);
    long started = System.nanoTime();
    Process whole = prune(timing);
    assertThat(whole.waitFor(120, TimeUnit.SECONDS)).isTrue();
    long duration = Math.max(300, (System.nanoTime() - started) / 1_000_000L);
    int killed = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
      Fixture fixture = Fixture.withCommit(temp.resolve("t" + trial));
      StoreVerbs store = fixture.store();
      List<AddedWorktree> added = lane(fixture);
      // from the last fifth of the JVM's start to the end of the prune
      long delay = duration / 5 + random.nextLong(duration - duration / 5 + 1);
      Process prune = prune(fixture);
      boolean ended = prune.waitFor(delay, TimeUnit.MILLISECONDS);
      if (!ended) {
        killed++;
        prune.destroyForcibly();
        assertThat(prune.waitFor(60, TimeUnit.SECONDS)).isTrue();
      }

      for (String name : NAMES) {
        assertThat(fixture.git(fixture.repo, "rev-parse", "--verify", "-q", name).strip())
            .as("trial %d (killed after %d ms): branch %s", trial, delay, name).isNotEmpty();
      }
      Listing listing = store.list(fixture.repo);
      for (AddedWorktree worktree : added) {
        String name = worktree.path().getFileName().toString();
        Path aside = movedAside(worktree.path(), name);
        Path holder = Files.isDirectory(worktree.path()) ? worktree.path() : aside;
        boolean notesThere = holder != null
            && Files.isDirectory(holder.resolve(".groundskeeper/notes"));
        if (holder == aside && aside != null) {
          assertThat(listing.interruptedRemovals()).as("trial %d: %s", trial, name)
              .anySatisfy(line -> assertThat(line).contains(aside.getFileName().toString()));
        }
        if (!notesThere || noteCount(holder) < 20) {
          assertThat(completeArchive(fixture, name))
              .as("trial %d (killed after %d ms): the notes of %s, not all in its worktree,"
                  + " are in a complete archive", trial, delay, name).isTrue();
        }
      }

      // put back what list names, as printed (without the prune it chains), then prune again
      for (String line : listing.interruptedRemovals()) {
        String command = line.substring(line.indexOf("[ ! -e "))
            .replace(" && groundskeeper worktree prune", "");
        Process put = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).start();
        assertThat(put.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(put.exitValue()).as(new String(put.getInputStream().readAllBytes(),
            StandardCharsets.UTF_8)).isZero();
      }
      Process again = prune(fixture);
      assertThat(again.waitFor(120, TimeUnit.SECONDS)).isTrue();
      for (AddedWorktree worktree : added) {
        String name = worktree.path().getFileName().toString();
        if (Files.isDirectory(worktree.path())) {
          // kept, with a reason: a worktree half deleted before the kill reads as changed
          assertThat(store.list(fixture.repo).rows()).as("trial %d: %s kept", trial, name)
              .anySatisfy(row -> assertThat(row.name()).isEqualTo(name));
        } else {
          assertThat(completeArchive(fixture, name)).as("trial %d: %s archived", trial, name)
              .isTrue();
        }
      }
      assertThat(store.list(fixture.repo).interruptedRemovals()).isEmpty();
      assertThat(store.prune(fixture.repo, true, Set.of()).abandonedArchives()).isEmpty();
    }
    System.out.printf("KilledPruneIT: %d of %d prunes killed before they ended (a whole prune"
        + " took %d ms)%n", killed, TRIALS, duration);
  }

  /** Four merged worktrees in the lane, each with 20 notes of 2 KB to archive. */
  private static List<AddedWorktree> lane(Fixture fixture) throws IOException {
    StoreVerbs store = fixture.store();
    List<AddedWorktree> added = new ArrayList<>();
    for (String name : NAMES) {
      AddedWorktree worktree = store.add(fixture.repo, name, Optional.empty());
      fixture.commit(worktree.path(), name + ".txt", "work of " + name + "\n", "work " + name);
      fixture.git(fixture.repo, "merge", "-q", "--no-ff", "-m", "merge " + name, name);
      Path notes = Files.createDirectories(worktree.path().resolve(".groundskeeper/notes"));
      for (int note = 0; note < 20; note++) {
        Files.writeString(notes.resolve("note-" + note + ".md"), "note " + note + " of " + name
            + "\n" + "x".repeat(2000) + "\n");
      }
      added.add(worktree);
    }
    return added;
  }

  private Process prune(Fixture fixture) throws IOException {
    ProcessBuilder builder = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
        JAR.toString(), "worktree", "prune").directory(fixture.repo.toFile())
        .redirectErrorStream(true).redirectOutput(temp.resolve("prune.log").toFile());
    builder.environment().putAll(fixture.env);
    builder.environment().put("GROUNDSKEEPER_SERVE", "off");
    return builder.start();
  }

  private static Path movedAside(Path worktree, String name) throws IOException {
    try (Stream<Path> lane = Files.list(worktree.getParent())) {
      return lane.filter(p -> p.getFileName().toString().startsWith(".removing-" + name + "-"))
          .findFirst().orElse(null);
    }
  }

  private static long noteCount(Path worktree) throws IOException {
    try (Stream<Path> notes = Files.list(worktree.resolve(".groundskeeper/notes"))) {
      return notes.count();
    }
  }

  /** An archive entry of {@code name} under its final name, with its manifest and 20 notes. */
  private static boolean completeArchive(Fixture fixture, String name) throws IOException {
    Path level = fixture.storeHome.resolve("notes");
    if (!Files.isDirectory(level)) {
      return false;
    }
    try (Stream<Path> entries = Files.walk(level, 2)) {
      return entries.filter(p -> p.getFileName().toString().endsWith("-" + name)
              && !p.getFileName().toString().startsWith("."))
          .anyMatch(p -> Files.exists(p.resolve("manifest.json")) && countFiles(p) >= 21);
    }
  }

  private static long countFiles(Path entry) {
    try (Stream<Path> files = Files.walk(entry)) {
      return files.filter(Files::isRegularFile).count();
    } catch (IOException e) {
      return 0;
    }
  }
}
