package dev.groundskeeper.cli.branch;

import dev.groundskeeper.cli.Json;
import dev.groundskeeper.cli.Progress;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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

  @Option(names = "--json", description = "Print what was (or would be) deleted, kept and"
      + " refused as one JSON object.")
  private boolean json;

  @Option(names = "--pretty", description = "With --json: indent the JSON.")
  private boolean pretty;

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
    CleanPlan plan;
    // the slow part on a large repository; erased before anything is printed
    try (Progress progress = context.progress.get()) {
      progress.say("reading the branches");
      BranchInventory inventory;
      try {
        inventory = facts.get(RepoFacts.BRANCHES);
      } catch (FactUnavailableException e) {
        progress.close();
        return fail("the branches could not be read: " + e.getMessage());
      }
      progress.say("judging which branches are finished");
      // Under branches.scope: own a colleague's merged branch on the shared remote is theirs to
      // delete: listed, never pushed away (the dry run and the real run print the same).
      plan = CleanPlan.of(inventory, config, remote, facts);
    }
    ObjectNode report = Json.object().put("dry_run", dryRun || !yes).put("remote", remote)
        .put("remote_name", config.remote());
    ArrayNode finished = report.putArray("finished");
    plan.finished().forEach(r -> finished.addObject().put("branch", r.name())
        .put("tip", r.localTip().get()).put("state", stateWords(r)));
    ArrayNode finishedOnRemote = report.putArray("finished_on_remote");
    ArrayNode keptOnRemote = report.putArray("kept_on_remote");
    ArrayNode held = report.putArray("held");
    for (BranchRecord r : plan.held()) {
      String path = r.worktree().get().toString();
      held.addObject().put("branch", r.name()).put("worktree", path).put("remedy",
          "git worktree remove " + word(path) + " && git branch -d " + word(r.name()));
    }
    Json.strings(report, "others_on_remote",
        plan.othersOnRemote().stream().map(BranchRecord::name).toList());
    ArrayNode deleted = report.putArray("deleted");
    ArrayNode refused = report.putArray("refused");
    report.put("bundle", "").put("message", "");
    if (!plan.othersOnRemote().isEmpty()) {
      say(SafeText.escapeControls(othersLine(plan.othersOnRemote(),
          config.remote())));
    }
    for (BranchRecord record : plan.held()) {
      say(SafeText.escapeControls("Skipped " + record.name() + ": the worktree "
          + record.worktree().get() + " holds it. When nothing in it is needed:"
          + " git worktree remove " + word(record.worktree().get().toString())
          + " && git branch -d " + word(record.name())));
    }
    if (plan.isEmpty()) {
      String nothing = plan.othersOnRemote().isEmpty() ? "No finished branch to delete."
          : "No finished branch of this clone's to delete.";
      report.put("message", nothing);
      say(nothing);
      return done(report, 0);
    }
    if (!plan.finished().isEmpty()) {
      say("Finished branches:");
      for (BranchRecord record : plan.finished()) {
        say("- " + record.name() + " at " + record.localTip().get() + " ("
            + stateWords(record) + ")");
      }
    }
    if (!plan.onRemote().isEmpty()) {
      // The same judgement the real run acts on: the dry run lists exactly what it deletes.
      List<BranchCleaner.RemoteJudgement> judged = context.cleaner().judgeRemote(plan, context.directory,
          policy, facts);
      for (BranchCleaner.RemoteJudgement j : judged) {
        if (j.proven()) {
          finishedOnRemote.addObject().put("branch", j.branch().name())
              .put("tip", j.branch().remoteTip().get()).put("state", stateWords(j.branch()));
        } else {
          keptOnRemote.addObject().put("branch", j.branch().name()).put("why", j.why());
        }
      }
      if (judged.stream().anyMatch(BranchCleaner.RemoteJudgement::proven)) {
        say("Finished branches on " + config.remote() + ":");
        for (BranchCleaner.RemoteJudgement j : judged) {
          if (j.proven()) {
            say("- " + j.branch().name() + " at " + j.branch().remoteTip().get() + " ("
                + stateWords(j.branch()) + ")");
          }
        }
      }
      if (judged.stream().anyMatch(j -> !j.proven())) {
        say("Kept on " + config.remote() + " (its deletion is not proven safe there):");
        for (BranchCleaner.RemoteJudgement j : judged) {
          if (!j.proven()) {
            say(SafeText.escapeControls("- " + j.branch().name() + ": " + j.why()));
          }
        }
      }
    }
    if (dryRun || !yes) {
      String nothing = dryRun ? "Dry run: nothing deleted."
          : context.command("Nothing deleted yet; run `groundskeeper branch clean --yes"
              + (remote ? " --remote" : "") + "` to delete these.");
      report.put("message", nothing);
      say(nothing);
      return done(report, 0);
    }
    BranchCleaner.Report result = context.cleaner().execute(plan, context.directory,
        layout.get(), policy, facts);
    for (BranchCleaner.Line line : result.lines()) {
      if (!line.problem()) {
        say(line.text());
        if (line.text().startsWith(BUNDLE)) {
          report.put("bundle", line.text().substring(BUNDLE.length()));
        } else if (!line.branch().isEmpty()) {
          Json.strings(deleted.addObject().put("branch", line.branch())
              .put("remote", line.remote()), "restore", line.restore());
        }
      } else if (result.status() == BranchCleaner.Status.NOT_RUN) {
        fail(line.text());
      } else {
        context.err.println(SafeText.escapeControls(line.text()));
        refused.addObject().put("branch", line.branch()).put("remote", line.remote())
            .put("why", line.text());
      }
    }
    if (result.status() == BranchCleaner.Status.NOT_RUN) {
      return BranchCommand.CANNOT_RUN;
    }
    report.put("message", result.status() == BranchCleaner.Status.DONE ? "Every deletion done."
        : "Some deletion was refused or failed; see refused.");
    return done(report, result.status() == BranchCleaner.Status.DONE ? 0
        : BranchCommand.PARTLY_DONE);
  }

  /** How the cleaner's line naming the recovery bundle begins. */
  private static final String BUNDLE = "Recovery bundle: ";

  /**
   * A line of the human report; with --json the object says it instead. Branch names and paths
   * in it are someone else's text: no control character reaches the terminal raw (a name with
   * U+009B, which git accepts, did; ControlBytesInNamesTest).
   */
  private void say(String line) {
    if (!json) {
      context.out.println(SafeText.escapeControls(line));
    }
  }

  private int done(ObjectNode report, int code) {
    if (json) {
      context.out.println(Json.text(report, pretty));
    }
    return code;
  }

  private static String stateWords(BranchRecord record) {
    return record.state().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
  }

  /**
   * Nothing was done: the reason on standard error, and with --json also as {@code {"error"}} on
   * standard output, as the worktree verbs do.
   */
  private int fail(String message) {
    context.err.println("groundskeeper branch clean: " + SafeText.escapeControls(message));
    if (json) {
      context.out.println(Json.text(Json.object().put("error", message), pretty));
    }
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
