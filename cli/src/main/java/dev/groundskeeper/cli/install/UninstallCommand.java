package dev.groundskeeper.cli.install;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code groundskeeper uninstall}: removes what install added, and nothing else. */
@API(status = API.Status.INTERNAL)
@Command(name = "uninstall", mixinStandardHelpOptions = true,
    description = {
        "Removes Groundskeeper's hooks from a runner's settings file, and nothing else.",
        "",
        "Groundskeeper's hooks are those whose command runs a groundskeeper launcher's hook verb"
            + " (this installation's or another's), wherever they stand in the file. A matcher"
            + " group, an event or the hooks object that is empty once they are gone goes too;"
            + " every other byte stays. A backup is written first, as install does."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:removed, or nothing to remove",
        "2:cannot: an unreadable or malformed settings file, or a bad option"})
public final class UninstallCommand implements Callable<Integer> {

  private final InstallContext context;

  @Option(names = "--runner", paramLabel = "RUNNER", defaultValue = "all",
      description = Targets.RUNNER_HELP)
  String runner;

  @Option(names = "--scope", paramLabel = "SCOPE", defaultValue = "user",
      description = "user, project or local, as for install (default: ${DEFAULT-VALUE}).")
  String scope;

  @Option(names = "--dry-run", description = "Print the change as a unified diff; write nothing.")
  boolean dryRun;

  /**
   * The {@code uninstall} command; it writes nothing until it runs.
   *
   * @param context the environment, directories, streams and launcher it reads
   */
  public UninstallCommand(InstallContext context) {
    this.context = Objects.requireNonNull(context, "context");
  }

  @Override
  public Integer call() {
    Scope where = Targets.scope(scope);
    List<Runner> runners = Targets.runners(runner, context);
    boolean failed = false;
    for (Runner target : runners) {
      if (!target.scopes().contains(where)) {
        continue;
      }
      try {
        uninstallOne(target, where);
      } catch (InstallException e) {
        context.err().println("groundskeeper uninstall: " + target.id + ": " + e.getMessage());
        failed = true;
      }
    }
    return failed ? 2 : 0;
  }

  private void uninstallOne(Runner target, Scope where) {
    Path file = target.file(where, context.environment(), context.project().get());
    String label = target.id + " (" + where.id + ")";
    Optional<String> before = SettingsFile.read(file);
    if (before.isEmpty()) {
      context.out().println(label + ": no " + file + "; nothing to remove");
      return;
    }
    String after = new Registrar(target, file).uninstall(before.get());
    if (after.equals(before.get())) {
      context.out().println(label + ": no Groundskeeper hook in " + file + "; nothing changed");
      return;
    }
    if (dryRun) {
      context.out().println(label + ": would change " + file + ":");
      context.out().print(Diff.unified(file.toString(), before.get(), after));
      return;
    }
    Path backup = SettingsFile.backup(file, context.clock());
    SettingsFile.replace(file, after);
    context.out().println(label + ": removed Groundskeeper's hooks from " + file + "; backup: "
        + backup);
  }
}
