package dev.groundskeeper.rules.changes;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.Containment;
import dev.groundskeeper.api.repo.LooseCommit;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositoryQueries;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.shell.GitCommand;
import dev.groundskeeper.api.shell.ShellQuoting;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code git worktree prune}: it deletes the record of every unlocked worktree whose directory
 * git no longer finds, and with the record its HEAD, its index and its HEAD's reflog. A directory
 * that was moved rather than deleted is cut off from the repository (its {@code .git} file then
 * points at nothing), and a detached HEAD that no branch, tag or remote-tracking ref contains is
 * left to the next gc. The rule cannot see where a moved directory went, so it judges what the
 * record alone holds: a detached HEAD held nowhere else is refused, with a branch that keeps it
 * and the repair that reconnects a moved directory.
 */
final class PrunedWorktrees {

  private PrunedWorktrees() {}

  static void judge(GitCommand git, String source, Path cwd, Facts facts, List<String> lines,
      Map<String, LooseCommit> keep) {
    String text = git.command().text(source);
    Optional<String> why = Places.unjudgeable(git, cwd);
    if (why.isPresent()) {
      lines.add(Refusals.cannotBeJudged(text, why.get()));
      return;
    }
    List<Path> places = Places.candidates(git.directory(), cwd);
    if (places.size() != 1 || !places.get(0).equals(cwd.normalize())) {
      // the worktree list is the event's repository's: another directory may be another one
      lines.add(Refusals.cannotBeJudged(text, "it runs in another directory than the one"
          + " judged; run it from inside the repository it prunes"));
      return;
    }
    List<Worktree> worktrees = facts.find(RepoFacts.WORKTREES).orElse(null);
    Optional<RepositoryQueries> queries = facts.find(RepoFacts.QUERIES);
    if (worktrees == null || queries.isEmpty()) {
      lines.add(Refusals.nothingKnown("which worktree records it deletes"));
      return;
    }
    for (Worktree worktree : worktrees) {
      if (worktree.main() || worktree.isLocked() || !worktree.isPrunable()
          || !worktree.detached()) {
        continue;
      }
      String head = worktree.head().orElseThrow();
      Containment held = queries.get().containment(head, Set.of());
      if (held.containedElsewhere() && held.complete()) {
        continue;
      }
      LooseCommit tip = new LooseCommit(head, "the detached HEAD of worktree " + worktree.path(),
          true);
      lines.add("- `" + text + "` deletes the record of worktree " + worktree.path() + " ("
          + worktree.prunable().get() + "), whose detached HEAD " + tip.shortId() + " no branch,"
          + " tag or remote-tracking ref holds: the record is all that keeps it. If the"
          + " directory was moved rather than deleted, `git worktree repair <where it is now>`"
          + " reconnects it instead (or `git worktree lock " + ShellQuoting.path(worktree.path()
              .toString()) + "` keeps the record)");
      keep.putIfAbsent(head, tip);
    }
  }
}
