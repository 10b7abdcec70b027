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
   * @param file the file to replace; its directory is created when missing
   * @param content the whole new content
   * @param prefix the start of the temporary's name, the same for every writer of this file
   * @param suffix the end of the temporary's name, the same for every writer of this file
   * @param newMode the mode of a new file, such as {@link #READABLE} or {@link #OWNER_ONLY};
   *     ignored without POSIX modes
   * @throws IOException when it cannot be written: the file is then as it was
   */
  public static void replace(Path file, byte[] content, String prefix, String suffix,
      Set<PosixFilePermission> newMode) throws IOException {
    ReplacedFile.replace(file, content, prefix, suffix, newMode);
  }

  /**
   * Removes the temporaries of {@code file}'s writers (named as for {@link #replace}) that were
   * killed before their rename, once long dead, for a run with nothing to write. Never throws.
   *
   * @param file the file whose writers' temporaries are looked for, beside it
   * @param prefix the start of the temporaries' names, as passed to {@link #replace}
   * @param suffix the end of the temporaries' names, as passed to {@link #replace}
   * @return how many it removed; 0 when the directory is missing, full or read-only
   */
  public static int removeLeftovers(Path file, String prefix, String suffix) {
    return ReplacedFile.removeLeftovers(file, prefix, suffix);
  }
}
