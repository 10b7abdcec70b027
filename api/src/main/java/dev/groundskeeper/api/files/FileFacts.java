package dev.groundskeeper.api.files;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Fact;
import java.nio.file.Path;

/**
 * The keys of the file-system facts rules may read. Most values are small query interfaces rather
 * than data, because what a rule asks depends on its configuration (which directory, which
 * transcript); every answer they give is bounded and immutable. {@code groundskeeper-git}
 * implements them over the real file system, the test kit in memory.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class FileFacts {

  /**
   * The top-level directory of the checkout the event happens in (a linked worktree's own root
   * inside a linked worktree). Repository-relative configuration resolves against it.
   */
  public static final Fact<Path> WORKTREE_ROOT =
      Fact.of("files.worktree-root", "the top-level directory of the current checkout");

  /** Whether a path exists. */
  public static final Fact<PathProbe> PATHS =
      Fact.of("files.paths", "whether a path exists (a symbolic link counts, dangling or not)");

  /** Bounded listings of directory trees, symbolic links never followed. */
  public static final Fact<TreeLister> TREES =
      Fact.of("files.trees", "bounded listings of directory trees with sizes and times");

  /** The latest context size recorded at the end of a session transcript. */
  public static final Fact<TranscriptReader> TRANSCRIPTS =
      Fact.of("files.transcripts", "the latest context usage read from a transcript's tail");

  /** The stale-notes nudge's own state, kept in a dotfile of the session's scratch directory. */
  public static final Fact<NudgeStateReader> NUDGE_STATES =
      Fact.of("files.nudge-states", "the stale-notes nudge state of a scratch directory");

  /** The per-session scratch spaces under one parent directory, for the reaper. */
  public static final Fact<SpaceLister> SCRATCH_SPACES =
      Fact.of("files.scratch-spaces", "per-session scratch spaces with their newest change");

  private FileFacts() {}
}
