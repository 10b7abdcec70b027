package dev.groundskeeper.api.files;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.util.Optional;

/** Reads the nudge state dotfile; an absent or unreadable file reads as empty. */
@API(status = API.Status.EXPERIMENTAL)
@FunctionalInterface
public interface NudgeStateReader {

  /**
   * Reads the dotfile.
   *
   * @param stateFile the dotfile's path
   * @return its state, or empty when it is absent or unreadable
   */
  Optional<NudgeState> read(Path stateFile);
}
