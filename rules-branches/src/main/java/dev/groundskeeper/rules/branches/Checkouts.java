package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.shell.Directory;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Which worktree a directory lies in. */
final class Checkouts {

  private Checkouts() {}

  /** The worktree holding {@code directory}: the one with the longest path that contains it. */
  static Optional<Worktree> holding(List<Worktree> worktrees, Path directory) {
    Path normalized = directory.normalize();
    Worktree best = null;
    for (Worktree worktree : worktrees) {
      Path root = worktree.path().normalize();
      if (normalized.startsWith(root)
          && (best == null || root.getNameCount() > best.path().normalize().getNameCount())) {
        best = worktree;
      }
    }
    return Optional.ofNullable(best);
  }

  /** The worktree a command running in {@code directory} (of a script started in cwd) works in. */
  static Optional<Worktree> holding(List<Worktree> worktrees, Directory directory, Path cwd) {
    return directory.resolve(cwd, Optional.empty()).flatMap(path -> holding(worktrees, path));
  }
}
