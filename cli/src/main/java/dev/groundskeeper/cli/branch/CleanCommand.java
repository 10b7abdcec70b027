package dev.groundskeeper.cli.branch;

import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositoryLayout;
import dev.groundskeeper.api.shell.ShellQuoting;
import dev.groundskeeper.host.BranchCleaner;
import dev.groundskeeper.host.Host;
import dev.groundskeeper.rules.branches.BranchesConfig;
import dev.groundskeeper.rules.branches.CleanPlan;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code groundskeeper branch clean}: deletes every local branch the inventory proves finished
 * (merged into the default branch or a line, or patch-equivalent), never the default branch, a
 * line, an exempt or protected branch, a branch a worktree holds, or one the proof did not cover.
 * The plan is the branch rules' ({@link CleanPlan}); the host executes it ({@link BranchCleaner}):
 * a recovery bundle of every branch to delete first, each deletion re-checking its tip, and the
 * remote push judged by the policy in force.
 */
@Command(name = "clean", mixinStandardHelpOptions = true,
    description = {"Deletes the branches that are provably finished, behind a recovery bundle.",
        "",
        "Without --yes it only lists them. With --remote it also deletes their copies on the"
            + " remote, each proven merged there first."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:listed, or every deletion done",
        "1:some deletion was refused or failed (every proven one was done; the message names each refused one and why)",
        "2:nothing was done: not a repository, the inventory unreadable, or the bundle failed"})
final class CleanCommand implements Callable<Integer> {

  private final BranchContext context;

  @Option(names = "--dry-run", description = "List what would be deleted; delete nothing.")
  private boolean dryRun;

  @Option(names = "--yes", description = "Delete without asking again.")
  private boolean yes;

  @Option(names = "--remote", description = "Also delete the remote copies, each proven merged"
      + " on the remote.")
  private boolean remote;

  CleanCommand(BranchContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    Policy policy = context.policy();
    BranchesConfig config = policy.config().get(Host.BRANCHES);
    Facts facts = context.facts(policy);
    Optional<RepositoryLayout> layout = facts.find(RepoFacts.LAYOUT);
    if (layout.isEmpty()) {
      return fail(context.directory + " is not inside a git repository");
    }
    BranchInventory inventory;
    try {
      inventory = facts.get(RepoFacts.BRANCHES);
    } catch (FactUnavailableException e) {
      return fail("the branches could not be read: " + e.getMessage());
    }
    // Under branches.scope: own a colleague's merged branch on the shared remote is theirs to
    // delete: listed, never pushed away (the dry run and the real run print the same).
    CleanPlan plan = CleanPlan.of(inventory, config, remote, facts);
    if (!plan.othersOnRemote().isEmpty()) {
      context.out.println(SafeText.escapeControls(othersLine(plan.othersOnRemote(),
          config.remote())));
    }
    for (BranchRecord record : plan.held()) {
      context.out.println(SafeText.escapeControls("Skipped " + record.name() + ": the worktree "
          + record.worktree().get() + " holds it. When nothing in it is needed:"
          + " git worktree remove " + word(record.worktree().get().toString())
          + " && git branch -d " + word(record.name())));
    }
    if (plan.isEmpty()) {
      context.out.println(plan.othersOnRemote().isEmpty() ? "No finished branch to delete."
          : "No finished branch of this clone's to delete.");
      return 0;
    }
    if (!plan.finished().isEmpty()) {
      context.out.println("Finished branches:");
      for (BranchRecord record : plan.finished()) {
        context.out.println("- " + record.name() + " at " + record.localTip().get() + " ("
            + stateWords(record) + ")");
      }
    }
    if (!plan.onRemote().isEmpty()) {
      // The same judgement the real run acts on: the dry run lists exactly what it deletes.
      List<BranchCleaner.RemoteJudgement> judged = context.cleaner().judgeRemote(plan, context.directory,
          policy, facts);
      if (judged.stream().anyMatch(BranchCleaner.RemoteJudgement::proven)) {
        context.out.println("Finished branches on " + config.remote() + ":");
        for (BranchCleaner.RemoteJudgement j : judged) {
          if (j.proven()) {
            context.out.println("- " + j.branch().name() + " at " + j.branch().remoteTip().get() + " ("
                + stateWords(j.branch()) + ")");
          }
        }
      }
      if (judged.stream().anyMatch(j -> !j.proven())) {
        context.out.println("Kept on " + config.remote() + " (its deletion is not proven safe there):");
        for (BranchCleaner.RemoteJudgement j : judged) {
          if (!j.proven()) {
            context.out.println(SafeText.escapeControls("- " + j.branch().name() + ": " + j.why()));
          }
        }
      }
    }
    if (dryRun || !yes) {
      context.out.println(dryRun ? "Dry run: nothing deleted."
          : context.command("Nothing deleted yet; run `groundskeeper branch clean --yes"
              + (remote ? " --remote" : "") + "` to delete these."));
      return 0;
    }
    BranchCleaner.Report report = context.cleaner().execute(plan, context.directory,
        layout.get(), policy, facts);
    for (BranchCleaner.Line line : report.lines()) {
      if (!line.problem()) {
        context.out.println(line.text());
      } else if (report.status() == BranchCleaner.Status.NOT_RUN) {
        fail(line.text());
      } else {
        context.err.println(line.text());
      }
    }
    return switch (report.status()) {
      case DONE -> 0;
      case PARTLY_DONE -> BranchCommand.PARTLY_DONE;
      case NOT_RUN -> BranchCommand.CANNOT_RUN;
    };
  }

  private static String stateWords(BranchRecord record) {
    return record.state().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
  }

  private int fail(String message) {
    context.err.println("groundskeeper branch clean: " + message);
    return BranchCommand.CANNOT_RUN;
  }

  private static String word(String text) {
    return ShellQuoting.word(text);
  }

  /** How many names of others' branches the line shows; the rest are counted. */
  static final int OTHERS_SHOWN = 5;

  static String othersLine(List<BranchRecord> others, String remoteName) {
    List<String> names = others.stream().limit(OTHERS_SHOWN).map(BranchRecord::name).toList();
    return "Others' work on " + remoteName + " (branches.scope: own; not deleted): "
        + others.size() + (others.size() == 1 ? " finished branch" : " finished branches")
        + " of other people: " + String.join(", ", names)
        + (others.size() > names.size() ? " and " + (others.size() - names.size()) + " more"
            : "")
        + ". They are their authors' to delete; branches.scope: all deletes them here too.";
  }
}
