package dev.groundskeeper.host;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.repo.Snapshot;
import dev.groundskeeper.git.snapshot.SnapshotStore;
import dev.groundskeeper.git.store.StoreRefusal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The snapshots {@code snapshot} mode keeps, for the verbs that list, show, restore and drop
 * them: in the state directory ({@code $GROUNDSKEEPER_HOME/state}, else
 * {@code $XDG_STATE_HOME/groundskeeper}, else {@code ~/.groundskeeper/state}), one directory per
 * worktree.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class Snapshots {

  private final Optional<SnapshotStore> store;

  private Snapshots(Optional<SnapshotStore> store) {
    this.store = store;
  }

  /** {@return the snapshots at the place {@code environment} names} */
  public static Snapshots forEnvironment(Map<String, String> environment) {
    Optional<Path> home = Optional.ofNullable(environment.get("HOME")).filter(h -> !h.isEmpty())
        .map(Path::of);
    return new Snapshots(DecisionLog.directory(environment).map(dir -> new SnapshotStore(dir,
        home)));
  }

  /** {@return the top level of the worktree holding {@code directory}} */
  public Path worktree(Path directory) {
    return SnapshotStore.worktreeOf(directory).orElseThrow(() -> new HostException(directory
        + " is not inside a git worktree; snapshots belong to a worktree, so run the command"
        + " from inside one"));
  }

  /** {@return the snapshots of the worktree holding {@code directory}, newest first} */
  public List<Snapshot> list(Path directory) {
    return wrap(() -> store().list(worktree(directory)));
  }

  /** {@return the snapshot directories of that worktree whose manifest cannot be read} */
  public List<String> damaged(Path directory) {
    return wrap(() -> store().damaged(worktree(directory)));
  }

  public Optional<Snapshot> find(Path directory, String id) {
    return wrap(() -> store().find(worktree(directory), id));
  }

  /**
   * The latest snapshot of the worktree holding {@code directory}; of {@code session} only, when
   * given.
   */
  public Optional<Snapshot> latest(Path directory, Optional<String> session) {
    return list(directory).stream()
        .filter(s -> session.isEmpty() || s.sessionId().equals(session.get())).findFirst();
  }

  /** Restores snapshot {@code id}; refuses as a whole when a path changed since the discard. */
  public Snapshot.Restore restore(Path directory, String id, boolean dryRun) {
    return wrap(() -> store().restore(worktree(directory), id, dryRun));
  }

  /**
   * The diff of each path of snapshot {@code id} from the worktree now to the kept copy: what a
   * restore would write. Only the paths {@code only} names, or every path when it is empty.
   */
  public List<Snapshot.Diff> diff(Path directory, String id, List<String> only) {
    return wrap(() -> store().diff(worktree(directory), id, only));
  }

  /**
   * The diff of each path of snapshot {@code id} whose staged content it kept: from HEAD's
   * content when it was taken to the kept index content, which a restore puts back in the index.
   * Only the paths {@code only} names, or every such path when it is empty.
   */
  public List<Snapshot.Diff> stagedDiff(Path directory, String id, List<String> only) {
    return wrap(() -> store().stagedDiff(worktree(directory), id, only));
  }

  public void drop(Path directory, String id) {
    wrap(() -> {
      store().drop(worktree(directory), id);
      return null;
    });
  }

  /** {@return where the snapshots of the worktree holding {@code directory} are kept} */
  public Path directory(Path directory) {
    return store().directory(worktree(directory));
  }

  SnapshotStore store() {
    return store.orElseThrow(() -> new HostException("snapshots have no place: set"
        + " GROUNDSKEEPER_HOME, XDG_STATE_HOME or HOME to an absolute path"));
  }

  private static <T> T wrap(java.util.function.Supplier<T> action) {
    try {
      return action.get();
    } catch (StoreRefusal e) {
      throw new HostException(e.getMessage());
    }
  }
}
