package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.Objects;

/**
 * An {@code rm} command: the paths it names (after {@code --} too) and its force and recursive
 * options.
 *
 * @param command the {@code rm} command
 * @param paths the paths it names
 * @param force whether {@code -f} was given
 * @param recursive whether {@code -r} was given
 */
@API(status = API.Status.EXPERIMENTAL)
public record Removal(SimpleCommand command, List<Word> paths, boolean force, boolean recursive) {

  /**
   * Checks the components and keeps immutable copies of its collections.
   *
   * @param command the {@code rm} command
   * @param paths the paths it names
   * @param force whether {@code -f} was given
   * @param recursive whether {@code -r} was given
   */
  public Removal {
    Objects.requireNonNull(command, "command");
    paths = List.copyOf(paths);
  }
}
