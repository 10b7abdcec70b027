package dev.groundskeeper.cli.branch;

import dev.groundskeeper.cli.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.host.Host;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.RepoEffect;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.shell.ShellQuoting;
import dev.groundskeeper.host.EffectReport;
import dev.groundskeeper.host.GitCommand;
import dev.groundskeeper.rules.branches.BranchesConfig;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code groundskeeper branch park <name> --reason TEXT} and {@code park --clear <name>}: an empty
 * commit with the park (or unpark) trailers on the branch's tip, written without a checkout and
 * only while the tip is unchanged; then a plain fast-forward push when the branch has a remote
 * copy. Never a force push. {@code Parked-By} names git's configured user and is left out when
 * none is configured. {@code --dry-run} prints the commit and the push and changes nothing.
 */
@Command(name = "park", mixinStandardHelpOptions = true,
    description = {"Parks a branch that waits on something, so it is not reported as idle.",
        "",
        "A parked branch still counts toward branches.wip.cap. The next commit on the branch"
            + " unparks it; --clear unparks it without a change."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:parked (and pushed when the branch has a remote copy), or a dry run; a"
            + " branch only on the remote gets a local branch tracking it first",
        "1:parked, but the push failed (the message says why; nothing was forced)",
        "2:nothing was done: no such branch here or on the remote, no reason, not a repository, the tip moved,"
            + " the default branch, a line or an exempt branch, or --clear of a branch not"
            + " parked"})
final class ParkCommand implements Callable<Integer> {

  private final BranchContext context;

  @Parameters(index = "0", paramLabel = "BRANCH", description = "The branch: a local one, or one"
      + " only on the remote (a local branch tracking it is made first).")
  private String branch;

  @Option(names = "--reason", paramLabel = "TEXT",
      description = "What the branch waits on (one line); required unless --clear.")
  private String reason;

  @Option(names = "--clear", description = "Unpark: resume the idle clock.")
  private boolean clear;

  @Option(names = "--dry-run", description = "Print the commit and the push; change nothing.")
  private boolean dryRun;

  @Option(names = "--json", description = "Print what was done (or would be) as one JSON object.")
  private boolean json;

  @Option(names = "--pretty", description = "With --json: indent the JSON.")
  private boolean pretty;

  /** The --json report, filled as the run goes: every field present from the start. */
  private final ObjectNode report = Json.object();

  ParkCommand(BranchContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    if (!clear && (reason == null || reason.isBlank())) {
      return fail(context.command("say what the branch waits on: groundskeeper branch park "
          + branch + " --reason \"<what it waits on>\""));
    }
    if (clear && reason != null) {
      return fail("--clear takes no --reason");
    }
    report.put("branch", branch).put("action", clear ? "unpark" : "park")
        .put("reason", clear || reason == null ? "" : reason.strip()).put("dry_run", dryRun)
        .put("done", false).put("tip", "").put("made_local", false).put("tracking", "")
        .put("commit_message", "").put("message", "");
    Json.strings(report, "restore", List.of());
    report.putObject("push").put("remote", "").put("planned", false).put("command", "")
        .put("pushed", false).put("error", "");
    Json.strings(report, "notes", List.of());
    Policy policy = context.policy();
    BranchesConfig config = policy.config().get(Host.BRANCHES);
    Facts facts = context.facts(policy);
    if (facts.find(RepoFacts.LAYOUT).isEmpty()) {
      return fail(context.directory + " is not inside a git repository");
    }
    Optional<BranchRecord> record;
    try {
      record = facts.find(RepoFacts.BRANCHES).flatMap(inventory -> inventory.find(branch));
    } catch (FactUnavailableException e) {
      return fail("the branches could not be read: " + e.getMessage());
    }
    if (record.isEmpty()) {
      return fail("there is no branch " + branch + " here or on " + config.remote());
    }
    // A branch that exists only on the remote is parked as a local branch made from its copy
    // there: the remedies name such branches too, and must run as printed.
    boolean fromRemote = record.get().localTip().isEmpty();
    String tracking = "refs/remotes/" + config.remote() + "/" + branch;
    Optional<String> refusal = refusal(record.get(), config);
    if (refusal.isPresent()) {
      return fail(refusal.get());
    }
    if (fromRemote && clear) {
      return fail(branch + " has no local branch; a park mark travels on the branch, so fetch"
          + " and clear it where it was parked, or run `git switch " + ShellQuoting.word(branch)
          + "` first");
    }
    String tip = record.get().tip();
    String who = context.identity();
    RepoEffect effect;
    String message;
    try {
      if (clear) {
        RepoEffect.UnparkBranch unpark = new RepoEffect.UnparkBranch(branch, tip, who);
        effect = unpark;
        message = unpark.commitMessage();
      } else {
        RepoEffect.ParkBranch park = new RepoEffect.ParkBranch(branch, tip, reason.strip(), who);
        effect = park;
        message = park.commitMessage();
      }
    } catch (IllegalArgumentException e) {
      return fail(e.getMessage());
    }
    boolean pushes = record.get().remoteTip().isPresent();
    List<String> push = List.of("push", config.remote(), branch);
    report.put("tip", tip).put("made_local", fromRemote).put("tracking", fromRemote ? tracking : "")
        .put("commit_message", message);
    ObjectNode pushNode = (ObjectNode) report.get("push");
    pushNode.put("remote", config.remote()).put("planned", pushes)
        .put("command", pushes ? "git " + String.join(" ", push) : "");
    if (dryRun) {
      if (fromRemote) {
        say("Would make the local branch " + branch + " from " + tracking
            + " (" + tip + "), tracking it.");
      }
      say("Would " + (clear ? "unpark " : "park ") + branch + " with an empty"
          + " commit on " + tip + " (nothing is changed in a dry run):");
      message.lines().forEach(line -> say(line.isEmpty() ? "" : "    " + line));
      if (!pushes) {
        note(noCopy(branch, config.remote()) + " Nothing would be pushed.");
      } else {
        say("Would push: git " + String.join(" ", push));
      }
      return done(0);
    }
    if (fromRemote) {
      GitCommand.Run made = context.git(List.of("branch", "--track", branch, tracking));
      if (!made.ok()) {
        return fail("the local branch " + branch + " could not be made from " + tracking
            + "; nothing was parked: " + made.output().strip());
      }
      say("Made the local branch " + branch + " from " + tracking + ".");
    }
    EffectReport result = context.perform(effect, facts);
    if (!result.done()) {
      if (fromRemote) {
        // the local branch was made for the park alone: take it back, exactly as made
        context.git(List.of("update-ref", "-d", "refs/heads/" + branch, tip));
      }
      return fail(result.message());
    }
    // The executor's message ("parked branch x with commit …") is the whole sentence.
    String done = result.message();
    report.put("done", true).put("message", done);
    Json.strings(report, "restore", result.restoreCommands());
    say(Character.toUpperCase(done.charAt(0)) + done.substring(1) + ".");
    result.restoreCommands().forEach(command -> say("  restore: " + command));
    if (!pushes) {
      boolean remoteConfigured;
      try {
        remoteConfigured = facts.find(RepoFacts.REMOTES)
            .map(names -> names.contains(config.remote())).orElse(true);
      } catch (FactUnavailableException e) {
        remoteConfigured = true;
      }
      note(noCopy(branch, config.remote()) + (remoteConfigured
          ? " Push it with `git push -u " + ShellQuoting.word(config.remote()) + " "
              + ShellQuoting.word(branch) + "` so the mark travels with it."
          : " No remote named " + config.remote() + " is configured, so the mark stays in this"
              + " clone."));
      return done(0);
    }
    GitCommand.Run pushed = context.git(push);
    if (!pushed.ok()) {
      context.err.println(SafeText.escapeControls("groundskeeper branch park: the push of "
          + branch + " to " + config.remote() + " failed (nothing was forced): "
          + pushed.output()));
      pushNode.put("error", "the push failed (nothing was forced): " + pushed.output().strip());
      return done(BranchCommand.PARTLY_DONE);
    }
    pushNode.put("pushed", true);
    say("Pushed " + branch + " to " + config.remote() + ".");
    return done(0);
  }

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

  /** A line that is both said and kept in the JSON's notes. */
  private void note(String line) {
    ((com.fasterxml.jackson.databind.node.ArrayNode) report.get("notes")).add(line);
    say(line);
  }

  private int done(int code) {
    if (json) {
      context.out.println(Json.text(report, pretty));
    }
    return code;
  }

  /**
   * Why this branch must not get a park or unpark commit: the default branch, a line and an exempt
   * branch are never idle, so a commit there (pushed to the remote) would only change shared
   * history; and an unpark of a branch that is not parked would only restart its idle clock,
   * hiding how long it has really been idle.
   */
  private Optional<String> refusal(BranchRecord record, BranchesConfig config) {
    String name = record.name();
    return switch (record.state()) {
      case DEFAULT -> Optional.of(name + " is the default branch, which is never idle;"
          + " nothing was written");
      case INTEGRATION_LINE -> Optional.of(name + " is an integration line"
          + " (branches.integration_lines), which is never idle; nothing was written");
      case EXEMPT -> Optional.of(name + " matches branches.exempt: it is never judged, so"
          + " there is nothing to park; nothing was written");
      default -> clear && record.park().isEmpty() ? Optional.of(name + " is not parked, so"
          + " there is nothing to clear; nothing was written") : Optional.empty();
    };
  }

  private static String noCopy(String branch, String remote) {
    return branch + " has no copy on " + remote + ".";
  }

  /**
   * Nothing was done: the reason on standard error, and with --json also as {@code {"error"}} on
   * standard output, as the worktree verbs do, so a script reading stdout sees why.
   */
  private int fail(String message) {
    context.err.println("groundskeeper branch park: " + SafeText.escapeControls(message));
    if (json) {
      context.out.println(Json.text(Json.object().put("error", message)
          .put("branch", branch == null ? "" : branch), pretty));
    }
    return BranchCommand.CANNOT_RUN;
  }
}
