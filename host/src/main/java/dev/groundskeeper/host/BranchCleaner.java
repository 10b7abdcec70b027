package dev.groundskeeper.host;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.git.RefNames;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.RepoEffect;
import dev.groundskeeper.api.repo.RepositoryLayout;
import dev.groundskeeper.api.shell.ShellQuoting;
import dev.groundskeeper.rules.branches.BranchesConfig;
import dev.groundskeeper.rules.branches.CleanPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Executes a {@link CleanPlan}: a recovery bundle of every ref it will delete first (nothing is
 * deleted without it), then each local deletion through the effect registry (which re-checks the
 * tip as it deletes), then, with remote copies in the plan, one push judged by the policy in force
 * as an agent's would be: any denial refuses it, and it goes ahead only on the remote-delete
 * rule's own allow, so a configuration that turns that rule off, excludes it or turns its denial
 * into advice leaves the copies in place and says why. Every git run is time-bounded.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class BranchCleaner {

  /** The rule whose allow a remote deletion needs. */
  public static final String REMOTE_DELETE = "branches.remote-delete";

  private final Host host;

  /**
   * Creates a cleaner that acts through a host's effect registry, environment and clock.
   *
   * @param host the host
   */
  public BranchCleaner(Host host) {
    this.host = Objects.requireNonNull(host, "host");
  }

  /**
   * One line of what was done, for standard output, or of what was not, for standard error; with
   * the branch it is about ({@code ""} when none), whether it is the remote copy, and the commands
   * that restore a deletion (empty unless one was done), so a caller can report it as data.
   *
   * @param problem true for a line about something not done, for standard error
   * @param text the line, with control characters escaped
   * @param branch the branch it is about; {@code ""} when none
   * @param remote true when it is about the branch's copy on the remote
   * @param restore the commands that bring a deleted branch back; empty unless one was deleted
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Line(boolean problem, String text, String branch, boolean remote,
      List<String> restore) {
    /**
     * Checks the components and keeps an immutable copy of the restore commands.
     *
     * @param problem true for a line about something not done
     * @param text the line
     * @param branch the branch it is about; {@code ""} when none
     * @param remote true when it is about the branch's copy on the remote
     * @param restore the commands that bring a deleted branch back
     * @throws NullPointerException if a component is null
     */
    public Line {
      Objects.requireNonNull(text, "text");
      Objects.requireNonNull(branch, "branch");
      restore = List.copyOf(restore);
    }

    /**
     * A line about no one branch.
     *
     * @param problem true for a line about something not done
     * @param text the line
     */
    public Line(boolean problem, String text) {
      this(problem, text, "", false, List.of());
    }
  }

  /**
   * How a run ended, and what it says.
   *
   * @param status how it ended
   * @param lines what it says, in the order things were done
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Report(Status status, List<Line> lines) {
    /**
     * Keeps an immutable copy of the lines.
     *
     * @param status how it ended
     * @param lines what it says, in order
     * @throws NullPointerException if a line is null
     */
    public Report {
      lines = List.copyOf(lines);
    }
  }

  /** How a run of {@link #execute} ended. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Status {
    /** Everything in the plan was done. */
    DONE,
    /** Some deletion was refused or failed; the others were done. */
    PARTLY_DONE,
    /** Nothing was done (the recovery bundle could not be written). */
    NOT_RUN
  }

  /**
   * Executes {@code plan} in the repository of {@code directory}. Never throws for a git
   * failure: what was not done is a problem line, and the status says whether anything was.
   *
   * @param plan the plan, usually {@link CleanPlan#of} of the same inventory
   * @param directory a directory of the repository
   * @param layout the repository's layout; the recovery bundle goes under its common directory
   * @param policy the policy in force, which judges the remote deletions
   * @param facts the repository facts the plan and the judgements read
   * @return the status and one line per step, with the restore commands of each deletion
   */
  public Report execute(CleanPlan plan, Path directory, RepositoryLayout layout, Policy policy,
      Facts facts) {
    BranchesConfig config = policy.config().get(Host.BRANCHES);
    List<Line> lines = new ArrayList<>();
    CleanPlan all = plan;
    plan = passable(all, lines);
    if (plan.finished().isEmpty() && plan.onRemote().isEmpty()) {
      return new Report(lines.isEmpty() ? Status.DONE : Status.PARTLY_DONE, lines);
    }
    Bundled bundled = bundle(directory, layout, plan, config.remote(), lines);
    Optional<Path> bundle = bundled.file();
    if (bundle.isEmpty()) {
      // every branch gone before its bundle is a clean with nothing left to do, not a failure
      return new Report(bundled.nothingLeft() ? Status.PARTLY_DONE : Status.NOT_RUN, lines);
    }
    lines.add(new Line(false, "Recovery bundle: " + bundle.get()));
    Status status = plan.equals(all) ? Status.DONE : Status.PARTLY_DONE;
    Workspace workspace = Workspace.locate(directory);
    for (BranchRecord record : plan.finished()) {
      EffectReport result = host.effects().perform(List.of(new RepoEffect.DeleteBranch(
          record.name(), record.localTip().get())), workspace, facts).get(0);
      if (result.done()) {
        String branchBack = "git branch " + word(record.name()) + " " + record.localTip().get();
        String fetchBack = "git fetch " + word(bundle.get().toString()) + " "
            + word("refs/heads/" + record.name() + ":refs/heads/" + record.name());
        lines.add(new Line(false, SafeText.escapeControls("Deleted " + record.name()
            + " (restore: " + branchBack + ", or " + fetchBack + ")"), record.name(), false,
            List.of(branchBack, fetchBack)));
      } else {
        status = Status.PARTLY_DONE;
        lines.add(new Line(true, "Not deleted " + record.name() + ": " + result.message(),
            record.name(), false, List.of()));
      }
    }
    if (!plan.onRemote().isEmpty() && !deleteRemote(directory, policy, config, facts, plan, lines)) {
      status = Status.PARTLY_DONE;
    }
    return new Report(status, lines);
  }

  /**
   * The part of {@code plan} whose names this process can hand to git ({@link RefNames}); a line
   * in {@code lines} for each branch left out. One such name in a bundle's arguments would make
   * git refuse the bundle, and with it the whole clean.
   */
  private static CleanPlan passable(CleanPlan plan, List<Line> lines) {
    List<BranchRecord> finished = new ArrayList<>();
    for (BranchRecord record : plan.finished()) {
      if (RefNames.passable(record.name())) {
        finished.add(record);
      } else {
        lines.add(new Line(true, SafeText.escapeControls("Not deleted " + record.name() + ": "
            + RefNames.whyNotPassable(record.name()) + "; rename it with git branch -m"),
            record.name(), false, List.of()));
      }
    }
    List<BranchRecord> onRemote = new ArrayList<>();
    for (BranchRecord record : plan.onRemote()) {
      if (RefNames.passable(record.name())) {
        onRemote.add(record);
      } else {
        lines.add(new Line(true, SafeText.escapeControls("Remote copy not deleted: "
            + record.name() + ": " + RefNames.whyNotPassable(record.name())), record.name(),
            true, List.of()));
      }
    }
    return new CleanPlan(finished, plan.held(), onRemote, plan.othersOnRemote());
  }

  /** A written bundle, or none: failed, or not needed as every planned ref went meanwhile. */
  private record Bundled(Optional<Path> file, boolean nothingLeft) {}

  private Bundled bundle(Path directory, RepositoryLayout layout, CleanPlan plan,
      String remoteName, List<Line> lines) {
    Path dir = layout.commonDir().resolve("groundskeeper").resolve("recovery");
    Path file;
    try {
      Files.createDirectories(dir);
      file = unused(dir, "branches-" + host.clock().instant().toEpochMilli());
    } catch (IOException e) {
      lines.add(new Line(true, "the recovery bundle directory " + dir + " could not be made: "
          + SafeText.failure(e)));
      return new Bundled(Optional.empty(), false);
    }
    Map<String, String> planned = new LinkedHashMap<>();
    plan.finished().forEach(b -> planned.put("refs/heads/" + b.name(), b.localTip().orElse("")));
    plan.onRemote().forEach(b -> planned.put("refs/remotes/" + remoteName + "/" + b.name(),
        b.remoteTip().orElse("")));
    Set<String> refs = planned.keySet();
    GitCommand.Run run = null;
    // A failure means a ref went between the reading and the bundle, and refs do not come back
    // into the plan: one attempt per ref and one more always ends.
    for (int attempt = 0; attempt <= planned.size(); attempt++) {
      if (attempt > 0) {
        // Another clean (or a person) deleted or moved a ref since the plan was made, and git
        // refuses a bundle naming a ref that is gone: bundle those still at their planned tip.
        // The executor re-checks each tip anyway, so what left the bundle is not deleted.
        Optional<Set<String>> still = stillAtPlannedTips(directory, planned);
        if (still.isEmpty() || still.get().size() == refs.size()) {
          break; // no ref went: the failure is of another kind (a full disk), and stays
        }
        refs = still.get();
        if (refs.isEmpty()) {
          // all taken by someone else: nothing of this clean's own to keep or to delete
          for (BranchRecord b : plan.finished()) {
            lines.add(new Line(true, SafeText.escapeControls("Not deleted " + b.name()
                + ": branch " + b.name() + " no longer exists at " + b.localTip().orElse("")
                + "; nothing deleted"), b.name(), false, List.of()));
          }
          for (BranchRecord b : plan.onRemote()) {
            lines.add(new Line(true, SafeText.escapeControls("Remote copy not deleted: "
                + b.name() + ": its tracking ref no longer exists at "
                + b.remoteTip().orElse("") + "; nothing deleted"), b.name(), true, List.of()));
          }
          return new Bundled(Optional.empty(), true);
        }
      }
      List<String> args = new ArrayList<>(List.of("bundle", "create", "-q", file.toString()));
      args.addAll(refs);
      run = GitCommand.run(directory, host.environment(), GitCommand.WRITE, args);
      if (run.ok()) {
        return new Bundled(Optional.of(file), false);
      }
    }
    lines.add(new Line(true, "the recovery bundle could not be written, so nothing was"
        + " deleted: " + (run == null ? "its refs could not be read" : run.output())));
    return new Bundled(Optional.empty(), false);
  }

  /** The refs of {@code planned} still at their planned tip; empty when git cannot say. */
  private Optional<Set<String>> stillAtPlannedTips(Path directory, Map<String, String> planned) {
    List<String> args = new ArrayList<>(List.of("for-each-ref",
        "--format=%(objectname) %(refname)"));
    args.addAll(planned.keySet());
    GitCommand.Run run = GitCommand.run(directory, host.environment(), GitCommand.READ, args);
    if (!run.ok()) {
      return Optional.empty();
    }
    Set<String> still = new LinkedHashSet<>();
    run.output().lines().forEach(line -> {
      int space = line.indexOf(' ');
      if (space > 0 && planned.getOrDefault(line.substring(space + 1), "")
          .equals(line.substring(0, space))) {
        still.add(line.substring(space + 1));
      }
    });
    return Optional.of(still);
  }

  /** Bundles named by this process: two cleans of one server at once get two names. */
  private static final java.util.concurrent.atomic.AtomicLong BUNDLES =
      new java.util.concurrent.atomic.AtomicLong();

  /**
   * A bundle name no other clean uses: the time, this process's id (two cleans at once in two
   * processes), a count within the process, and past a name already there (a process id used
   * again) the next free. Git's bundle create replaces a file of the same name, and a clean's
   * bundle is the only copy of the tips it deleted.
   */
  private static Path unused(Path dir, String stem) {
    String base = stem + "-" + ProcessHandle.current().pid() + "-" + BUNDLES.incrementAndGet();
    for (int n = 0; ; n++) {
      Path candidate = dir.resolve(n == 0 ? base + ".bundle" : base + "-" + n + ".bundle");
      if (!Files.exists(candidate, java.nio.file.LinkOption.NOFOLLOW_LINKS)
          && !Files.exists(dir.resolve(candidate.getFileName() + ".lock"),
              java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
        return candidate;
      }
    }
  }

  /**
   * One remote copy of the plan as the hook would judge {@code git push <remote> --delete <name>}:
   * proven (the remote-delete rule's own allow, no denial) or refused, with why.
   *
   * @param branch the branch whose remote copy was judged
   * @param proven true when the copy may be deleted
   * @param why why not, on one line; {@code ""} when proven
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record RemoteJudgement(BranchRecord branch, boolean proven, String why) {}

  /**
   * Judges every remote copy of {@code plan} one by one, as an agent's push of that one deletion
   * would be judged. The dry run lists these and the real run deletes exactly the proven ones, so
   * the two always agree.
   *
   * @param plan the plan whose remote copies to judge
   * @param directory a directory of the repository, the working directory of the judged push
   * @param policy the policy in force
   * @param facts the repository facts the rules read
   * @return one judgement per remote copy, in the plan's order; empty when it has none
   */
  public List<RemoteJudgement> judgeRemote(CleanPlan plan, Path directory, Policy policy, Facts facts) {
    BranchesConfig config = policy.config().get(Host.BRANCHES);
    List<RemoteJudgement> result = new ArrayList<>();
    for (BranchRecord record : plan.onRemote()) {
      // Judged as a command, so the name must stay one word.
      String command = "git push " + word(config.remote()) + " --delete " + word(record.name());
      Decision decision = policy.evaluate(new Event.CommandEvent(
          EventContext.of("groundskeeper-branch-clean", directory), command), facts);
      Optional<Verdict> proof = decision.verdicts().stream()
          .filter(v -> v.ruleId().equals(REMOTE_DELETE)).findFirst();
      if (!decision.denied() && proof.isPresent() && proof.get().outcome() == Outcome.ALLOW) {
        result.add(new RemoteJudgement(record, true, ""));
        continue;
      }
      Optional<Verdict> refusal = decision.withOutcome(Outcome.DENY).stream().findFirst().or(() -> proof);
      String why = refusal.isPresent()
          ? "[" + refusal.get().ruleId() + "] " + refusal.get().message()
          : REMOTE_DELETE + " does not run in this configuration (off or excluded), so nothing"
              + " proves the copy merged on " + config.remote();
      result.add(new RemoteJudgement(record, false, oneLine(why)));
    }
    return List.copyOf(result);
  }

  private static String oneLine(String text) {
    String line = text.strip().replaceAll("\\s*\\n\\s*", " ");
    return line.length() <= 300 ? line : line.substring(0, 299) + "…";
  }

  private boolean deleteRemote(Path directory, Policy policy, BranchesConfig config,
      Facts facts, CleanPlan plan, List<Line> lines) {
    List<RemoteJudgement> judged = judgeRemote(plan, directory, policy, facts);
    boolean all = true;
    List<BranchRecord> proven = new ArrayList<>();
    for (RemoteJudgement j : judged) {
      if (j.proven()) {
        proven.add(j.branch());
      } else {
        all = false;
        lines.add(new Line(true, SafeText.escapeControls("Remote copy not deleted: " + j.branch().name()
            + " on " + config.remote() + ": " + j.why()), j.branch().name(), true, List.of()));
      }
    }
    if (proven.isEmpty()) {
      return all;
    }
    List<String> args = new ArrayList<>(List.of("push", config.remote(), "--delete"));
    proven.forEach(b -> args.add(b.name()));
    GitCommand.Run push = GitCommand.run(directory, host.environment(), GitCommand.WRITE, args);
    if (!push.ok()) {
      lines.add(new Line(true, "Remote copies not deleted: " + push.output()));
      return false;
    }
    for (BranchRecord record : proven) {
      String pushBack = "git push " + word(config.remote()) + " "
          + word(record.remoteTip().get() + ":refs/heads/" + record.name());
      lines.add(new Line(false, SafeText.escapeControls("Deleted " + record.name() + " on "
          + config.remote() + " (restore: " + pushBack + ")"), record.name(), true,
          List.of(pushBack)));
    }
    return all;
  }

  private static String word(String text) {
    return ShellQuoting.word(text);
  }
}
