package dev.groundskeeper.rules.changes;

import dev.groundskeeper.api.shell.Directory;
import dev.groundskeeper.api.shell.GitCommand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Where a command acts: the directories it may run in, as the shell model's chain says. */
final class Places {

  private Places() {}

  /**
   * The directories a command in {@code directory} may run in, for a script started in
   * {@code cwd}: one when the chain is certain, the start and the target when a move may have
   * failed ({@code cd x; git reset --hard}), none when the target is only known when it runs.
   */
  static List<Path> candidates(Directory directory, Path cwd) {
    if (directory.certainty() == Directory.Certainty.UNKNOWN) {
      return List.of();
    }
    Optional<Path> target = directory.resolve(cwd, Optional.empty());
    if (target.isEmpty()) {
      return List.of(); // through ~, which a pure rule cannot resolve
    }
    List<Path> places = new ArrayList<>();
    places.add(target.get());
    if (!directory.isCertain() && !target.get().equals(cwd.normalize())) {
      places.add(cwd.normalize());
    }
    return places;
  }

  /** Why a git command cannot be judged from its text, if it cannot. */
  static Optional<String> unjudgeable(GitCommand git, Path cwd) {
    if (git.gitDir().isPresent() || git.workTree().isPresent()) {
      return Optional.of("it names its repository with --git-dir, --work-tree, GIT_DIR or"
          + " GIT_WORK_TREE; run it from inside that checkout, without them");
    }
    if (candidates(git.directory(), cwd).isEmpty()) {
      return Optional.of("the directory it runs in is only known when it runs; run it from"
          + " inside the checkout it acts on (cd <checkout> && ...)");
    }
    return Optional.empty();
  }
}
