package dev.groundskeeper.git;

import java.io.File;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.eclipse.jgit.errors.ConfigInvalidException;
import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.lib.ConfigConstants;
import org.eclipse.jgit.storage.file.FileBasedConfig;
import org.eclipse.jgit.util.FS;

/**
 * JGit's settings file where it cannot be saved: as read, plus JGit's fallback timestamp
 * resolution for each file system it does not name, so that JGit takes that instead of measuring
 * (about 3 s) in every process only to fail to keep the figure. The fallback (2 s, JGit's own
 * {@code FileStoreAttributes.FALLBACK_TIMESTAMP_RESOLUTION}) is the safe side of the measurement:
 * a file changed within it is compared by content rather than trusted by its timestamp.
 */
final class UnsavableJGitConfig extends FileBasedConfig {

  /** Below this much free space a save fails as surely as on a read-only directory. */
  private static final long FULL = 1024 * 1024;

  /**
   * JGit's key for a file system's section ({@code FS.FileStoreAttributes.getConfigKey}, off
   * Windows): private there, so a test in a fresh process holds this copy to what JGit reads.
   */
  static String key(FileStore store) {
    return System.getProperty("java.vendor") + '|' + System.getProperty("java.version") + '|'
        + store.name();
  }

  UnsavableJGitConfig(Config parent, File file, FS fs) {
    super(parent, file, fs);
  }

  /**
   * Whether JGit could save its settings at {@code file}: a save writes a lock file beside it and
   * renames it over, so the nearest directory that exists above it must be writable (as must the
   * file, when it exists), and its file system not full.
   */
  static boolean savable(Path file) {
    if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)
        && !(Files.isRegularFile(file) && Files.isWritable(file))) {
      return false;
    }
    Path existing = file.getParent();
    while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
      existing = existing.getParent();
    }
    if (existing == null || !Files.isDirectory(existing) || !Files.isWritable(existing)) {
      return false;
    }
    try {
      return Files.getFileStore(existing).getUsableSpace() >= FULL;
    } catch (IOException e) {
      return false;
    }
  }

  @Override
  public void load() throws IOException, ConfigInvalidException {
    if (getFile().isFile()) {
      super.load();
    }
    for (FileStore store : FileSystems.getDefault().getFileStores()) {
      String key = key(store);
      if (getString(ConfigConstants.CONFIG_FILESYSTEM_SECTION, key,
          ConfigConstants.CONFIG_KEY_TIMESTAMP_RESOLUTION) == null) {
        setString(ConfigConstants.CONFIG_FILESYSTEM_SECTION, key,
            ConfigConstants.CONFIG_KEY_TIMESTAMP_RESOLUTION, "2 seconds");
      }
    }
  }

  @Override
  public void save() throws IOException {
    // nothing can be kept here; JGit only saves its measurement, which it no longer makes
  }
}
