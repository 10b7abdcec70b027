package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.Objects;

/** An {@code rm} command: the paths it names (after {@code --} too) and its force and recursive options. */
@API(status = API.Status.EXPERIMENTAL)
public record Removal(SimpleCommand command, List<Word> paths, boolean force, boolean recursive) {

  public Removal {
    Objects.requireNonNull(command, "command");
    paths = List.copyOf(paths);
  }
}
