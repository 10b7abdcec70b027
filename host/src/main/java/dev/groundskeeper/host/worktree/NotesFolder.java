package dev.groundskeeper.host.worktree;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.config.EffectiveConfig;
import dev.groundskeeper.api.repo.StoreNotes;
import dev.groundskeeper.api.repo.WorktreeStatus;
import dev.groundskeeper.git.store.WorktreeStore;
import dev.groundskeeper.rules.worktree.WorktreesConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The one judgement of the store's notes folder ({@link StoreNotes}): prune leaves it out of the
 * dirt of the worktrees it judges, and the host offers the same object to the rules as
 * {@link dev.groundskeeper.api.repo.WorktreeStoreFacts#NOTES}, so that the stop guard does too.
 */
@API(status = API.Status.INTERNAL)
public final class NotesFolder implements StoreNotes {

  /** Entries read beside the notes in a directory git lists whole: enough to say what is there. */
  static final int BESIDE_NOTES_READ = 100;

  private final WorktreeStore store;
  private final String notes;

  NotesFolder(WorktreeStore store, String notesDir) {
    this.store = Objects.requireNonNull(store, "store");
    this.notes = notesDir.endsWith("/") ? notesDir : notesDir + "/";
  }

  /**
   * The notes folder of the store a configuration describes.
   *
   * @param effective the configuration in force ({@code worktrees:} and {@code branches:})
   * @param environment the variables that place the store ({@code GROUNDSKEEPER_HOME}, HOME)
   * @return the judgement
   */
  public static NotesFolder of(EffectiveConfig effective, Map<String, String> environment) {
    return new NotesFolder(Worktrees.store(effective, environment),
        effective.get(WorktreesConfig.spec()).notesDir());
  }

  @Override
  public WorktreeStatus withoutNotes(Path worktree, WorktreeStatus status) {
    if (!inStore(worktree)) {
      return status;
    }
    return new WorktreeStatus(status.staged(), status.modified(),
        outside(worktree, status.untracked()), outside(worktree, status.ignored()));
  }

  /** Whether {@code worktree} is under the store's {@code worktrees/}, by path or real path. */
  boolean inStore(Path worktree) {
    Path root = store.location().worktrees().toAbsolutePath().normalize();
    Path path = worktree.toAbsolutePath().normalize();
    if (path.startsWith(root)) {
      return true;
    }
    try {
      return path.toRealPath().startsWith(root.toRealPath());
    } catch (IOException e) {
      return false; // a store or a worktree that is not there holds no notes
    }
  }

  /**
   * {@code paths} (as git status lists them, relative to {@code worktree}) without the notes
   * folder, whether or not the repository ignores it. A listed directory that holds the notes
   * folder is read entry by entry, so whatever sits beside the notes still counts.
   */
  List<String> outside(Path worktree, List<String> paths) {
    return paths.stream()
        .filter(path -> !path.startsWith(notes))
        .flatMap(path -> path.endsWith("/") && notes.startsWith(path)
            ? store.entriesBesideNotes(worktree, path, notes, BESIDE_NOTES_READ).stream()
            : Stream.of(path))
        .toList();
  }
}
