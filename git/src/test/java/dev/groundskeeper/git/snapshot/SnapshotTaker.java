package dev.groundskeeper.git.snapshot;

import dev.groundskeeper.api.repo.SnapshotEffect;
import dev.groundskeeper.git.store.StoreRefusal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A separate process that takes snapshots of one worktree, for {@link SnapshotConcurrencyTest}:
 * {@code <state dir> <worktree> <count> <max store bytes>}; prints {@code kept <id>} or
 * {@code refused <reason>} per attempt.
 */
public final class SnapshotTaker {

  private SnapshotTaker() {}

  public static void main(String[] args) {
    SnapshotStore store = new SnapshotStore(Path.of(args[0]), Optional.empty());
    Path top = Path.of(args[1]);
    int count = Integer.parseInt(args[2]);
    long storeCap = Long.parseLong(args[3]);
    for (int i = 0; i < count; i++) {
      try {
        System.out.println("kept " + store.take(SnapshotConcurrencyTest.effect(top, storeCap),
            SnapshotConcurrencyTest.NOW).id());
      } catch (StoreRefusal e) {
        System.out.println("refused " + e.getMessage().replace('\n', ' '));
      }
    }
  }

  static List<String> kept(String output) {
    return output.lines().filter(line -> line.startsWith("kept ")).map(line -> line.substring(5))
        .toList();
  }
}
