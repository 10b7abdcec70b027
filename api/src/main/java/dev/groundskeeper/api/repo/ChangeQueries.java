package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Questions about uncommitted work, answered by the git module (one status read per worktree and
 * event) so that the rules that judge discarding commands stay pure.
 */
@API(status = API.Status.EXPERIMENTAL)
public interface ChangeQueries {

  /**
   * What the worktree holding {@code directory} has that no commit holds: tracked changes with
   * their line counts, untracked and ignored files, and the stash entries. Empty when
   * {@code directory} lies in no worktree.
   */
  Optional<WorktreeChanges> changes(Path directory);

  /**
   * The paths {@code git clean} would delete when run in {@code directory} with {@code options}
   * (only {@code -d}, {@code -x}, {@code -X}, {@code -f} and {@code -e <pattern>} are accepted)
   * and {@code pathspecs}, as git's own dry run lists them: relative to the worktree's top level,
   * a directory ending in {@code /}.
   *
   * @throws IllegalArgumentException for an option other than those
   */
  List<String> cleanPreview(Path directory, List<String> options, List<String> pathspecs);
}
