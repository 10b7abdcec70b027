package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.BranchTip;
import dev.groundskeeper.api.repo.Containment;
import dev.groundskeeper.api.repo.Regenerable;
import dev.groundskeeper.api.repo.RemovalLoss;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositoryQueries;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.shell.CreatedBranch;
import dev.groundskeeper.api.shell.DeletedBranch;
import dev.groundskeeper.api.shell.Directory;
import dev.groundskeeper.api.shell.GitCommand;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Shell;
import dev.groundskeeper.api.shell.Word;
import dev.groundskeeper.api.shell.WorktreeRemoval;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Lossless force removal: {@code git branch -D}, {@code branch -d --force} and
 * {@code update-ref -d refs/heads/...} only when every deleted tip survives in a ref the same
 * command does not delete or move; a forced move of an existing branch to a start point
 * ({@code git branch -f b main}, {@code checkout -B}, {@code switch -C}, {@code branch -C},
 * {@code worktree add -B}) drops its old tip and is judged the same way;
 * {@code git worktree remove --force} only when the worktree holds no
 * change, no ignored file that cannot be rebuilt, and a HEAD some remaining ref contains. A plain
 * {@code worktree remove} is judged on its ignored files, which git deletes without asking.
 * Fails closed: what cannot be proven safe is refused, with the way to make it safe.
 */
final class ForceRemovalRule implements Rule {

  static final String ID = "branches.force-removal";

  static final RuleInfo INFO = new RuleInfo(ID, "Lossless force removal",
      "Refuses `git branch -D` and `git worktree remove --force` when a commit, a change or an"
          + " ignored file that cannot be rebuilt would be lost.",
      Mode.BLOCK, java.util.Set.of(Event.CommandEvent.class), "rules/" + ID + ".md");

  private final BranchesConfig config;

  ForceRemovalRule(BranchesConfig config) {
    this.config = config;
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    if (!(event instanceof Event.CommandEvent command)) {
      return Verdict.notApplicable(ID);
    }
    Script script = Shell.parse(command.command());
    // the branches whose tips the command drops: forced deletions, and forced creations that
    // move an existing branch to a given start point (git branch -f b main, checkout -B b x)
    List<Word> dropped = new ArrayList<>();
    List<GitCommand> acting = new ArrayList<>();
    for (DeletedBranch deleted : script.deletedBranches()) {
      if (deleted.forced() && !deleted.remoteTracking()
          && deleted.route() != DeletedBranch.Route.PUSH_DELETE) {
        dropped.add(deleted.name());
        acting.add(deleted.git());
      }
    }
    for (CreatedBranch moved : Deletions.forcedMoves(script)) {
      dropped.add(moved.name());
      acting.add(moved.git());
    }
    List<WorktreeRemoval> removals = script.worktreeRemovals();
    Losses losses = new Losses();
    // what the parser could not read is in no reading: judged by its words, refused if it may
    // delete (a loss-prevention guard fails closed)
    losses.unread = UnreadText.of(script).filter(UnreadText::mayRemove).orElse(null);
    if (dropped.isEmpty() && removals.isEmpty()) {
      return losses.unread == null ? Verdict.notApplicable(ID) : denial(losses);
    }
    removals.forEach(removal -> acting.add(removal.git()));
    if (Checkouts.outsideAnyRepository(facts)) {
      // No repository facts here, yet git may still find one (GIT_DIR in the environment, a
      // -C or cd): a loss-prevention guard refuses what it cannot judge, and says why plainly.
      for (GitCommand git : acting) {
        losses.lines.add("- `" + git.command().text(command.command()) + "` cannot be judged: "
            + command.context().cwd() + " is in no git repository, so nothing proves what it"
            + " would delete; run it from inside the checkout it acts on");
      }
      return denial(losses);
    }
    try {
      for (GitCommand git : acting) {
        Checkouts.elsewhere(git, command.context().cwd(), facts).ifPresent(why -> losses.lines.add(
            "- `" + git.command().text(command.command()) + "` cannot be judged: " + why));
      }
      if (losses.lines.isEmpty()) {
        Set<String> excluded = Deletions.refsDeletedBy(script, config.remote());
        losses.pushing = Pushing.of(facts, config.remote());
        judgeBranches(dropped, excluded, facts, losses);
        judgeWorktrees(removals, excluded, command, facts, losses);
      }
    } catch (FactUnavailableException e) {
      // A loss-prevention guard fails closed: unproven is refused, never waved through.
      losses.lines.add("- nothing could be proven: " + e.getMessage());
    }
    if (losses.lines.isEmpty() && losses.unread == null) {
      return Verdict.allow(ID);
    }
    return denial(losses);
  }

  private static Verdict denial(Losses losses) {
    if (losses.unread != null) {
      losses.lines.add(unreadLine(losses.unread));
    }
    if (losses.unread != null && losses.lines.size() == 1) {
      // nothing else is wrong: the way out is a command that can be read
      return Verdict.deny(ID, BranchPrinciple.appendTo("This cannot be judged, so it is"
          + " refused:\n" + losses.lines.get(0)), new Remedy(unreadRemedy(losses.unread),
              List.of())).withFindings(losses.findings);
    }
    String reason = "This would lose work that exists nowhere else:\n"
        + String.join("\n", losses.lines);
    String noPush = losses.pushing == null || losses.pushing.possible() ? ""
        : " " + losses.pushing.instead();
    String unreadRemedy = losses.unread == null ? "" : " " + unreadRemedy(losses.unread);
    Remedy remedy = new Remedy("Make the work safe first, then delete or move without forcing:"
        + " commit changes, push or merge the commits, move files that must be kept to a"
        + " tracked home (or delete each one deliberately). If it really should go, ask a person,"
        + " who can run the command outside the agent." + noPush + unreadRemedy,
        losses.commands);
    return Verdict.deny(ID, BranchPrinciple.appendTo(reason), remedy)
        .withFindings(losses.findings);
  }

  private static String unreadLine(UnreadText unread) {
    return "- the command could not be read past offset " + unread.problem().offset() + " ("
        + unread.problem().reason() + "), and what follows there (`" + unread.excerpt()
        + "`) may force-delete a branch or remove a worktree: nothing proves what it would"
        + " delete";
  }

  private static String unreadRemedy(UnreadText unread) {
    return "Write the command so that all of it can be read (at offset "
        + unread.problem().offset() + ": " + unread.problem().reason() + "), or run the"
        + " deletion as a command of its own, so that what it deletes can be checked.";
  }

  private static final class Losses {
    /** The part of the command that could not be read, when it may delete; else null. */
    UnreadText unread;
    final List<String> lines = new ArrayList<>();
    final List<String> commands = new ArrayList<>();
    final List<Finding> findings = new ArrayList<>();
    /** Where commits can be pushed; null until the repository's facts are read. */
    Pushing pushing;
  }

  private void judgeBranches(List<Word> dropped, Set<String> excluded, Facts facts,
      Losses losses) {
    if (dropped.isEmpty()) {
      return;
    }
    List<BranchTip> tips = facts.get(RepoFacts.BRANCH_TIPS);
    Optional<BranchInventory> inventory = Scopes.inventory(facts);
    Set<String> names = new LinkedHashSet<>();
    for (Word name : dropped) {
      if (!name.isStatic()) {
        losses.lines.add("- the branch `" + name.source() + "` is only known when the"
            + " command runs, so nothing proves its commits survive");
        losses.findings.add(Finding.of(Finding.Kind.BRANCH, name.source()));
        continue;
      }
      names.add(name.value());
    }
    List<String> tipsToCheck = new ArrayList<>();
    for (String name : names) {
      localTip(tips, name).ifPresent(tipsToCheck::add);
    }
    if (tipsToCheck.isEmpty()) {
      return;
    }
    RepositoryQueries queries = facts.get(RepoFacts.QUERIES);
    var containment = queries.containment(tipsToCheck, excluded);
    for (String name : names) {
      Optional<String> tip = localTip(tips, name);
      if (tip.isEmpty()) {
        continue; // git refuses to delete a branch that does not exist; a move creates it
      }
      Containment held = containment.get(tip.get());
      if (held != null && held.containedElsewhere()) {
        continue;
      }
      // The inventory counts commits ahead of the default branch; some of those may be held by
      // other refs, so the count describes the branch and the claim stays about its tip.
      String ahead = inventory.flatMap(i -> i.find(name)
              .map(BranchRecord::ahead)
              .filter(count -> count.isPresent() && count.getAsInt() > 0)
              .map(count -> " (" + (count.getAsInt() == 1 ? "1 commit"
                  : count.getAsInt() + " commits") + " ahead of " + i.defaultBranch().name() + ")"))
          .orElse("");
      String bound = held != null && !held.complete() ? " (the search stopped at its bound, so"
          + " no holder was proven)" : "";
      losses.lines.add("- branch " + name + " at " + abbreviate(tip.get()) + ahead
          + ": no other branch, tag or remote-tracking ref holds this tip" + bound);
      losses.pushing.secureCommand(name).ifPresent(losses.commands::add);
      losses.findings.add(new Finding(Finding.Kind.BRANCH, name, "tip held nowhere else"));
    }
  }

  private void judgeWorktrees(List<WorktreeRemoval> removals, Set<String> excluded,
      Event.CommandEvent command, Facts facts, Losses losses) {
    if (removals.isEmpty()) {
      return;
    }
    List<Worktree> worktrees = facts.get(RepoFacts.WORKTREES);
    for (WorktreeRemoval removal : removals) {
      Optional<Path> path = removal.path().isStatic()
          ? removal.git().directory().resolveFile(removal.path().value(),
              command.context().cwd(), Optional.empty())
          : Optional.empty();
      if (path.isEmpty()) {
        if (removal.forced()) {
          losses.lines.add("- the worktree `" + removal.path().source() + "` cannot be told"
              + " before the command runs, so nothing proves it holds no work");
          losses.findings.add(Finding.of(Finding.Kind.WORKTREE, removal.path().source()));
        }
        continue;
      }
      Optional<Worktree> worktree = worktrees.stream()
          .filter(w -> w.path().normalize().equals(path.get())).findFirst();
      if (worktree.isEmpty() || worktree.get().main()) {
        continue; // git refuses both
      }
      judgeWorktree(worktree.get(), removal.forced(), excluded, facts, losses);
    }
  }

  private void judgeWorktree(Worktree worktree, boolean forced, Set<String> excluded,
      Facts facts, Losses losses) {
    RepositoryQueries queries = facts.get(RepoFacts.QUERIES);
    // The one removal-loss judgement, shared with prune and branch clean.
    RemovalLoss loss = RemovalLoss.of(queries.status(worktree.path()),
        facts.find(Regenerable.FACT).orElseGet(() -> config.cleanupAfterMerge()
            .regenerable(Regenerable.DEFAULT_SCRATCH_DIRECTORY)));
    List<String> lost = forced ? loss.forcedOnly() : List.of();
    List<String> ignored = loss.ignored();
    List<String> parts = new ArrayList<>();
    if (!lost.isEmpty()) {
      parts.add(count(lost.size(), "changed or untracked file") + " (" + sample(lost) + ")");
      losses.commands.add("git -C " + worktree.path() + " add -A && git -C " + worktree.path()
          + " commit -m \"<what this work is>\"");
    }
    if (!ignored.isEmpty()) {
      parts.add(count(ignored.size(), "ignored file") + " that branches.cleanup_after_merge"
          + ".regenerable does not cover (" + sample(ignored) + ")");
    }
    if (forced && worktree.head().isPresent()) {
      Set<String> without = new LinkedHashSet<>(excluded);
      Containment held = queries.containment(worktree.head().get(), without);
      if (!held.containedElsewhere()) {
        parts.add("the commits at its HEAD " + abbreviate(worktree.head().get())
            + ", which no remaining branch, tag or remote-tracking ref holds");
        // A worktree on a branch loses its HEAD only because the same command deletes that
        // branch: pushing the branch secures both. Only a detached HEAD needs a branch of its own.
        Optional<String> secure = worktree.branch().isPresent()
            ? losses.pushing.secureCommand(worktree.branch().get())
            : Optional.of("git -C " + worktree.path() + " switch -c <name-for-this-work>");
        secure.filter(c -> !losses.commands.contains(c)).ifPresent(losses.commands::add);
      }
    }
    if (!parts.isEmpty()) {
      losses.lines.add("- worktree " + worktree.path() + ": " + String.join("; ", parts));
      losses.findings.add(new Finding(Finding.Kind.WORKTREE, worktree.path().toString(),
          String.join("; ", parts)));
    }
  }

  private static String count(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  private static String sample(List<String> paths) {
    int shown = Math.min(paths.size(), 5);
    String text = String.join(", ", paths.subList(0, shown));
    return paths.size() > shown ? text + ", ..." : text;
  }

  private static Optional<String> localTip(List<BranchTip> tips, String name) {
    return tips.stream().filter(t -> t.name().equals(name)).findFirst()
        .flatMap(BranchTip::localTip);
  }

  static String abbreviate(String sha) {
    return sha.substring(0, Math.min(12, sha.length()));
  }
}
