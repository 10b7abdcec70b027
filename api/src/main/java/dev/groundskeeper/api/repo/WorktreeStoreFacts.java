package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Fact;
import java.nio.file.Path;

/**
 * The facts about the machine's worktree store that rules read: the CLI supplies them (through
 * the git module's {@code StoreLocation}), so rules never read the environment themselves.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class WorktreeStoreFacts {

  private WorktreeStoreFacts() {}

  /** The store's {@code worktrees/} directory (absolute). */
  public static final Fact<Path> STORE_WORKTREES =
      Fact.of("worktrees.store", "the worktree store's worktrees/ directory");

  /** How the store's own notes folder is left out of a worktree's status ({@link StoreNotes}). */
  public static final Fact<StoreNotes> NOTES =
      Fact.of("worktrees.store-notes", "the worktree store's notes folder, left out of status");

  /** The person's home directory, for {@code ~} in commands and configured roots. */
  public static final Fact<Path> USER_HOME =
      Fact.of("worktrees.user-home", "the person's home directory");
}
