package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.shell.DeletedBranch;
import dev.groundskeeper.api.shell.Script;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The refs one command deletes, taken together: a proof that a commit survives must not lean on
 * a ref the same command removes, so a branch and its only holder deleted at once are judged as a
 * whole.
 */
final class Deletions {

  private Deletions() {}

  static Set<String> refsDeletedBy(Script script, String remote) {
    Set<String> refs = new LinkedHashSet<>();
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
