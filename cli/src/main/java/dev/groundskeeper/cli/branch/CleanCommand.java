package dev.groundskeeper.cli.branch;

import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.RepoEffect;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositoryLayout;
import dev.groundskeeper.api.shell.ShellQuoting;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.host.EffectReport;
import dev.groundskeeper.host.GitCommand;
import dev.groundskeeper.host.Host;
import dev.groundskeeper.rules.branches.BranchesConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code groundskeeper branch clean}: deletes every local branch the inventory proves finished
 * (merged into the default branch or a line, or patch-equivalent), never the default branch, a
 * line, an exempt or protected branch, a branch a worktree holds, or one the proof did not cover.
 * A recovery bundle of every branch to delete is written first; each deletion re-checks its tip.
 */
@Command(name = "clean", mixinStandardHelpOptions = true,
    description = {"Deletes the branches that are provably finished, behind a recovery bundle.",
        "",
        "Without --yes it only lists them. With --remote it also deletes their copies on the"
            + " remote, each proven merged there first."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:listed, or every deletion done",
        "1:some deletion was refused or failed (the others were done; the message says which)",
        "2:nothing was done: not a repository, the inventory unreadable, or the bundle failed"})
final class CleanCommand implements Callable<Integer> {

  /** The rule whose allow a remote deletion needs. */
  static final String REMOTE_DELETE = "branches.remote-delete";

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
    String defaultBranch = inventory.defaultBranch().name();
    List<BranchRecord> finished = new ArrayList<>();
    List<BranchRecord> held = new ArrayList<>();
    // With --remote, every finished branch with a copy on the remote, including one that exists
    // only there: the remote-delete rule proves each before anything is pushed.
    List<BranchRecord> onRemote = new ArrayList<>();
    for (BranchRecord record : inventory.branches()) {
      if (!record.state().merged() || config.protects(record.name(), defaultBranch)) {
        continue;
      }
      if (remote && record.remoteTip().isPresent()) {
        onRemote.add(record);
      }
      if (record.localTip().isPresent()) {
        (record.worktree().isPresent() ? held : finished).add(record);
      }
    }
    for (BranchRecord record : held) {
      context.out.println(SafeText.escapeControls("Skipped " + record.name() + ": the worktree "
          + record.worktree().get() + " holds it. When nothing in it is needed:"
          + " git worktree remove " + word(record.worktree().get().toString())
          + " && git branch -d " + word(record.name())));
    }
    if (finished.isEmpty() && onRemote.isEmpty()) {
      context.out.println("No finished branch to delete.");
      return 0;
    }
    if (!finished.isEmpty()) {
      context.out.println("Finished branches:");
      for (BranchRecord record : finished) {
        context.out.println("- " + record.name() + " at " + record.localTip().get() + " ("
            + stateWords(record) + ")");
      }
    }
    if (!onRemote.isEmpty()) {
      context.out.println("Finished branches on " + config.remote() + ":");
      for (BranchRecord record : onRemote) {
        context.out.println("- " + record.name() + " at " + record.remoteTip().get() + " ("
            + stateWords(record) + ")");
      }
    }
    if (dryRun || !yes) {
      context.out.println(dryRun ? "Dry run: nothing deleted."
          : "Nothing deleted yet; run `groundskeeper branch clean --yes" + (remote ? " --remote"
              : "") + "` to delete these.");
      return 0;
    }
    Optional<Path> bundle = bundle(layout.get(), finished, onRemote, config.remote());
    if (bundle.isEmpty()) {
      return BranchCommand.CANNOT_RUN;
    }
    context.out.println("Recovery bundle: " + bundle.get());
    int code = 0;
    for (BranchRecord record : finished) {
      EffectReport result = context.perform(new RepoEffect.DeleteBranch(record.name(),
          record.localTip().get()), facts);
      if (result.done()) {
        context.out.println(SafeText.escapeControls("Deleted " + record.name()
            + " (restore: git branch " + word(record.name()) + " " + record.localTip().get()
            + ", or git fetch " + word(bundle.get().toString()) + " "
            + word("refs/heads/" + record.name() + ":refs/heads/" + record.name()) + ")"));
      } else {
        code = BranchCommand.PARTLY_DONE;
        context.err.println("Not deleted " + record.name() + ": " + result.message());
      }
    }
    if (!onRemote.isEmpty()) {
      code = Math.max(code, deleteRemote(policy, config, facts, onRemote));
    }
    return code;
  }

  private static String stateWords(BranchRecord record) {
    return record.state().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
  }

  private Optional<Path> bundle(RepositoryLayout layout, List<BranchRecord> branches,
      List<BranchRecord> onRemote, String remoteName) {
    Path dir = layout.commonDir().resolve("groundskeeper").resolve("recovery");
    Path file = dir.resolve("branches-" + context.clock().instant().toEpochMilli() + ".bundle");
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      fail("the recovery bundle directory " + dir + " could not be made: " + e.getMessage());
      return Optional.empty();
    }
    List<String> args = new ArrayList<>(List.of("bundle", "create", "-q", file.toString()));
    branches.forEach(b -> args.add("refs/heads/" + b.name()));
    onRemote.forEach(b -> args.add("refs/remotes/" + remoteName + "/" + b.name()));
    GitCommand.Run run = context.git(args);
    if (!run.ok()) {
      fail("the recovery bundle could not be written, so nothing was deleted: " + run.output());
      return Optional.empty();
    }
    return Optional.of(file);
  }

  /**
   * Deletes the remote copies that the remote-delete rule proves merged on the remote. The push
   * is judged by the policy in force, as an agent's would be: its modes and excludes apply, any
   * denial refuses it, and it goes ahead only on the remote-delete rule's own allow, so a
   * configuration that turns that rule off or down leaves the copies in place and says why.
   */
  private int deleteRemote(Policy policy, BranchesConfig config, Facts facts,
      List<BranchRecord> onRemote) {
    List<String> names = new ArrayList<>();
    for (BranchRecord record : onRemote) {
      names.add(record.name());
    }
    // Judged by the remote-delete rule as a command, so each name must stay one word.
    String command = "git push " + word(config.remote()) + " --delete "
        + String.join(" ", names.stream().map(CleanCommand::word).toList());
    Decision decision = policy.evaluate(new Event.CommandEvent(
        EventContext.of("groundskeeper-branch-clean", context.directory), command), facts);
    Optional<Verdict> proof = decision.verdicts().stream()
        .filter(v -> v.ruleId().equals(REMOTE_DELETE)).findFirst();
    if (decision.denied() || proof.isEmpty() || proof.get().outcome() != Outcome.ALLOW) {
      String why = decision.denied() || proof.isPresent() ? decision.message()
          : REMOTE_DELETE + " does not run in this configuration (off or excluded), so nothing"
              + " proves the copies merged on " + config.remote();
      context.err.println("Remote copies not deleted: " + why);
      return BranchCommand.PARTLY_DONE;
    }
    List<String> args = new ArrayList<>(List.of("push", config.remote(), "--delete"));
    args.addAll(names);
    GitCommand.Run push = context.git(args);
    if (!push.ok()) {
      context.err.println("Remote copies not deleted: " + push.output());
      return BranchCommand.PARTLY_DONE;
    }
    for (BranchRecord record : onRemote) {
      context.out.println(SafeText.escapeControls("Deleted " + record.name() + " on "
          + config.remote() + " (restore: git push " + word(config.remote()) + " "
          + word(record.remoteTip().get() + ":refs/heads/" + record.name()) + ")"));
    }
    return 0;
  }

  private int fail(String message) {
    context.err.println("groundskeeper branch clean: " + message);
    return BranchCommand.CANNOT_RUN;
  }

  private static String word(String text) {
    return ShellQuoting.word(text);
  }
}
