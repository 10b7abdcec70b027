package dev.groundskeeper.git.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.files.NudgeState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NudgeStateFileTest {

  @TempDir
  Path root;

  @Test
  void writesAndReadsBackTheStateCreatingTheDirectory() throws IOException {
    NudgeStateFile file = new NudgeStateFile(root);
    Path state = Path.of("untracked/scratch/.groundskeeper-nudge.json");
    NudgeState written = new NudgeState(
        Optional.of(Instant.parse("2026-11-01T10:00:00.123456789Z")), 30_000, 95_000);
    file.write(state, written);
    assertThat(file.read(state)).contains(written);
    NudgeState empty = new NudgeState(Optional.empty(), 0, 61_000);
    file.write(state, empty);
    assertThat(file.read(state)).contains(empty);
    try (var entries = Files.list(root.resolve("untracked/scratch"))) {
      assertThat(entries).containsExactly(root.resolve(state));
    }
  }

  @Test
  void aTemporaryLeftByAKilledWriterIsRemovedByTheNextWriteAndALiveOneIsNot() throws IOException {
    NudgeStateFile file = new NudgeStateFile(root);
    Path state = Path.of("untracked/scratch/.groundskeeper-nudge.json");
    NudgeState first = new NudgeState(Optional.empty(), 10, 20);
    file.write(state, first);
    Path directory = root.resolve("untracked/scratch");
    // what a SIGKILL between the temporary and the rename leaves (no finally block runs)
    Path dead = LeftTemporariesTest.planted(directory, NudgeStateFile.TEMPORARY_PREFIX
        + "4711.tmp", LeftTemporaries.LOCKLESS.plusMinutes(5));
    Path live = LeftTemporariesTest.planted(directory, NudgeStateFile.TEMPORARY_PREFIX
        + "4712.tmp", java.time.Duration.ofSeconds(1));

    NudgeState second = new NudgeState(Optional.of(Instant.parse("2026-12-02T10:00:00Z")), 30, 40);
    file.write(state, second);

    assertThat(dead).doesNotExist();
    assertThat(live).as("a concurrent writer's, still live").exists();
    assertThat(file.read(state)).contains(second);
    try (var entries = Files.list(directory)) {
      assertThat(entries).containsExactlyInAnyOrder(root.resolve(state), live);
    }
  }

  @Test
  void aMissingOrDamagedFileReadsAsEmpty() throws IOException {
    NudgeStateFile file = new NudgeStateFile(root);
    assertThat(file.read(Path.of("nope.json"))).isEmpty();
    Files.writeString(root.resolve("bad.json"), "{\"newestWrite\": \"yesterday\"}");
    assertThat(file.read(Path.of("bad.json"))).isEmpty();
    Files.writeString(root.resolve("list.json"), "[1,2]");
    assertThat(file.read(Path.of("list.json"))).isEmpty();
    Files.writeString(root.resolve("negative.json"), "{\"tokensAtWrite\": -4}");
    assertThat(file.read(Path.of("negative.json"))).isEmpty();
  }

  @Test
  void neverWritesThroughASymbolicLink() throws IOException {
    Path target = Files.writeString(root.resolve("precious.txt"), "keep");
    Files.createSymbolicLink(root.resolve("state.json"), target);
    assertThatThrownBy(() -> new NudgeStateFile(root)
        .write(Path.of("state.json"), new NudgeState(Optional.empty(), 0, 0)))
        .isInstanceOf(IOException.class).hasMessageContaining("symbolic link");
    assertThat(Files.readString(target)).isEqualTo("keep");
  }
}
