package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.files.FileFacts;
import dev.groundskeeper.api.files.PathProbe;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositoryLayout;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.repo.WorktreeStatus;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a patch file lands, as git sees the path, decided from the repository's facts: the
 * worktree list, the status of the worktree holding the path (untracked and ignored entries, a
 * directory standing for everything under it), whether the path exists, and git's own directory.
 * A path that exists, lies in a worktree and that status lists neither as untracked nor as
 * ignored is tracked; so is one status lists as changed or deleted. A path that does not exist
 * yet, and the files format-patch writes into a directory, are new, so not tracked. One instance
 * serves one event, so each worktree's status is read once.
 */
final class Destinations {

  /** What git makes of a destination. */
  enum Kind {
    /** In a worktree, and git tracks it: the patch lands in history's reach. */
    TRACKED("tracked by git"),
    /** In a worktree, and git does not track it. */
    UNTRACKED("not tracked by git"),
    /**
     * In a worktree, and nothing is there yet: the file will be new, so not tracked (whether git
     * would also ignore it makes no difference to an evacuation).
     */
    NEW("a new file git does not track"),
    /** In a worktree, and git ignores it. */
    IGNORED("ignored by git"),
    /** In git's own directory, which no commit holds. */
    GIT_DIRECTORY("inside git's own directory"),
    /** In no worktree of the repository. */
    OUTSIDE("outside the repository"),
    /** The facts could not say; an evacuation guard counts it, to fail closed. */
    UNKNOWN("where git's view of it could not be read");

    final String words;

    Kind(String words) {
      this.words = words;
    }

    /** True for a destination git keeps no history of: a patch there is evacuated work. */
    boolean outsideHistory() {
      return this != TRACKED;
    }
  }

  private final Facts facts;
  private final Map<Path, Optional<WorktreeStatus>> statuses = new HashMap<>();

  Destinations(Facts facts) {
    this.facts = facts;
  }

  /**
   * What git makes of {@code target}; {@code directory} is true when files are written into it
   * (format-patch's output directory), which makes them new files whatever the directory holds.
   */
  Kind of(Path target, boolean directory) {
    Path path = target.normalize();
    try {
      if (insideGitDirectory(path)) {
        return Kind.GIT_DIRECTORY;
      }
      Optional<Worktree> holder = Checkouts.holding(facts.get(RepoFacts.WORKTREES), path);
      if (holder.isEmpty()) {
        return Kind.OUTSIDE;
      }
      Optional<WorktreeStatus> status = status(holder.get().path().normalize());
      if (status.isEmpty()) {
        return Kind.UNKNOWN;
      }
      String relative = slashes(holder.get().path().normalize().relativize(path));
      if (listed(status.get().ignored(), relative)) {
        return Kind.IGNORED;
      }
      if (listed(status.get().untracked(), relative)) {
        return Kind.UNTRACKED;
      }
      if (directory) {
        return Kind.NEW;
      }
      if (status.get().staged().contains(relative) || status.get().modified().contains(relative)) {
        return Kind.TRACKED;
      }
      Optional<PathProbe> probe = facts.find(FileFacts.PATHS);
      if (probe.isEmpty()) {
        return Kind.UNKNOWN;
      }
      return probe.get().exists(path) ? Kind.TRACKED : Kind.NEW;
    } catch (FactUnavailableException e) {
      return Kind.UNKNOWN;
    }
  }

  private boolean insideGitDirectory(Path path) {
    Optional<RepositoryLayout> layout = facts.find(RepoFacts.LAYOUT);
    return layout.isPresent() && (path.startsWith(layout.get().commonDir().normalize())
        || path.startsWith(layout.get().gitDir().normalize()));
  }

  private Optional<WorktreeStatus> status(Path worktree) {
    return statuses.computeIfAbsent(worktree, w -> {
      try {
        return Optional.of(facts.get(RepoFacts.QUERIES).status(w));
      } catch (FactUnavailableException e) {
        return Optional.empty(); // no status, no proof that git tracks the path
      }
    });
  }

  /** True when {@code entries} name the path itself or a directory ({@code dir/}) holding it. */
  private static boolean listed(List<String> entries, String relative) {
    for (String entry : entries) {
      if (entry.equals(relative) || entry.endsWith("/")
          && (relative.startsWith(entry) || relative.equals(entry.substring(0,
              entry.length() - 1)))) {
        return true;
      }
    }
    return false;
  }

  private static String slashes(Path relative) {
    return relative.toString().replace('\\', '/');
  }
}
