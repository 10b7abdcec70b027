package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.shell.GitCommand;
import dev.groundskeeper.api.shell.Directory;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Which worktree a directory lies in, and whether a git command acts in the judged one. */
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

  /**
   * True when the event's directory lies in no git repository: no source offers the repository
   * facts (a source that fails throws instead, so this never hides a read error).
   */
  static boolean outsideAnyRepository(Facts facts) {
    return facts.find(RepoFacts.LAYOUT).isEmpty();
  }

  /**
   * True when git would look for its repository somewhere other than where the event happens:
   * another directory ({@code -C}, {@code cd}) or an explicit git directory or work tree.
   */
  static boolean aimedElsewhere(GitCommand git) {
    return !git.directory().isStart() || git.gitDir().isPresent() || git.workTree().isPresent();
  }

  /**
   * Why the repository facts of this event do not describe the repository the command acts on,
   * if they do not: it names another git directory, or runs in a directory that is unknown before
   * it runs or lies outside every checkout of the repository whose facts were read.
   */
  static Optional<String> elsewhere(GitCommand git, Path cwd, Facts facts) {
    if (git.gitDir().isPresent() || git.workTree().isPresent()) {
      return Optional.of("it names its repository with --git-dir, --work-tree, GIT_DIR or"
          + " GIT_WORK_TREE; run it from inside that checkout, without them");
    }
    Directory directory = git.directory();
    if (directory.isStart()) {
      return Optional.empty();
    }
    Optional<Path> where = directory.isCertain()
        ? directory.resolve(cwd, Optional.empty()).map(Path::normalize)
        : Optional.empty();
    if (where.isEmpty()) {
      return Optional.of("the directory it runs in (" + directory + ") is only known when it"
          + " runs; run it from inside the checkout it acts on");
    }
    Optional<Path> checkout = facts.get(RepoFacts.LAYOUT).workTree();
    if (checkout.isPresent() && where.get().startsWith(checkout.get())) {
      return Optional.empty();
    }
    // Any checkout of the same repository reads the same refs and worktrees.
    for (Worktree worktree : facts.get(RepoFacts.WORKTREES)) {
      if (where.get().startsWith(worktree.path())) {
        return Optional.empty();
      }
    }
    return Optional.of("it runs in " + where.get() + ", outside the checkout judged here ("
        + checkout.map(Path::toString).orElse(cwd.toString()) + "); run it from inside the"
        + " checkout it acts on");
  }

}
