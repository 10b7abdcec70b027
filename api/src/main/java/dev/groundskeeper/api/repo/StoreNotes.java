package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.nio.file.Path;

/**
 * The worktree store's own notes folder ({@code worktrees.notes_dir}), which the store writes into
 * each worktree it keeps and archives before it removes one: the store must not make dirty what
 * it judges. One judgement, offered as {@link WorktreeStoreFacts#NOTES}, serves every reader that
 * asks whether a worktree holds uncommitted work (the stop guard, prune), so they cannot
 * disagree. A removal the store does not perform ({@code git worktree remove}) archives nothing,
 * and its guard reads the status whole.
 */
@API(status = API.Status.EXPERIMENTAL)
public interface StoreNotes {

  /**
   * The status of {@code worktree} without the notes folder: unchanged for a worktree outside the
   * store. An untracked or ignored directory listed whole that holds the notes folder is replaced
   * by what sits beside the notes in it, so everything else still counts.
   *
   * @param worktree the worktree's directory
   * @param status its status as git reports it
   * @return the status that says whether work could be lost
   */
  WorktreeStatus withoutNotes(Path worktree, WorktreeStatus status);
}
