package dev.groundskeeper.git.files;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.files.RemoveScratchSpace;
import dev.groundskeeper.api.files.WriteNudgeState;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Executes the file-system effects of {@code dev.groundskeeper.api.files}: the nudge state write
 * and the removal of an idle scratch space, each re-checking its proof when it acts.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class FileEffects {

  private final NudgeStateFile nudgeStates;
  private final SpaceRemover spaces;

  private FileEffects(Path root) {
    this.nudgeStates = new NudgeStateFile(root);
    this.spaces = new SpaceRemover(root);
  }

  /**
   * {@return an executor resolving relative paths against the checkout's top-level directory}
   *
   * @param worktreeRoot the checkout's top-level directory
   */
  public static FileEffects forRoot(Path worktreeRoot) {
    return new FileEffects(Objects.requireNonNull(worktreeRoot, "worktreeRoot").toAbsolutePath());
  }

  /**
   * {@return whether this executor performs effects of {@code effect}'s type}
   *
   * @param effect an effect
   */
  public static boolean handles(Effect effect) {
    return effect instanceof WriteNudgeState || effect instanceof RemoveScratchSpace;
  }

  /**
   * Performs the effect.
   *
   * @return what was done, in one line
   * @throws IllegalArgumentException when this executor does not handle the effect type
   * @param effect a file effect
   */
  public Result execute(Effect effect) {
    Objects.requireNonNull(effect, "effect");
    try {
      if (effect instanceof WriteNudgeState write) {
        nudgeStates.write(write.stateFile(), write.state());
        return new Result(effect, true, "recorded the nudge state in " + write.stateFile());
      }
      if (effect instanceof RemoveScratchSpace remove) {
        spaces.remove(remove);
        return new Result(effect, true, "removed " + remove.space());
      }
    } catch (SpaceRemover.RefusedException e) {
      return new Result(effect, false, "refused: " + e.getMessage());
    } catch (IOException | SecurityException e) {
      return new Result(effect, false, "failed: " + SafeText.failure(e));
    }
    throw new IllegalArgumentException("not a file effect: " + effect.getClass().getName());
  }

  /** What one execution did: whether it acted, and a line saying what happened or why not. */
  @API(status = API.Status.EXPERIMENTAL)
  public record Result(Effect effect, boolean applied, String message) {
    /**
     * Neither {@code effect} nor {@code message} may be null.
     *
     * @param effect the effect asked for
     * @param applied whether it acted
     * @param message one line saying what happened, or why not
     */
    public Result {
      Objects.requireNonNull(effect, "effect");
      Objects.requireNonNull(message, "message");
    }
  }
}
