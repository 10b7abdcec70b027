package dev.groundskeeper.api.files;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Effect;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Replace the nudge state dotfile with {@code state}. The executor writes it atomically, creates
 * the directory when it is missing, and never writes through a symbolic link.
 *
 * @param stateFile the dotfile
 * @param state what it will hold
 */
@API(status = API.Status.EXPERIMENTAL)
public record WriteNudgeState(Path stateFile, NudgeState state) implements Effect {

  /**
   * Checks the components.
   *
   * @param stateFile the dotfile
   * @param state what it will hold
   */
  public WriteNudgeState {
    Objects.requireNonNull(stateFile, "stateFile");
    Objects.requireNonNull(state, "state");
  }

  @Override
  public String describe() {
    return "record the stale-notes nudge state in " + stateFile;
  }
}
