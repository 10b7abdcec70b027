package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.shell.CreatedBranch;
import dev.groundskeeper.api.shell.DeletedBranch;
import dev.groundskeeper.api.shell.Script;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The refs one command deletes or moves away, taken together: a proof that a commit survives must
 * not lean on a ref the same command removes, so a branch and its only holder deleted at once are
 * judged as a whole. A forced move of an existing branch to a start point
 * ({@code git branch -f b main}, {@code checkout -B b x}) drops the branch's old tip as a
 * deletion does.
 */
final class Deletions {

  private Deletions() {}

  /**
   * The forced creations that move an existing branch to a given start point; without one
   * ({@code checkout -B b}) the branch moves to HEAD, which the reading does not know.
   */
  static List<CreatedBranch> forcedMoves(Script script) {
    List<CreatedBranch> moves = new ArrayList<>();
    for (CreatedBranch created : script.createdBranches()) {
      if (created.force() && !created.dwim() && created.startPoint().isPresent()) {
        moves.add(created);
      }
    }
    return moves;
  }

  static Set<String> refsDeletedBy(Script script, String remote) {
    Set<String> refs = new LinkedHashSet<>();
    for (CreatedBranch moved : forcedMoves(script)) {
      refs.add("refs/heads/" + moved.name().value());
    }
    for (DeletedBranch deleted : script.deletedBranches()) {
      String name = deleted.name().value();
      switch (deleted.route()) {
        case PUSH_DELETE -> refs.add("refs/remotes/" + deleted.remote().orElse(remote) + "/"
            + name);
        case BRANCH_DELETE, UPDATE_REF -> refs.add(deleted.remoteTracking()
            ? "refs/remotes/" + name : "refs/heads/" + name);
      }
    }
    return refs;
  }
}
