package dev.groundskeeper.git;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.storage.file.FileBasedConfig;
import org.eclipse.jgit.storage.file.WindowCacheConfig;
import org.eclipse.jgit.util.FS;
import org.eclipse.jgit.util.SystemReader;

/**
 * JGit asks the git executable where the system configuration lives the first time it opens a
 * repository (a process spawned inside a hook's budget). This reader answers without a process:
 * no system configuration when {@code GIT_CONFIG_NOSYSTEM} is set, as git does, else
 * {@code /etc/gitconfig}. Installed once, process-wide, before any repository is opened.
 *
 * <p>JGit's own settings file ({@code $XDG_CONFIG_HOME/jgit/config}) is left to JGit: it caches
 * there, once per file system, a measurement of the timestamp resolution that otherwise costs
 * about 3 s in every new process (measured here). Measuring in the background instead leaves probe
 * files being written inside the repository after a read returns, so it stays off. Where that
 * file cannot be written (a read-only or full home, as in a runner's sandbox), JGit would measure
 * again in every process; there the reader answers JGit's own fallback for every file system
 * instead ({@link UnsavableJGitConfig}): a coarse resolution, which only makes JGit compare the
 * contents of more recently changed files, never trust a stale one.
 */
final class JGitSetup {

  private static final Path SYSTEM_CONFIG = Path.of("/etc/gitconfig");
  private static volatile boolean installed;

  private JGitSetup() {}

  static void ensureInstalled() {
    if (installed) {
      return;
    }
    synchronized (JGitSetup.class) {
      if (!installed) {
        SystemReader current = SystemReader.getInstance();
        if (!(current instanceof NoSpawnSystemReader)) {
          SystemReader.setInstance(new NoSpawnSystemReader(current));
        }
        installCaches();
        installed = true;
      }
    }
  }

  /**
   * JGit's default caches (10 MiB of pack windows, 10 MiB of delta bases) are sized for small
   * repositories: walking ten thousand commits of a repository with wide trees re-inflates the
   * same delta chains over and over. These sizes keep the working set of an inventory in memory.
   */
  private static void installCaches() {
    WindowCacheConfig config = new WindowCacheConfig();
    config.setPackedGitLimit(256L * 1024 * 1024);
    config.setPackedGitWindowSize(64 * 1024);
    config.setDeltaBaseCacheLimit(96 * 1024 * 1024);
    config.install();
  }

  private static final class NoSpawnSystemReader extends SystemReader.Delegate {

    NoSpawnSystemReader(SystemReader delegate) {
      super(delegate);
    }

    @Override
    public FileBasedConfig openJGitConfig(Config parent, FS fs) {
      FileBasedConfig config = super.openJGitConfig(parent, fs);
      File file = config.getFile();
      if (file == null || UnsavableJGitConfig.savable(file.toPath())) {
        return config;
      }
      return new UnsavableJGitConfig(parent, file, fs);
    }

    @Override
    public FileBasedConfig openSystemConfig(Config parent, FS fs) {
      String noSystem = getenv("GIT_CONFIG_NOSYSTEM");
      boolean skip = noSystem != null && !noSystem.isEmpty();
      File file = !skip && Files.isRegularFile(SYSTEM_CONFIG) ? SYSTEM_CONFIG.toFile() : null;
      return new FileBasedConfig(parent, file, fs) {
        @Override
        public void load() throws java.io.IOException, org.eclipse.jgit.errors.ConfigInvalidException {
          if (getFile() != null) {
            super.load();
          }
        }

        @Override
        public boolean isOutdated() {
          return getFile() != null && super.isOutdated();
        }
      };
    }
  }
}
