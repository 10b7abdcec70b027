package dev.groundskeeper.git.files;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.FactsBuilder;
import dev.groundskeeper.api.files.FileFacts;
import dev.groundskeeper.api.files.PathProbe;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Offers every fact of {@link FileFacts} over the real file system of one checkout. Relative
 * paths given to the facts resolve against that checkout's top-level directory.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class FileSystemFacts {

  private FileSystemFacts() {}

  /**
   * Adds the file facts of the checkout at {@code worktreeRoot} to {@code builder}.
   *
   * @param builder the facts being built
   * @param worktreeRoot the checkout's top-level directory
   * @return {@code builder}
   */
  public static FactsBuilder register(FactsBuilder builder, Path worktreeRoot) {
    Objects.requireNonNull(builder, "builder");
    Path root = Objects.requireNonNull(worktreeRoot, "worktreeRoot").toAbsolutePath().normalize();
    PathProbe paths = path -> Files.exists(root.resolve(path), LinkOption.NOFOLLOW_LINKS);
    return builder
        .value(FileFacts.WORKTREE_ROOT, root)
        .value(FileFacts.PATHS, paths)
        .value(FileFacts.TREES, new TreeWalker(root))
        .value(FileFacts.TRANSCRIPTS, new TranscriptTail(root))
        .value(FileFacts.NUDGE_STATES, new NudgeStateFile(root))
        .value(FileFacts.SCRATCH_SPACES, new SpaceScanner(root));
  }
}
