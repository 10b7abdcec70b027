package dev.groundskeeper.rules.worktree;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.Optional;

/**
 * The last line of a quiet candidate's dossier: what the person should do with it. Ignored files
 * are named because a removal deletes them and only the notes folder is archived.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class Recommendation {

  private static final int SHOWN = 5;

  private Recommendation() {}

  /**
   * The recommendation for one quiet candidate: what to do first (check, commit, move ignored
   * files, open a pull request or reclaim), then which ignored files a removal would take.
   *
   * @param name the worktree's name
   * @param dirty it holds uncommitted work
   * @param ownCommits the number of the branch's commits not on the default branch; empty when
   *     they could not be read
   * @param ignored the ignored paths a removal would delete; empty when git refused the listing
   * @param unrebuildable those of the ignored paths nothing can rebuild: while any is there,
   *     prune keeps the worktree even when it is named, so they must go first
   * @return one line of advice; long lists of paths are cut to five and a count
   */
  public static String of(String name, boolean dirty, Optional<Integer> ownCommits,
      Optional<List<String>> ignored, List<String> unrebuildable) {
    String advice;
    if (ownCommits.isEmpty()) {
      advice = "check its branch for work first";
    } else if (dirty) {
      advice = "commit or discard the changes, then name it";
    } else if (!unrebuildable.isEmpty()) {
      advice = "move what you need of the ignored " + shown(unrebuildable) + " to a tracked"
          + " home or the notes folder and delete the rest (prune keeps a worktree holding"
          + " them), then name it";
    } else if (ownCommits.get() > 0) {
      advice = "open a pull request if the work is wanted, else reclaim with"
          + " groundskeeper worktree prune --yes " + name;
    } else {
      advice = "reclaim with groundskeeper worktree prune --yes " + name;
    }
    return advice + "; " + ignoredNote(ignored);
  }

  private static String ignoredNote(Optional<List<String>> ignored) {
    if (ignored.isEmpty()) {
      return "its ignored files could not be listed";
    }
    List<String> paths = ignored.get();
    if (paths.isEmpty()) {
      return "no ignored files go with it";
    }
    return "a removal also deletes the ignored " + shown(paths);
  }

  private static String shown(List<String> paths) {
    String shown = String.join(", ", paths.subList(0, Math.min(SHOWN, paths.size())));
    return shown + (paths.size() > SHOWN ? " and " + (paths.size() - SHOWN) + " more" : "");
  }
}
