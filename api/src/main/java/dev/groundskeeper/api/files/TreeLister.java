package dev.groundskeeper.api.files;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.util.Set;

/** Lists directory trees within a budget, never following symbolic links. */
@API(status = API.Status.EXPERIMENTAL)
@FunctionalInterface
public interface TreeLister {

  /**
   * The tree below {@code directory} (relative paths resolve against
   * {@link FileFacts#WORKTREE_ROOT}), leaving out the directories named in {@code prune}
   * (paths relative to {@code directory}, {@code /} separators, no trailing slash): they are
   * neither listed nor entered. A missing directory, or a symbolic link in its place, gives
   * {@link TreeListing#missing}. Never throws for what it finds on disk.
   *
   * @param directory the tree's root
   * @param budget how far the listing may go
   * @param prune directories left out
   * @return the listing
   */
  TreeListing list(Path directory, ListingBudget budget, Set<String> prune);

  /**
   * The whole tree below {@code directory}, within the budget.
   *
   * @param directory the tree's root
   * @param budget how far the listing may go
   * @return the listing
   */
  default TreeListing list(Path directory, ListingBudget budget) {
    return list(directory, budget, Set.of());
  }
}
