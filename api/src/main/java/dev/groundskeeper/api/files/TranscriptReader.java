package dev.groundskeeper.api.files;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads the latest context usage from a session transcript. Only the transcript's tail is read,
 * so the cost does not grow with the session.
 */
@API(status = API.Status.EXPERIMENTAL)
@FunctionalInterface
public interface TranscriptReader {

  /**
   * The latest usage, or empty when the transcript is missing or its tail records none.
   *
   * @param transcript the session's transcript file
   * @return the usage, or empty
   */
  Optional<ContextUsage> latestUsage(Path transcript);
}
