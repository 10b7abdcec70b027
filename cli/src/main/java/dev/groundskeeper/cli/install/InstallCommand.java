package dev.groundskeeper.cli.install;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code groundskeeper install}: registers the hook in each runner's settings. */
@API(status = API.Status.INTERNAL)
@Command(name = "install", mixinStandardHelpOptions = true,
    description = {
        "Registers this installation's launcher as the hook of an agent runner, in the runner's"
            + " own settings file.",
        "",
        "Files: Claude Code ~/.claude/settings.json (user), .claude/settings.json (project),"
            + " .claude/settings.local.json (local); Codex CLI $CODEX_HOME/hooks.json or"
            + " ~/.codex/hooks.json (user), .codex/hooks.json (project); Gemini CLI"
            + " ~/.gemini/settings.json (user), .gemini/settings.json (project); Cursor"
            + " ~/.cursor/hooks.json (user), .cursor/hooks.json (project). Project files are at"
            + " the root of the repository of the working directory.",
        "",
        "The file is merged, not rewritten: other hooks, keys, their order and the file's"
            + " indentation stay as they are, and only Groundskeeper's entries (hooks whose command"
            + " runs a groundskeeper launcher's hook verb) are added or replaced. A backup"
            + " (<file>.groundskeeper-backup-<time>) is written first and the file is replaced in"
            + " one step. A second run changes nothing. A file that is not valid JSON is an error"
            + " and stays as it is.",
        "",
        "--link [DIR] instead puts a symbolic link named groundskeeper to this launcher in DIR"
            + " (default ~/.local/bin, created if missing), so that groundskeeper on PATH runs"
            + " this installation and remedies print the bare name; it registers no hook. A file"
            + " there that is not a link to a groundskeeper launcher is refused. It says whether"
            + " DIR is on PATH, and how to add it."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:installed, or already installed (--link: linked, or already linked)",
        "2:cannot install: an unreadable or malformed settings file, no launcher, no runner"
            + " found, a file in the way of --link, or a bad option"})
public final class InstallCommand implements Callable<Integer> {

  private final InstallContext context;

  @Option(names = "--runner", paramLabel = "RUNNER", defaultValue = "all",
      description = Targets.RUNNER_HELP)
  String runner;

  @Option(names = "--scope", paramLabel = "SCOPE", defaultValue = "user",
      description = "user (every project), project (the repository's shared settings) or local"
          + " (Claude Code's settings.local.json, this clone only) (default: ${DEFAULT-VALUE}).")
  String scope;

  @Option(names = "--dry-run", description = "Print the change as a unified diff; write nothing.")
  boolean dryRun;

  @Option(names = "--link", arity = "0..1", paramLabel = "DIR", fallbackValue = "",
      description = "Link groundskeeper in DIR (default " + PathLink.DEFAULT_DIRECTORY + ") to"
          + " this launcher instead of registering hooks.")
  String link;

  /**
   * The {@code install} command; it writes nothing until it runs.
   *
   * @param context the environment, directories, streams and launcher it reads
   */
  public InstallCommand(InstallContext context) {
    this.context = Objects.requireNonNull(context, "context");
  }

  @Override
  public Integer call() {
    Launcher launcher = context.launcher().get().map(Launcher::new).orElseThrow(() ->
        new InstallException("cannot find this installation's bin/groundskeeper; run install"
            + " through it (path/to/groundskeeper/bin/groundskeeper install)"));
    if (link != null) {
      PathLink linker = new PathLink(context);
      return linker.link(linker.directory(link), launcher, dryRun);
    }
    Scope where = Targets.scope(scope);
    List<Runner> runners = Targets.runners(runner, context);
    if (runner.equalsIgnoreCase("all")) {
      Targets.notFound(context).forEach(missing ->
          context.out().println("not found: " + missing));
    }
    boolean failed = false;
    for (Runner target : runners) {
      try {
        installOne(target, where, launcher);
      } catch (InstallException e) {
        context.err().println("groundskeeper install: " + target.id + ": " + e.getMessage());
        failed = true;
      }
    }
    return failed ? 2 : 0;
  }

  private void installOne(Runner target, Scope where, Launcher launcher) {
    Path file = target.file(where, context.environment(), context.project().get());
    List<Registration> registrations = registrations(target, context);
    Registrar registrar = new Registrar(target, file);
    Optional<String> before = SettingsFile.read(file);
    String after = registrar.install(before, registrations, launcher.command(target));
    String label = target.id + " (" + where.id + ")";
    if (before.isPresent() && before.get().equals(after)) {
      if (!dryRun) {
        SettingsFile.removeLeftovers(file);
      }
      context.out().println(label + ": already installed in " + file + "; nothing changed");
      return;
    }
    if (dryRun) {
      context.out().println(label + ": would " + (before.isPresent() ? "change " : "create ")
          + file + ":");
      context.out().print(Diff.unified(file.toString(), before.orElse(""), after));
      return;
    }
    Optional<Path> backup = before.map(text -> SettingsFile.backup(file, context.clock()));
    SettingsFile.replace(file, after);
    context.out().println(label + ": " + (before.isPresent() ? "installed into " : "created ")
        + file + " (" + registrations.size() + " events, command "
        + launcher.command(target) + ")" + backup.map(b -> "; backup: " + b).orElse(""));
    note(target, where).ifPresent(context.out()::println);
  }

  /** What the person must still do in the runner itself, if anything. */
  static Optional<String> note(Runner target, Scope where) {
    return switch (target) {
      case CODEX -> Optional.of("  Codex asks to review new or changed hooks when it next"
          + " starts: trust them there, or they do not run"
          + (where == Scope.PROJECT ? "; project hooks load only in a trusted project" : "")
          + ".");
      case GEMINI -> where == Scope.PROJECT
          ? Optional.of("  Gemini CLI runs project hooks only in a trusted folder.")
          : Optional.empty();
      case CURSOR -> where == Scope.PROJECT
          ? Optional.of("  Cursor runs project hooks only in a trusted workspace.")
          : Optional.empty();
      case CLAUDE -> Optional.of("  Claude Code reads hooks when a session starts: start a new"
          + " one (or review them in /hooks).");
    };
  }

  /** What this version registers for {@code target}: its adapter's hooks for the rules' events. */
  static List<Registration> registrations(Runner target, InstallContext context) {
    return target.registrations(context.ruleEvents().get());
  }
}
