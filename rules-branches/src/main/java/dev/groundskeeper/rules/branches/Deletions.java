package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.shell.CreatedBranch;
import dev.groundskeeper.api.shell.DeletedBranch;
import dev.groundskeeper.api.shell.DroppedRef;
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
 * deletion does, and so does every {@link DroppedRef} (a rename over a branch, an
 * {@code update-ref} move, a tag deleted or forced, a push to the repository itself, a forced
 * fetch refspec).
 */
final class Deletions {

  private Deletions() {}

  /**
   * The forced creations that move an existing branch: to a given start point, or without one
   * ({@code checkout -B b}, {@code branch -f b}) to HEAD, which drops the old tip unless HEAD is
   * on that very branch (the rule checks HEAD; the reading cannot).
   */
  static List<CreatedBranch> forcedMoves(Script script) {
    List<CreatedBranch> moves = new ArrayList<>();
    for (CreatedBranch created : script.createdBranches()) {
      if (created.force() && !created.dwim()) {
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
    for (DroppedRef dropped : script.droppedRefs()) {
      refs.add(dropped.ref().value());
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
