package dev.groundskeeper.host;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.files.RemoveScratchSpace;
import dev.groundskeeper.git.files.FileSystemFacts;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * What the scratch verbs read and do, for a checkout: the file facts the scratch rules judge
 * (the same the hook's facts hold), and the removal of idle per-session spaces through the same
 * executor the hook's effects use, which re-checks each space as it removes it.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class ScratchSpaces {

  private ScratchSpaces() {}

  /**
   * The file facts the scratch rules read, for a verb.
   *
   * @param base a checkout's top-level directory
   * @param now the time the facts give as {@link Facts#NOW}
   * @return the facts, each read on first use
   */
  public static Facts facts(Path base, Instant now) {
    return FileSystemFacts.register(Facts.builder(), base).value(Facts.NOW, now).build();
  }

  /**
   * Removes idle scratch spaces, each re-checked as it is removed (still directly in its parent,
   * not a link, unchanged since it was judged idle); a space that fails the check is refused,
   * not removed.
   *
   * @param root the checkout's top-level directory, which relative paths of the removals are
   *     taken from
   * @param removals the removals of a reap plan
   * @return one report per removal, in their order
   */
  public static List<EffectReport> remove(Path root, List<RemoveScratchSpace> removals) {
    return FileEffectsPerformer.performUnder(root, removals);
  }
}
