package dev.groundskeeper.cli.worktree;

import dev.groundskeeper.git.store.AddedWorktree;
import dev.groundskeeper.git.store.WorktreeStore;
import dev.groundskeeper.rules.worktree.WorktreesConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The worktree verbs as the command runs them (the name judged, then the store's primitive; the
 * lister; the pruner), over one store, configuration and clock, for tests that arrange and judge
 * real lanes without the command's text.
 */
final class StoreVerbs {

  final WorktreeStore store;
  final WorktreesConfig config;
  final Clock clock;

  StoreVerbs(WorktreeStore store, WorktreesConfig config, Clock clock) {
    this.store = store;
    this.config = config;
    this.clock = clock;
  }

  AddedWorktree add(Path directory, String name, Optional<String> branch) {
    StoreJudgements.requireUsableName(name);
    return store.add(directory, name, branch);
  }

  Listing list(Path directory) {
    return new WorktreeLister(store).list(directory);
  }

  List<LaneListing> listAll(Path directory) {
    return new WorktreeLister(store).listAll(directory);
  }

  PruneReport prune(Path directory, boolean dryRun, Set<String> named) {
    return new WorktreePruner(store, config, dev.groundskeeper.api.repo.Regenerable.defaults(), clock)
        .run(directory, dryRun, named);
  }
}
