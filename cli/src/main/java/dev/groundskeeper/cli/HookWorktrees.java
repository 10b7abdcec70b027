package dev.groundskeeper.cli;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.repo.RepoEffect;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.host.Workspace;
import dev.groundskeeper.host.worktree.Worktrees;
import java.time.Instant;
import java.util.List;

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
    Worktrees.RunnerWorktree added = Worktrees.of(policy.config(), invocation.environment(),
        invocation.clock()).addForRunner(workspace.directory(), create.name(),
        facts.find(RepoFacts.WORKTREES).orElse(List.of()));
    if (added.path().isEmpty()) {
      return refused(create, added.refusal());
    }
    added.createdBranch().ifPresent(branch ->
        recordCreator(create, branch, invocation, workspace, facts));
    return new HookReply(added.path().get().toString(), "", 0);
  }

  /**
   * Seed 002: the runner's worktree branch gets its creator record with an empty agent (the
   * first agent working in it binds itself by touching it), so the stop guard follows it. A
   * record that cannot be written loses nothing but that judgement, so it never fails the hook.
   */
  private static void recordCreator(Event.WorktreeCreate create, String branch,
      Invocation invocation, Workspace workspace, Facts facts) {
    Instant now = facts.find(Facts.NOW).orElseGet(Instant::now);
    invocation.host().effects().perform(List.of(new RepoEffect.RecordCreator(
        branch, create.context().sessionId() + ":", now, "worktree_create")), workspace,
        facts);
  }

  private static HookReply refused(Event.WorktreeCreate create, String why) {
    return new HookReply("", "groundskeeper: cannot create worktree '" + create.name() + "': "
        + why, REFUSED);
  }
}
