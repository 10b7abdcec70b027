package dev.groundskeeper.api.files;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.util.Optional;

/** Reads the nudge state dotfile; an absent or unreadable file reads as empty. */
@API(status = API.Status.EXPERIMENTAL)
@FunctionalInterface
public interface NudgeStateReader {

  Optional<NudgeState> read(Path stateFile);
}
