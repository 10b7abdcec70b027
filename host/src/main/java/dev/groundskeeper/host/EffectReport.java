package dev.groundskeeper.host;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Effect;
import java.util.List;
import java.util.Objects;

/**
 * What became of one effect a decision asked for.
 *
 * @param message what was done, or why not
 * @param restoreCommands the exact commands that undo a done effect, in order (may be empty)
 */
@API(status = API.Status.EXPERIMENTAL)
public record EffectReport(Effect effect, Status status, String message,
    List<String> restoreCommands) {

  public EffectReport {
    Objects.requireNonNull(effect, "effect");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(message, "message");
    restoreCommands = List.copyOf(restoreCommands);
  }

  public static EffectReport done(Effect effect, String message, List<String> restore) {
    return new EffectReport(effect, Status.DONE, message, restore);
  }

  public static EffectReport refused(Effect effect, String message) {
    return new EffectReport(effect, Status.REFUSED, message, List.of());
  }

  public static EffectReport failed(Effect effect, String message) {
    return new EffectReport(effect, Status.FAILED, message, List.of());
  }

  public boolean done() {
    return status == Status.DONE;
  }

  /** How an effect ended. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Status {
    /** Performed. */
    DONE,
    /** Not performed: its proof no longer held when it was to act, or nothing performs it. */
    REFUSED,
    /** Not performed: an error (a lock held too long, a process that failed or timed out). */
    FAILED
  }
}
