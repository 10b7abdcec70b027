package dev.groundskeeper.git.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.repo.Snapshot;
import dev.groundskeeper.api.repo.SnapshotEffect;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Whatever the state of a worktree's files, a snapshot of its changed, untracked and ignored
 * paths, then {@code git reset --hard && git clean -fdx}, then a restore, gives back the same
 * files and the same index: nothing a snapshot-mode discard let through is lost.
 */
class SnapshotRoundTripPropertiesTest {

  enum State { CLEAN, MODIFIED, STAGED, STAGED_THEN_MODIFIED, DELETED, STAGED_NEW, UNTRACKED,
    IGNORED }

  @Provide
  Arbitrary<List<State>> states() {
    return Arbitraries.of(State.class).list().ofMinSize(1).ofMaxSize(6);
  }

  @Property(tries = 12)
  void aDiscardAfterASnapshotLosesNothingOnceRestored(@ForAll("states") List<State> states)
      throws IOException {
    Path temp = Files.createTempDirectory("gk-snapshot-property");
    try {
      Work work = Work.init(temp.resolve("repo"));
      work.write(".gitignore", "*.log\n");
      for (int i = 0; i < states.size(); i++) {
        work.write("f" + i + ".txt", "base " + i + "\n");
      }
      work.commitAll("base");
      List<String> named = new ArrayList<>();
      for (int i = 0; i < states.size(); i++) {
        String file = "f" + i + ".txt";
        switch (states.get(i)) {
          case CLEAN -> { }
          case MODIFIED -> work.write(file, "changed " + i + "\n");
          case STAGED -> {
            work.write(file, "staged " + i + "\n");
            work.git("add", file);
          }
          case STAGED_THEN_MODIFIED -> {
            work.write(file, "staged " + i + "\n");
            work.git("add", file);
            work.write(file, "then changed " + i + "\n");
          }
          case DELETED -> work.sh("rm " + file);
          case STAGED_NEW -> {
            work.write("n" + i + ".txt", "new " + i + "\n");
            work.git("add", "n" + i + ".txt");
          }
          case UNTRACKED -> {
            work.write("dir" + i + "/u.txt", "untracked " + i + "\n");
            named.add("dir" + i + "/");
          }
          case IGNORED -> {
            work.write("i" + i + ".log", "ignored " + i + "\n");
            named.add("i" + i + ".log");
          }
        }
      }
      Map<String, String> files = work.files();
      String index = work.index();
      SnapshotStore store = new SnapshotStore(temp.resolve("state"), Optional.empty());

      Snapshot taken = store.take(new SnapshotEffect(work.top, "git reset --hard", "s",
          named, List.of(""), SnapshotEffect.Limits.DEFAULTS), Instant.EPOCH);
      work.sh("git reset -q --hard && git clean -q -fdx");
      Snapshot.Restore restore = store.restore(work.top, taken.id(), false);

      assertThat(restore.conflicts()).isEmpty();
      assertThat(work.files()).isEqualTo(files);
      assertThat(work.index()).isEqualTo(index);
    } finally {
      delete(temp);
    }
  }

  private static void delete(Path root) {
    try {
      SnapshotFiles.deleteTree(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
