package dev.groundskeeper.git.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.repo.Snapshot;
import dev.groundskeeper.api.repo.SnapshotEffect;
import dev.groundskeeper.git.Faults;
import dev.groundskeeper.git.store.StoreRefusal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A snapshot take made to fail (as a full disk does) or to stop dead (as a killed process does)
 * before each of its steps (issue 17): the worktree and index are untouched, no partial snapshot
 * is ever listed, the store keeps either no snapshot or the whole one, the failure says what
 * happened without an exception's class name, and the next take completes and clears what a
 * dead one left.
 */
class SnapshotFaultTest {

  private static final Instant NOW = Instant.parse("2026-12-03T10:00:00Z");

  @TempDir
  Path temp;

  /** A failure nothing catches: the take stops where it is, as under SIGKILL. */
  static final class Killed extends Error {
    Killed(String step) {
      super("killed before " + step);
    }
  }

  @ParameterizedTest
  @CsvSource({
      "snapshot.start, fail", "snapshot.start, kill",
      "snapshot.copies, fail", "snapshot.copies, kill",
      "snapshot.manifest, fail", "snapshot.manifest, kill",
      "snapshot.rename, fail", "snapshot.rename, kill",
      "snapshot.sync, fail", "snapshot.sync, kill"})
  void aTakeStoppedAtAnyStepKeepsTheWorkAndLeavesNoHalfSnapshot(String step, String how)
      throws IOException {
    Work work = Work.init(temp.resolve("repo"));
    work.write("a.txt", "a1\n").write(".gitignore", ".env\n").commitAll("base");
    work.write("a.txt", "a1\na2 unstaged\n").write("loose.txt", "untracked\n")
        .write(".env", "SECRET=1\n");
    Map<String, String> files = work.files();
    String index = work.index();
    Path state = temp.resolve("state");
    Faults faults = point -> {
      if (point.equals(step)) {
        if (how.equals("kill")) {
          throw new Killed(point);
        }
        throw new IOException("No space left on device");
      }
    };
    SnapshotStore faulty = new SnapshotStore(state, Optional.empty(), faults);
    SnapshotStore store = new SnapshotStore(state, Optional.empty());
    SnapshotEffect effect = new SnapshotEffect(work.top, "git reset --hard && git clean -fdx",
        "s1", List.of("loose.txt", ".env"), List.of(""), SnapshotEffect.Limits.DEFAULTS);

    boolean kept;
    if (how.equals("kill")) {
      assertThatThrownBy(() -> faulty.take(effect, NOW)).isInstanceOf(Killed.class);
      kept = step.equals("snapshot.sync"); // the rename had happened
    } else if (step.equals("snapshot.sync")) {
      // the rename is the commit point: a failure to force the directory after it is not a
      // failed snapshot, but it is reported
      assertThatThrownBy(() -> faulty.take(effect, NOW)).isInstanceOf(StoreRefusal.class);
      kept = true;
    } else {
      assertThatThrownBy(() -> faulty.take(effect, NOW)).isInstanceOf(StoreRefusal.class)
          .hasMessageContaining("No space left on device")
          .hasMessageNotContaining("Exception");
      kept = false;
    }

    assertThat(work.files()).isEqualTo(files);
    assertThat(work.index()).isEqualTo(index);
    List<Snapshot> listed = store.list(work.top);
    assertThat(listed).hasSize(kept ? 1 : 0);
    assertThat(store.damaged(work.top)).isEmpty();
    for (Snapshot snapshot : listed) {
      assertThat(snapshot.files()).extracting(Snapshot.File::path)
          .containsExactlyInAnyOrder("a.txt", "loose.txt", ".env");
    }

    Snapshot next = store.take(effect, NOW.plusSeconds(1));
    assertThat(next.files()).extracting(Snapshot.File::path)
        .containsExactlyInAnyOrder("a.txt", "loose.txt", ".env");
    assertThat(store.list(work.top)).hasSize(kept ? 2 : 1);
    try (Stream<Path> left = Files.list(store.directory(work.top))) {
      assertThat(left.map(p -> p.getFileName().toString()))
          .noneMatch(name -> name.startsWith(".partial-"));
    }
  }
}
