package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.Containment;
import dev.groundskeeper.api.repo.RepoEffect;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.shell.GitCommand;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * After a successful {@code git merge <branch>} into the default branch or an integration line:
 * the merged branch is finished, so its deletion is printed ({@code advise}) or done
 * ({@code act}, the local branch only, through the executor's tip re-check). Only a branch whose
 * tip the checkout's branch now contains is acted on; a branch a worktree holds is never deleted
 * here, because removing a worktree also deletes its ignored files. The remote deletion is always
 * printed to run later: the merge target is usually not pushed yet.
 */
final class CleanupAfterMergeRule implements Rule {

  static final String ID = "branches.cleanup-after-merge";

  static final RuleInfo INFO = new RuleInfo(ID, "Cleanup after merge",
      "After a merge into the default branch or an integration line, prints (advise) or runs"
          + " (act) the local deletion of the merged branch, with its restore line and the"
          + " remote deletion to run after pushing.",
      Mode.ADVISE, Set.of(Event.CommandCompleted.class), "rules/" + ID + ".md");

  private final BranchesConfig config;

  CleanupAfterMergeRule(BranchesConfig config) {
    this.config = config;
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    if (!(event instanceof Event.CommandCompleted completed) || !completed.succeeded()) {
      return Verdict.notApplicable(ID);
    }
    Script script = completed.script(facts);
    List<GitCommand> merges = new ArrayList<>();
    for (GitCommand git : script.gitCommands()) {
      if (git.is("merge") && !git.arguments().has("--abort", "--quit", "--continue", "--skip")
          && !git.arguments().operands().isEmpty()) {
        merges.add(git);
      }
    }
    if (merges.isEmpty()) {
      return Verdict.notApplicable(ID);
    }
    Scope scope = Scopes.of(config, facts);
    List<Worktree> worktrees = facts.get(RepoFacts.WORKTREES);
    BranchInventory inventory = facts.get(RepoFacts.BRANCHES);
    boolean act = config.cleanupAfterMerge().mode().equals(Mode.ACT);
    List<String> lines = new ArrayList<>();
    List<String> commands = new ArrayList<>();
    List<Effect> effects = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    for (GitCommand merge : merges) {
      Optional<String> target = Checkouts.holding(worktrees, merge.directory(),
          completed.context().cwd()).flatMap(Worktree::branch);
      if (target.isEmpty() || scope.role(target.get()) != Scope.Role.DEFAULT
          && scope.role(target.get()) != Scope.Role.LINE) {
        continue;
      }
      for (Word operand : merge.arguments().operands()) {
        Optional<BranchRecord> merged = operand.isStatic() ? localBranch(inventory,
            operand.value()) : Optional.empty();
        if (merged.isEmpty() || scope.isProtected(merged.get().name())) {
          continue;
        }
        cleanup(merged.get(), target.get(), act, facts, lines, commands, effects, findings);
      }
    }
    if (lines.isEmpty()) {
      return Verdict.allow(ID);
    }
    String reason = String.join("\n", lines);
    Verdict verdict = Verdict.advise(ID, reason).withFindings(findings).withEffects(effects);
    return commands.isEmpty() ? verdict
        : verdict.withRemedy(new Remedy("Finish the cleanup:", commands));
  }

  private static Optional<BranchRecord> localBranch(BranchInventory inventory, String operand) {
    Optional<BranchRecord> direct = inventory.find(operand).filter(r -> r.localTip().isPresent());
    if (direct.isPresent()) {
      return direct;
    }
    String remotePrefix = inventory.remote() + "/";
    return operand.startsWith(remotePrefix)
        ? inventory.find(operand.substring(remotePrefix.length()))
            .filter(r -> r.localTip().isPresent())
        : Optional.empty();
  }

  private void cleanup(BranchRecord branch, String target, boolean act, Facts facts,
      List<String> lines, List<String> commands, List<Effect> effects, List<Finding> findings) {
    String name = branch.name();
    String tip = branch.localTip().orElseThrow();
    Containment held = facts.get(RepoFacts.QUERIES).containment(tip, Set.of());
    if (!held.containingRefs().contains("refs/heads/" + target)) {
      if (branch.state() == dev.groundskeeper.api.repo.BranchState.PATCH_EQUIVALENT) {
        lines.add(name + " has its changes in " + target + " but not its commits;"
            + " `groundskeeper branch clean` deletes it behind a recovery bundle.");
        commands.add("groundskeeper branch clean");
      }
      return;
    }
    findings.add(new Finding(Finding.Kind.BRANCH, name, "merged into " + target));
    String restore = "git branch " + BranchLines.word(name) + " " + tip;
    if (branch.worktree().isPresent()) {
      lines.add(name + " is merged into " + target + "; a worktree holds it, so remove the"
          + " worktree when nothing in it is needed, then delete the branch.");
      commands.add("git worktree remove "
          + BranchLines.word(branch.worktree().get().toString()));
      commands.add("git branch -d " + BranchLines.word(name));
    } else if (act) {
      effects.add(new RepoEffect.DeleteBranch(name, tip));
      lines.add(name + " is merged into " + target + " and its local branch is deleted"
          + " (restore: " + restore + ").");
    } else {
      lines.add(name + " is merged into " + target + "; delete it (restore: " + restore + ").");
      commands.add("git branch -d " + BranchLines.word(name));
    }
    if (branch.remoteTip().isPresent() && !Owners.of(config, facts).judges(name)) {
      // branches.remote-delete refuses someone else's branch under scope: own
      lines.add("Its copy on " + config.remote() + " is someone else's work (branches.scope:"
          + " own): leave it for its owner to delete.");
    } else if (branch.remoteTip().isPresent()) {
      lines.add("After pushing " + target + ", delete it on " + config.remote() + " too.");
      commands.add("git push " + BranchLines.word(config.remote()) + " --delete "
          + BranchLines.word(name));
    }
  }
}
