package dev.groundskeeper.git;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The repositories this process has opened, kept so that caches (patch ids, judgements) outlive
 * one event. A few at a time: a long-running server that visits many repositories closes the one
 * it used least recently.
 */
final class GitRepositories {

  private static final int KEPT = 8;

  private static final Map<Path, GitRepository> OPEN = new LinkedHashMap<>(16, 0.75f, true) {
    private static final long serialVersionUID = 1L;

    @Override
    protected boolean removeEldestEntry(Map.Entry<Path, GitRepository> eldest) {
      if (size() > KEPT) {
        eldest.getValue().close();
        return true;
      }
      return false;
    }
  };

  private GitRepositories() {}

  /** The repository holding {@code directory}, or empty outside any repository. */
  static Optional<GitRepository> forDirectory(Path directory) throws IOException {
    Optional<RepositoryLocator.Location> location = RepositoryLocator.locate(directory);
    if (location.isEmpty()) {
      return Optional.empty();
    }
    Path key = location.get().gitDir().toRealPath();
    synchronized (OPEN) {
      GitRepository known = OPEN.get(key);
      if (known != null && known.location().equals(location.get())) {
        return Optional.of(known);
      }
      GitRepository opened = new GitRepository(location.get());
      GitRepository previous = OPEN.put(key, opened);
      if (previous != null) {
        previous.close();
      }
      return Optional.of(opened);
    }
  }

  /** Forgets every open repository and its caches (for tests and benchmarks of cold reads). */
  static void clear() {
    synchronized (OPEN) {
      OPEN.values().forEach(GitRepository::close);
      OPEN.clear();
    }
  }
}
