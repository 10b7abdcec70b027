package dev.groundskeeper.host;

import com.google.common.base.Supplier;
import com.google.common.base.Suppliers;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Fact;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.FactsBuilder;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.repo.Regenerable;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.api.repo.WorktreeStoreFacts;
import dev.groundskeeper.git.GitFacts;
import dev.groundskeeper.git.InventoryPass;
import dev.groundskeeper.git.files.FileSystemFacts;
import dev.groundskeeper.git.store.StoreLocation;
import dev.groundskeeper.host.worktree.NotesFolder;
import dev.groundskeeper.rules.branches.BranchLedger;
import dev.groundskeeper.rules.worktree.WorktreesConfig;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/**
 * The one place that composes what rules may know for an event: the clock, where the worktree
 * store lives, and inside a repository the file facts of its checkout and the repository facts of
 * the git module, read with the settings of the {@code branches:} block in force, and the branch
 * rules' ledger kept in the repository's common directory.
 */
final class EventFacts {

  private EventFacts() {}

  /**
   * The facts for judging {@code event}. A decision before a tool call runs (a command, a file
   * write, a sub-agent dispatch, a worktree creation) reads the branch inventory through the guard
   * pass: the refs and the repository's inventory cache, never a full inventory (seed 002,
   * sections 2 and 3). Every other event (a session start, a sweep, a completed command, a stop)
   * reads it in full, starting from the cache and writing back what it judged.
   */
  static Facts compose(Map<String, String> environment, Clock clock, Workspace workspace,
      Policy policy, Event event) {
    FactsBuilder builder = Facts.builder().supplier(Facts.NOW, facts -> clock.instant());
    builder.supplier(Regenerable.FACT, facts -> Host.regenerable(policy.config()));
    StoreLocation.resolve(environment, policy.config().get(WorktreesConfig.spec()))
        .offerTo(builder);
    // The notes folder the store writes into its worktrees, left out of their dirt as prune
    // leaves it out.
    builder.supplier(WorktreeStoreFacts.NOTES,
        facts -> NotesFolder.of(policy.config(), environment));
    if (workspace.root().isPresent()) {
      FileSystemFacts.register(builder, workspace.root().get());
      builder.supplier(BranchLedger.FACT, facts -> BranchLedgerStore.read(
          BranchLedgerStore.fileFor(facts.get(RepoFacts.LAYOUT).commonDir())));
      RepositorySettings settings = policy.config().get(Host.BRANCHES).repositorySettings();
      builder.fallback(new OpenedOnFirstRead(
          () -> GitFacts.forDirectory(workspace.directory(), settings, clock, passFor(event))));
    }
    return builder.build();
  }

  static InventoryPass passFor(Event event) {
    return event instanceof Event.CommandEvent || event instanceof Event.FileWriteEvent
        || event instanceof Event.AgentDispatch || event instanceof Event.WorktreeCreate
        ? InventoryPass.GUARD : InventoryPass.FULL;
  }

  /**
   * Opens the repository only when a rule first reads one of its facts: most hook calls (a file
   * write outside the scratch roots, a plain command) need none, and opening it costs JGit's
   * start-up.
   */
  private static final class OpenedOnFirstRead implements Facts {
    private final Supplier<Facts> repository;

    OpenedOnFirstRead(Supplier<Facts> open) {
      this.repository = Suppliers.memoize(open);
    }

    @Override
    public <T> Optional<T> find(Fact<T> fact) {
      return repository.get().find(fact);
    }
  }
}
