package dev.groundskeeper.cli;

import dev.groundskeeper.host.worktree.Worktrees;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.repo.RepoEffect;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.host.Workspace;
import dev.groundskeeper.git.store.AddedWorktree;
import dev.groundskeeper.git.store.StoreLocation;
import dev.groundskeeper.git.store.StoreRefusal;
import dev.groundskeeper.git.store.WorktreeStore;
import dev.groundskeeper.rules.worktree.WorktreeNames;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Claude Code's WorktreeCreate hook hands the whole creation to the hook: when no rule refuses,
 * the worktree is added to the machine's store exactly as {@code groundskeeper worktree add}
 * would, and its absolute path is the answer.
 */
final class HookWorktrees {

  /** A refusal Claude Code shows: the creation fails with the reason. */
  static final int REFUSED = 2;

  private HookWorktrees() {}

  static HookReply create(Event.WorktreeCreate create, Invocation invocation, Workspace workspace,
      Policy policy, Facts facts) {
    if (workspace.root().isEmpty()) {
      return refused(create, workspace.directory() + " is not inside a git repository");
    }
    // Claude Code's names are free text; the store takes one plain segment, so an unusable name
    // becomes the store's suggestion for it rather than a refusal.
    String name = WorktreeNames.problem(create.name()).isEmpty()
        ? create.name()
        : WorktreeNames.suggest(create.name()).orElse("");
    if (name.isEmpty()) {
      return refused(create, "no worktree name can be made of it");
    }
    WorktreeStore store = Worktrees.store(policy.config(), invocation.environment());
    try {
      AddedWorktree added = store.add(workspace.directory(), name, Optional.empty());
      if (added.createdBranch()) {
        recordCreator(create, added, invocation, workspace, facts);
      }
      return new HookReply(added.path().toString(), "", 0);
    } catch (StoreRefusal refusal) {
      // Claude Code may fire the hook again for a worktree it already asked for: answering the
      // existing path keeps that idempotent (seed 002), where a refusal would fail the session.
      Optional<Path> existing = existing(facts, store.location(), name);
      return existing.map(path -> new HookReply(path.toString(), "", 0))
          .orElseGet(() -> refused(create, refusal.getMessage()));
    }
  }

  /**
   * Seed 002: the runner's worktree branch gets its creator record with an empty agent (the
   * first agent working in it binds itself by touching it), so the stop guard follows it. A
   * record that cannot be written loses nothing but that judgement, so it never fails the hook.
   */
  private static void recordCreator(Event.WorktreeCreate create, AddedWorktree added,
      Invocation invocation, Workspace workspace, Facts facts) {
    Instant now = facts.find(Facts.NOW).orElseGet(Instant::now);
    invocation.host().effects().perform(List.of(new RepoEffect.RecordCreator(
        added.branch(), create.context().sessionId() + ":", now, "worktree_create")), workspace,
        facts);
  }

  /** This repository's worktree named {@code name} in the store, if git lists one. */
  private static Optional<Path> existing(Facts facts, StoreLocation location, String name) {
    Path store = real(location.worktrees());
    for (Worktree worktree : facts.find(RepoFacts.WORKTREES).orElse(List.of())) {
      Path path = real(worktree.path());
      Path lane = path.getParent();
      if (path.getFileName() != null && path.getFileName().toString().equals(name)
          && lane != null && store.equals(lane.getParent())) {
        return Optional.of(path);
      }
    }
    return Optional.empty();
  }

  private static Path real(Path path) {
    try {
      return path.toRealPath();
    } catch (IOException e) {
      return path.toAbsolutePath().normalize();
    }
  }

  private static HookReply refused(Event.WorktreeCreate create, String why) {
    return new HookReply("", "groundskeeper: cannot create worktree '" + create.name() + "': "
        + why, REFUSED);
  }
}
