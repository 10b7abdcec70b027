package dev.groundskeeper.host;

import dev.groundskeeper.api.API;
import dev.groundskeeper.git.files.ReplacedFile;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Whole-file replacement for files a verb writes outside every workspace (a runner's settings,
 * the trust list): the git module's {@link ReplacedFile}, so the CLI writes them as the rest of
 * the tool does (same-directory temporary, forced to the disk, one rename, a killed writer's
 * temporary removed by the next write) without a copy of its own.
 */
@API(status = API.Status.INTERNAL)
public final class ReplacedFiles {

  /** rw-r--r--: what settings files usually are. */
  public static final Set<PosixFilePermission> READABLE =
      PosixFilePermissions.fromString("rw-r--r--");
  /** rw-------: a file only its owner may read. */
  public static final Set<PosixFilePermission> OWNER_ONLY =
      PosixFilePermissions.fromString("rw-------");

  private ReplacedFiles() {}

  /**
   * Replaces (or creates) {@code file} with {@code content} through a temporary named
   * {@code prefix}, random digits, {@code suffix} beside it; an existing file keeps its mode, a
   * new one gets {@code newMode}. A reader sees the old file or the new one, never part of either.
   *
   * @throws IOException when it cannot be written: the file is then as it was
   */
  public static void replace(Path file, byte[] content, String prefix, String suffix,
      Set<PosixFilePermission> newMode) throws IOException {
    ReplacedFile.replace(file, content, prefix, suffix, newMode);
  }

  /**
   * Removes the temporaries of {@code file}'s writers (named as for {@link #replace}) that were
   * killed before their rename, once long dead, for a run with nothing to write. Never throws;
   * returns how many it removed.
   */
  public static int removeLeftovers(Path file, String prefix, String suffix) {
    return ReplacedFile.removeLeftovers(file, prefix, suffix);
  }
}
