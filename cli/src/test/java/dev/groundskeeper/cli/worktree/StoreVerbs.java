package dev.groundskeeper.cli.worktree;

import dev.groundskeeper.git.store.AddedWorktree;
import dev.groundskeeper.git.store.WorktreeStore;
import dev.groundskeeper.host.worktree.LaneListing;
import dev.groundskeeper.host.worktree.Listing;
import dev.groundskeeper.host.worktree.PruneReport;
import dev.groundskeeper.host.worktree.Worktrees;
import dev.groundskeeper.rules.worktree.WorktreesConfig;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The worktree verbs as the command runs them (host's {@code Worktrees}), over one store, configuration and clock, for tests that arrange and judge
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

  private Worktrees worktrees() {
    return new Worktrees(store, config, dev.groundskeeper.api.repo.Regenerable.defaults(), clock);
  }

  AddedWorktree add(Path directory, String name, Optional<String> branch) {
    return worktrees().add(directory, name, branch);
  }

  Listing list(Path directory) {
    return worktrees().list(directory);
  }

  List<LaneListing> listAll(Path directory) {
    return worktrees().listAll(directory);
  }

  PruneReport prune(Path directory, boolean dryRun, Set<String> named) {
    return worktrees().prune(directory, dryRun, named);
  }
}
