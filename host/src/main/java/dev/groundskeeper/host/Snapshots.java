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
 *
 * <p>Every method that takes a directory throws {@link HostException} when it is not inside a git
 * worktree or the environment names no state directory, with a message that says what to do.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class Snapshots {

  private final Optional<SnapshotStore> store;

  private Snapshots(Optional<SnapshotStore> store) {
    this.store = store;
  }

  /**
   * The snapshots at the place an environment names. Nothing is read or created here.
   *
   * @param environment the variables read: {@code GROUNDSKEEPER_HOME}, {@code XDG_STATE_HOME},
   *     {@code HOME}
   * @return the snapshots; without a place, every method that reads them throws
   */
  public static Snapshots forEnvironment(Map<String, String> environment) {
    Optional<Path> home = Optional.ofNullable(environment.get("HOME")).filter(h -> !h.isEmpty())
        .map(Path::of);
    return new Snapshots(DecisionLog.directory(environment).map(dir -> new SnapshotStore(dir,
        home)));
  }

  /**
   * The worktree snapshots of a directory belong to.
   *
   * @param directory a directory inside a worktree
   * @return the worktree's top level
   * @throws HostException when the directory is not inside a git worktree
   */
  public Path worktree(Path directory) {
    return SnapshotStore.worktreeOf(directory).orElseThrow(() -> new HostException(directory
        + " is not inside a git worktree; snapshots belong to a worktree, so run the command"
        + " from inside one"));
  }

  /**
   * The complete snapshots of a worktree; damaged ones are left out (see {@link #damaged}).
   *
   * @param directory a directory inside the worktree
   * @return the snapshots, newest first; empty when none was taken
   */
  public List<Snapshot> list(Path directory) {
    return wrap(() -> store().list(worktree(directory)));
  }

  /**
   * The snapshot directories of a worktree whose manifest cannot be read.
   *
   * @param directory a directory inside the worktree
   * @return each one's name and why; empty when none is damaged
   */
  public List<String> damaged(Path directory) {
    return wrap(() -> store().damaged(worktree(directory)));
  }

  /**
   * One snapshot of a worktree.
   *
   * @param directory a directory inside the worktree
   * @param id the snapshot's name, as {@link #list} shows it
   * @return the snapshot; empty when the worktree has none of that name, or it is damaged
   */
  public Optional<Snapshot> find(Path directory, String id) {
    return wrap(() -> store().find(worktree(directory), id));
  }

  /**
   * The latest snapshot of the worktree holding {@code directory}; of {@code session} only, when
   * given.
   *
   * @param directory a directory inside the worktree
   * @param session a session id; empty for any session
   * @return the newest matching snapshot; empty when there is none
   */
  public Optional<Snapshot> latest(Path directory, Optional<String> session) {
    return list(directory).stream()
        .filter(s -> session.isEmpty() || s.sessionId().equals(session.get())).findFirst();
  }

  /**
   * Restores snapshot {@code id} onto the worktree and its index; refuses as a whole when a path
   * changed since the discard, restoring none then.
   *
   * @param directory a directory inside the worktree
   * @param id the snapshot's name
   * @param dryRun whether to only say what it would do
   * @return the paths restored (or that would be), those already as kept, and those that made it
   *     refuse
   * @throws HostException also when the worktree has no snapshot {@code id}
   */
  public Snapshot.Restore restore(Path directory, String id, boolean dryRun) {
    return wrap(() -> store().restore(worktree(directory), id, dryRun));
  }

  /**
   * The diff of each path of snapshot {@code id} from the worktree now to the kept copy: what a
   * restore would write. Only the paths {@code only} names, or every path when it is empty.
   *
   * @param directory a directory inside the worktree
   * @param id the snapshot's name
   * @param only paths relative to the worktree; empty for every path
   * @return one diff per path, in the snapshot's order
   * @throws HostException also when the worktree has no snapshot {@code id}
   */
  public List<Snapshot.Diff> diff(Path directory, String id, List<String> only) {
    return wrap(() -> store().diff(worktree(directory), id, only));
  }

  /**
   * The diff of each path of snapshot {@code id} whose staged content it kept: from HEAD's
   * content when it was taken to the kept index content, which a restore puts back in the index.
   * Only the paths {@code only} names, or every such path when it is empty.
   *
   * @param directory a directory inside the worktree
   * @param id the snapshot's name
   * @param only paths relative to the worktree; empty for every path
   * @return one diff per path whose staged content was kept; empty when none was
   * @throws HostException also when the worktree has no snapshot {@code id}
   */
  public List<Snapshot.Diff> stagedDiff(Path directory, String id, List<String> only) {
    return wrap(() -> store().stagedDiff(worktree(directory), id, only));
  }

  /**
   * Drops a snapshot: renamed away in one step, then deleted, so a half-dropped one is never
   * listed.
   *
   * @param directory a directory inside the worktree
   * @param id the snapshot's name
   * @throws HostException also when the worktree has no snapshot {@code id}, or it could not be
   *     dropped
   */
  public void drop(Path directory, String id) {
    wrap(() -> {
      store().drop(worktree(directory), id);
      return null;
    });
  }

  /**
   * Where a worktree's snapshots are kept, for a person who wants to look.
   *
   * @param directory a directory inside the worktree
   * @return the worktree's snapshot directory; it need not exist yet
   */
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
