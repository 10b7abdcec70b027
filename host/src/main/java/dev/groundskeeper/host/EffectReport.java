package dev.groundskeeper.host;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Effect;
import java.util.List;
import java.util.Objects;

/**
 * What became of one effect a decision asked for.
 *
 * @param effect the effect
 * @param status how it ended
 * @param message what was done, or why not
 * @param restoreCommands the exact commands that undo a done effect, in order (may be empty)
 */
@API(status = API.Status.EXPERIMENTAL)
public record EffectReport(Effect effect, Status status, String message,
    List<String> restoreCommands) {

  /**
   * Checks the components and keeps an immutable copy of the restore commands.
   *
   * @param effect the effect
   * @param status how it ended
   * @param message what was done, or why not
   * @param restoreCommands the exact commands that undo a done effect, in order (may be empty)
   * @throws NullPointerException if a component is null
   */
  public EffectReport {
    Objects.requireNonNull(effect, "effect");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(message, "message");
    restoreCommands = List.copyOf(restoreCommands);
  }

  /**
   * A performed effect.
   *
   * @param effect the effect
   * @param message what was done
   * @param restore the commands that undo it, in order; empty when it needs no undoing
   * @return a {@link Status#DONE} report
   */
  public static EffectReport done(Effect effect, String message, List<String> restore) {
    return new EffectReport(effect, Status.DONE, message, restore);
  }

  /**
   * An effect not performed because its proof no longer held or nothing performs it.
   *
   * @param effect the effect
   * @param message why, as a person reads it
   * @return a {@link Status#REFUSED} report without restore commands
   */
  public static EffectReport refused(Effect effect, String message) {
    return new EffectReport(effect, Status.REFUSED, message, List.of());
  }

  /**
   * An effect not performed because of an error.
   *
   * @param effect the effect
   * @param message what went wrong, as a person reads it
   * @return a {@link Status#FAILED} report without restore commands
   */
  public static EffectReport failed(Effect effect, String message) {
    return new EffectReport(effect, Status.FAILED, message, List.of());
  }

  /** {@return true when the effect was performed} */
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
