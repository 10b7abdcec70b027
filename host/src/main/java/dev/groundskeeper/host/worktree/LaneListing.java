package dev.groundskeeper.host.worktree;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One directory under the store's {@code worktrees/} as {@code list --all} reports it: a lane (its
 * name is a full root commit) with its worktrees, or a directory that is not a lane, with why.
 *
 * @param key the directory's name (a lane's root commit)
 * @param path the directory, with the home directory shown as {@code ~}
 * @param lane true when the name is a full root commit
 * @param repository the repository a lane belongs to (its main checkout, home shown as {@code ~},
 *     sanitised), with "(not found)" when no live checkout leads to it; empty when unknown
 * @param note for a non-lane, what it is and how its worktrees are retired
 * @param worktrees a lane's worktrees
 */
@API(status = API.Status.EXPERIMENTAL)
public record LaneListing(String key, String path, boolean lane, Optional<String> repository,
    Optional<String> note, List<WorktreeRow> worktrees) {

  /**
   * Checks the components and keeps an immutable copy of the worktrees.
   *
   * @param key the directory's name
   * @param path the directory, with the home directory shown as {@code ~}
   * @param lane true when the name is a full root commit
   * @param repository the repository a lane belongs to; empty when unknown
   * @param note for a non-lane, what it is; empty for a lane
   * @param worktrees a lane's worktrees
   * @throws NullPointerException if a component or a worktree is null
   */
  public LaneListing {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(repository, "repository");
    Objects.requireNonNull(note, "note");
    worktrees = List.copyOf(worktrees);
  }
}
