package dev.groundskeeper.cli.worktree;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.GroundskeeperException;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.shell.ShellQuoting;
import dev.groundskeeper.cli.Progress;
import dev.groundskeeper.git.store.AddedWorktree;
import dev.groundskeeper.git.store.StoreRefusal;
import dev.groundskeeper.host.ProgramWord;
import dev.groundskeeper.host.worktree.LaneListing;
import dev.groundskeeper.host.worktree.Listing;
import dev.groundskeeper.host.worktree.PruneReport;
import dev.groundskeeper.host.worktree.Worktrees;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code groundskeeper worktree add|list|prune}: the verbs of the machine's worktree store. Bare
 * {@code groundskeeper worktree} lists. It reads nothing from the process itself: the
 * environment, working directory and clock are given, so it runs in-process in tests.
 */
@API(status = API.Status.INTERNAL)
@Command(name = "worktree", mixinStandardHelpOptions = true,
    description = {
        "Adds, lists and reclaims agent worktrees in the machine's store.",
        "",
        "Worktrees live in $GROUNDSKEEPER_HOME/worktrees/<root commit>/<name>/ (by default under"
            + " ~/.groundskeeper), never beside your projects. Without a verb: list."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:listed", "2:a refusal or fault (the message says why and what to do)"})
public final class WorktreeCommand implements Callable<Integer> {

  static final int OK = 0;
  static final int REFUSED = 2;
  /** The session id of the command event {@code add} asks the policy about. */
  static final String SESSION = "groundskeeper-worktree-add";

  private final Map<String, String> environment;
  private final Path workingDirectory;
  private final Clock clock;
  private final Supplier<Policy> policy;
  private final BiFunction<Policy, Event, Facts> facts;
  private Supplier<Progress> progress = Progress::none;

  @Spec
  private CommandSpec spec;

  /**
   * The {@code worktree} command; its verbs read and act only when they run.
   *
   * @param environment the variables the store reads ({@code GROUNDSKEEPER_HOME}, {@code HOME})
   *     and passes to git, in place of the process's own
   * @param workingDirectory the directory whose repository the verbs act on
   * @param clock the time quiet days are counted to
   * @param policy the policy in force in {@code workingDirectory} (its configuration and rules,
   *     plugins included), loaded once per verb
   * @param facts what the hook's rules would know in {@code workingDirectory} under that policy;
   *     {@code add} asks the policy about the branch it creates with these facts, as the hook
   *     would for the same {@code git worktree add -b}
   */
  public WorktreeCommand(Map<String, String> environment, Path workingDirectory, Clock clock,
      Supplier<Policy> policy, BiFunction<Policy, Event, Facts> facts) {
    this.environment = Map.copyOf(environment);
    this.workingDirectory = workingDirectory.toAbsolutePath().normalize();
    this.clock = Objects.requireNonNull(clock, "clock");
    this.policy = Objects.requireNonNull(policy, "policy");
    this.facts = Objects.requireNonNull(facts, "facts");
  }

  /**
   * Where {@code prune} says what it is doing while it works (standard error on a terminal).
   *
   * @param progress a new progress line for each run
   * @return this command
   */
  public WorktreeCommand progress(Supplier<Progress> progress) {
    this.progress = Objects.requireNonNull(progress, "progress");
    return this;
  }

  @Override
  public Integer call() {
    return list(false, false, false);
  }

  @Command(name = "add", mixinStandardHelpOptions = true,
      description = {
          "Adds a worktree to this repository's lane and prints its path.",
          "",
          "Without --branch it cuts a new branch <name> from the default branch, after asking"
              + " the policy about the new branch as the hook would (the cap on open branches,"
              + " say); with --branch it checks out an existing local branch and creates none."
              + " Work in the printed path."},
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {"0:added; the path is printed",
          "2:refused (bad or taken name, existing branch, no such branch, a rule of the policy"
              + " such as the cap on open branches, store refusal); nothing was added"})
  int add(
      @Parameters(paramLabel = "<name>", description = "The worktree's name (letters, digits,"
          + " '.', '_', '-'); also the new branch's name.") String name,
      @Option(names = "--branch", paramLabel = "<existing>",
          description = "Check out this existing local branch instead of cutting a new one.")
      Optional<String> branch,
      @Option(names = "--json", description = "Print {\"path\": ...} as JSON.") boolean json,
      @Option(names = "--pretty", description = "With --json: indent the JSON.") boolean pretty) {
    return guarded(json, pretty, () -> {
      Worktrees.requireUsableName(name);
      Policy loaded = policy.get();
      Worktrees worktrees = Worktrees.of(loaded.config(), environment, clock);
      if (branch.isEmpty()) {
        Optional<Integer> refused = judgeCreation(loaded, worktrees, name, json, pretty);
        if (refused.isPresent()) {
          return refused.get();
        }
      }
      AddedWorktree added = worktrees.add(workingDirectory, name, branch);
      if (json) {
        out().println(Render.json(Render.added(added), program(), pretty));
      } else {
        out().println(added.displayPath());
      }
      return OK;
    });
  }

  @Command(name = "list", mixinStandardHelpOptions = true,
      description = {
          "Lists every worktree git reports for this repository (the main checkout excepted).",
          "",
          "Columns: name, branch, clean or dirty, merged or unmerged with how it was judged"
              + " (forge, ancestry, content), store or outside, and the path. Asks the forge"
              + " (gh pr list) once when gh is installed and signed in. --all walks every lane"
              + " on the machine."},
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {"0:listed", "2:a fault (the message says what)"})
  int list(
      @Option(names = "--all", description = "Walk every lane on the machine.") boolean all,
      @Option(names = "--json", description = "Print the rows as JSON.") boolean json,
      @Option(names = "--pretty", description = "With --json: indent the JSON.") boolean pretty) {
    return guarded(json, pretty, () -> {
      Worktrees lister = Worktrees.of(policy.get().config(), environment, clock);
      if (all) {
        List<LaneListing> lanes = lister.listAll(workingDirectory);
        out().print(json ? Render.json(Render.lanes(lanes), program(), pretty) + "\n"
            : program().render(Render.lanesText(lanes)));
      } else {
        Listing listing = lister.list(workingDirectory);
        out().print(json ? Render.json(Render.listing(listing), program(), pretty) + "\n"
            : program().render(Render.listingText(listing)));
      }
      return OK;
    });
  }

  @Command(name = "prune", mixinStandardHelpOptions = true,
      description = {
          "Reclaims this repository's merged, clean worktrees from the store.",
          "",
          "Each worktree gets one row: reclaimed, a quiet candidate (unmerged, inactive for"
              + " worktrees.quiet_days; listed with a dossier, removed only when named with"
              + " --yes), or kept with the reason. Reclaiming archives the notes folder, then"
              + " runs git worktree remove without --force. Branches are never deleted; git"
              + " worktree prune never runs. Asks the forge (gh pr list) once when gh is"
              + " installed and signed in."},
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {"0:at least one worktree was reclaimed (or would be, with --dry-run)",
          "1:nothing was reclaimed", "2:a refusal or fault before judging; nothing removed"})
  int prune(
      @Option(names = "--dry-run", description = "Report what would be reclaimed; change"
          + " nothing.") boolean dryRun,
      @Option(names = "--yes", paramLabel = "<name>", description = "Also reclaim this quiet"
          + " candidate (repeatable).") List<String> yes,
      @Option(names = "--json", description = "Print the rows as JSON.") boolean json,
      @Option(names = "--pretty", description = "With --json: indent the JSON.") boolean pretty) {
    return guarded(json, pretty, () -> {
      PruneReport report;
      try (Progress shown = progress.get()) {
        shown.say("judging this repository's worktrees");
        report = Worktrees.of(policy.get().config(), environment, clock)
            .prune(workingDirectory, dryRun, new LinkedHashSet<>(yes == null ? List.of() : yes));
      }
      out().print(json ? Render.json(Render.prune(report), program(), pretty) + "\n"
          : program().render(Render.pruneText(report)));
      return report.exitCode();
    });
  }

  /**
   * Asks the policy about the branch {@code add} would create, through the command the hook
   * would judge for it ({@code git worktree add -b <name> <path>} in the working directory) and
   * the facts the hook's rules read. Prints the refusal and returns its exit code when a rule
   * denies; prints advice and carries on otherwise.
   */
  private Optional<Integer> judgeCreation(Policy loaded, Worktrees worktrees, String name,
      boolean json, boolean pretty) {
    Path place = worktrees.placeFor(workingDirectory, name);
    Event event = new Event.CommandEvent(EventContext.of(SESSION, workingDirectory),
        "git worktree add -b " + name + " " + quoted(place.toString()));
    Decision decision = loaded.evaluate(event, facts.apply(loaded, event));
    PrintWriter err = spec.commandLine().getErr();
    if (!decision.denied()) {
      decision.withOutcome(Outcome.ADVISE).forEach(advice ->
          err.println("groundskeeper worktree: note [" + advice.ruleId() + "] "
              + advice.message()));
      return Optional.empty();
    }
    List<Verdict> denials = decision.withOutcome(Outcome.DENY);
    err.println("groundskeeper worktree: the policy refuses the new branch '" + name + "'; nothing"
        + " was added");
    denials.forEach(denial -> err.println(program().render("[" + denial.ruleId() + "] "
        + denial.message())));
    if (json) {
      out().println(Render.json(Render.policyRefusal(denials), program(), pretty));
    }
    return Optional.of(REFUSED);
  }

  /** {@code text} as one shell word. */
  private static String quoted(String text) {
    return ShellQuoting.word(text);
  }

  private int guarded(boolean json, boolean pretty, Callable<Integer> verb) {
    try {
      return refusing(json, pretty, verb);
    } finally {
      out().flush();
      spec.commandLine().getErr().flush();
    }
  }

  private int refusing(boolean json, boolean pretty, Callable<Integer> verb) {
    try {
      return verb.call();
    } catch (StoreRefusal refusal) {
      PrintWriter err = spec.commandLine().getErr();
      err.println("groundskeeper worktree: " + refusal.reason());
      if (!refusal.remedy().isBlank()) {
        err.println("  " + program().render(refusal.remedy()));
      }
      if (json) {
        out().println(Render.json(Render.refusal(refusal), program(), pretty));
      }
      return REFUSED;
    } catch (GroundskeeperException e) {
      spec.commandLine().getErr().println("groundskeeper worktree: " + e.getMessage());
      return REFUSED;
    } catch (RuntimeException e) {
      // an internal error: the program words it (and with --debug prints its stack trace)
      throw e;
    } catch (Exception e) {
      spec.commandLine().getErr().println("groundskeeper worktree: " + e.getMessage());
      return REFUSED;
    }
  }

  private PrintWriter out() {
    return spec.commandLine().getOut();
  }

  /** The word the printed recommendations start with (host ProgramWord). */
  private ProgramWord program() {
    return ProgramWord.of(environment);
  }
}
