package dev.groundskeeper.git;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Effect;
import java.util.List;
import java.util.Objects;

/**
 * What the executor did with one effect: done, refused because its proof no longer held (nothing
 * changed), or failed. A done effect that removed something carries the commands that undo it.
 *
 * @param effect the effect asked for
 * @param status what happened
 * @param message one line saying what happened and why
 * @param restoreCommands the exact commands that undo a done effect, in order (may be empty)
 */
@API(status = API.Status.EXPERIMENTAL)
public record EffectResult(Effect effect, Status status, String message, List<String> restoreCommands) {

  /**
   * No component may be null; copies {@code restoreCommands}.
   *
   * @param effect the effect asked for
   * @param status what happened
   * @param message one line saying what happened and why
   * @param restoreCommands the exact commands that undo a done effect, in order (may be empty)
   */
  public EffectResult {
    Objects.requireNonNull(effect, "effect");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(message, "message");
    restoreCommands = List.copyOf(restoreCommands);
  }

  static EffectResult done(Effect effect, String message, List<String> restore) {
    return new EffectResult(effect, Status.DONE, message, restore);
  }

  static EffectResult refused(Effect effect, String message) {
    return new EffectResult(effect, Status.REFUSED, message, List.of());
  }

  static EffectResult failed(Effect effect, String message) {
    return new EffectResult(effect, Status.FAILED, message, List.of());
  }

  /** {@return whether the effect was performed} */
  public boolean done() {
    return status == Status.DONE;
  }

  /** What became of an effect. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Status {
    /** Performed. */
    DONE,
    /** Not performed: its proof no longer held at the moment of acting, or git refused. */
    REFUSED,
    /** Not performed: an error (a lock held too long, a git failure). */
    FAILED
  }
}
