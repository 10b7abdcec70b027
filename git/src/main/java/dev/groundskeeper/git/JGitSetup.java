package dev.groundskeeper.git;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.storage.file.FileBasedConfig;
import org.eclipse.jgit.util.FS;
import org.eclipse.jgit.util.SystemReader;

/**
 * JGit asks the git executable where the system configuration lives the first time it opens a
 * repository (a process spawned inside a hook's budget). This reader answers without a process:
 * no system configuration when {@code GIT_CONFIG_NOSYSTEM} is set, as git does, else
 * {@code /etc/gitconfig}. JGit's own settings file (where it caches a measurement of the file
 * system's timestamp resolution) is kept in memory, so reading a repository never writes under the
 * user's home, and the measurement runs in the background instead of delaying the first read.
 * Installed once, process-wide, before any repository is opened.
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
        FS.FileStoreAttributes.setBackground(true);
        installed = true;
      }
    }
  }

  private static final class NoSpawnSystemReader extends SystemReader.Delegate {

    NoSpawnSystemReader(SystemReader delegate) {
      super(delegate);
    }

    @Override
    public FileBasedConfig openJGitConfig(Config parent, FS fs) {
      return new FileBasedConfig(parent, null, fs) {
        @Override
        public void load() {
          // nothing persisted: see the class comment
        }

        @Override
        public void save() {
          // nothing persisted: see the class comment
        }

        @Override
        public boolean isOutdated() {
          return false;
        }
      };
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
