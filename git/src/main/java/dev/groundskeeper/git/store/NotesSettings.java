package dev.groundskeeper.git.store;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How a worktree's notes folder is archived before the worktree is removed.
 *
 * @param directory the notes folder, relative to the worktree
 * @param redactions the secrets replaced on write
 * @param maxFileBytes the largest file archived; a larger one fails the archive
 */
@API(status = API.Status.EXPERIMENTAL)
public record NotesSettings(String directory, List<Pattern> redactions, long maxFileBytes) {
  /**
   * Copies {@code redactions}; neither list nor directory may be null.
   *
   * @param directory the notes folder, relative to the worktree
   * @param redactions the secrets replaced on write
   * @param maxFileBytes the largest file archived; a larger one fails the archive
   */
  public NotesSettings {
    Objects.requireNonNull(directory, "directory");
    redactions = List.copyOf(redactions);
  }
}
