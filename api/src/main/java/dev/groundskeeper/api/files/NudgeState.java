package dev.groundskeeper.api.files;

import dev.groundskeeper.api.API;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What the stale-notes nudge remembers between events of one session: the newest write it last
 * saw in the scratch directory (empty while the directory is empty), the context size when it saw
 * that write change, and the context size at its latest nudge (0 before the first).
 *
 * @param newestWrite the newest write seen; empty while the directory is empty
 * @param tokensAtWrite the context size when that write changed
 * @param tokensAtNudge the context size at the latest nudge; 0 before the first
 */
@API(status = API.Status.EXPERIMENTAL)
public record NudgeState(Optional<Instant> newestWrite, long tokensAtWrite, long tokensAtNudge) {

  /**
   * The dotfile that holds the state inside a per-session scratch directory; listings never
   * show it.
   */
  public static final String FILE_NAME = ".groundskeeper-nudge.json";

  /** The start of every nudge state file name (a shared directory holds one per session). */
  public static final String FILE_PREFIX = ".groundskeeper-nudge";

  /**
   * Checks the components.
   *
   * @param newestWrite the newest write seen; empty while the directory is empty
   * @param tokensAtWrite the context size when that write changed
   * @param tokensAtNudge the context size at the latest nudge; 0 before the first
   * @throws IllegalArgumentException when they do not fit together
   */
  public NudgeState {
    Objects.requireNonNull(newestWrite, "newestWrite");
    if (tokensAtWrite < 0 || tokensAtNudge < 0) {
      throw new IllegalArgumentException("token counts must not be negative");
    }
  }
}
