package dev.groundskeeper.cli.worktree;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.GroundskeeperException;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.config.ConfigLayers;
import dev.groundskeeper.api.config.ConfigSpec;
import dev.groundskeeper.api.config.EffectiveConfig;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.git.store.AddedWorktree;
import dev.groundskeeper.git.store.LaneListing;
import dev.groundskeeper.git.store.PruneReport;
import dev.groundskeeper.git.store.StoreLocation;
import dev.groundskeeper.git.store.StoreRefusal;
import dev.groundskeeper.git.store.WorktreeStore;
import dev.groundskeeper.rules.branches.BranchesConfig;
import dev.groundskeeper.rules.worktree.WorktreesConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
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
        "Worktrees live in $GROUNDSKEEPER_HOME/worktrees/<root commit>/<name>/ (by default under",
        "~/.groundskeeper), never beside your projects. Without a verb: list."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:listed", "2:a refusal or fault (the message says why and what to do)"})
public final class WorktreeCommand implements Callable<Integer> {

  static final int OK = 0;
  static final int REFUSED = 2;

  private final Map<String, String> environment;
  private final Path workingDirectory;
  private final Clock clock;
  private final Supplier<EffectiveConfig> configuration;

  @Spec
  private CommandSpec spec;

  /**
   * A command that reads the configuration of {@code workingDirectory} with the rule providers on
   * this class's class path (no plugin jars).
   */
  public WorktreeCommand(Map<String, String> environment, Path workingDirectory, Clock clock) {
    this(environment, workingDirectory, clock, () -> Policy.builder()
        .discover(WorktreeCommand.class.getClassLoader())
        .config(ConfigLayers.discover(workingDirectory, environment)).build().config());
  }

  /**
   * A command that takes the effective configuration from {@code configuration}, called once per
   * verb: the main command passes the policy it loads with plugins, so that a plugin's block in
   * the file is known.
   */
  public WorktreeCommand(Map<String, String> environment, Path workingDirectory, Clock clock,
      Supplier<EffectiveConfig> configuration) {
    this.environment = Map.copyOf(environment);
    this.workingDirectory = workingDirectory.toAbsolutePath().normalize();
    this.clock = Objects.requireNonNull(clock, "clock");
    this.configuration = Objects.requireNonNull(configuration, "configuration");
  }

  @Override
  public Integer call() {
    return list(false, false);
  }

  @Command(name = "add", mixinStandardHelpOptions = true,
      description = {
          "Adds a worktree to this repository's lane and prints its path.",
          "",
          "Without --branch it cuts a new branch <name> from the default branch; with --branch",
          "it checks out an existing local branch. Work in the printed path."},
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {"0:added; the path is printed",
          "2:refused (bad or taken name, existing branch, no such branch, store refusal);"
              + " nothing was added"})
  int add(
      @Parameters(paramLabel = "<name>", description = "The worktree's name (letters, digits,"
          + " '.', '_', '-'); also the new branch's name.") String name,
      @Option(names = "--branch", paramLabel = "<existing>",
          description = "Check out this existing local branch instead of cutting a new one.")
      Optional<String> branch,
      @Option(names = "--json", description = "Print {\"path\": ...} as JSON.") boolean json) {
    return guarded(json, () -> {
      AddedWorktree added = store().add(workingDirectory, name, branch);
      if (json) {
        out().println(Render.json(Render.added(added)));
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
          "Columns: name, branch, clean or dirty, merged or unmerged with how it was judged",
          "(forge, ancestry, content), store or outside, and the path. Asks the forge (gh pr",
          "list) once when gh is installed and signed in. --all walks every lane on the",
          "machine."},
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {"0:listed", "2:a fault (the message says what)"})
  int list(
      @Option(names = "--all", description = "Walk every lane on the machine.") boolean all,
      @Option(names = "--json", description = "Print the rows as JSON.") boolean json) {
    return guarded(json, () -> {
      WorktreeStore store = store();
      if (all) {
        List<LaneListing> lanes = store.listAll(workingDirectory);
        out().print(json ? Render.json(Render.lanes(lanes)) + "\n" : Render.lanesText(lanes));
      } else {
        WorktreeStore.Listing listing = store.list(workingDirectory);
        out().print(json ? Render.json(Render.listing(listing)) + "\n"
            : Render.listingText(listing));
      }
      return OK;
    });
  }

  @Command(name = "prune", mixinStandardHelpOptions = true,
      description = {
          "Reclaims this repository's merged, clean worktrees from the store.",
          "",
          "Each worktree gets one row: reclaimed, a quiet candidate (unmerged, inactive for",
          "worktrees.quiet_days; listed with a dossier, removed only when named with --yes), or",
          "kept with the reason. Reclaiming archives the notes folder, then runs git worktree",
          "remove without --force. Branches are never deleted; git worktree prune never runs.",
          "Asks the forge (gh pr list) once when gh is installed and signed in."},
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {"0:at least one worktree was reclaimed (or would be, with --dry-run)",
          "1:nothing was reclaimed", "2:a refusal or fault before judging; nothing removed"})
  int prune(
      @Option(names = "--dry-run", description = "Report what would be reclaimed; change"
          + " nothing.") boolean dryRun,
      @Option(names = "--yes", paramLabel = "<name>", description = "Also reclaim this quiet"
          + " candidate (repeatable).") List<String> yes,
      @Option(names = "--json", description = "Print the rows as JSON.") boolean json) {
    return guarded(json, () -> {
      PruneReport report = store().prune(workingDirectory, dryRun,
          new LinkedHashSet<>(yes == null ? List.of() : yes));
      out().print(json ? Render.json(Render.prune(report)) + "\n" : Render.pruneText(report));
      return report.exitCode();
    });
  }

  private WorktreeStore store() {
    EffectiveConfig effective = configuration.get();
    WorktreesConfig config = effective.get(WorktreesConfig.spec());
    // The default branch and remote are the branch rules' settings (branches.default, .remote).
    RepositorySettings settings = effective.get(new ConfigSpec<>("branches",
        BranchesConfig.class, BranchesConfig.DEFAULTS)).repositorySettings();
    return new WorktreeStore(StoreLocation.resolve(environment, config), config, settings,
        environment, clock);
  }

  private int guarded(boolean json, Callable<Integer> verb) {
    try {
      return refusing(json, verb);
    } finally {
      out().flush();
      spec.commandLine().getErr().flush();
    }
  }

  private int refusing(boolean json, Callable<Integer> verb) {
    try {
      return verb.call();
    } catch (StoreRefusal refusal) {
      PrintWriter err = spec.commandLine().getErr();
      err.println("groundskeeper worktree: " + refusal.reason());
      if (!refusal.remedy().isBlank()) {
        err.println("  " + refusal.remedy());
      }
      if (json) {
        out().println(Render.json(Render.refusal(refusal)));
      }
      return REFUSED;
    } catch (GroundskeeperException e) {
      spec.commandLine().getErr().println("groundskeeper worktree: " + e.getMessage());
      return REFUSED;
    } catch (RuntimeException e) {
      spec.commandLine().getErr().println("groundskeeper worktree: internal error: " + e);
      return REFUSED;
    } catch (Exception e) {
      spec.commandLine().getErr().println("groundskeeper worktree: " + e.getMessage());
      return REFUSED;
    }
  }

  private PrintWriter out() {
    return spec.commandLine().getOut();
  }
}
