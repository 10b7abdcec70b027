package dev.groundskeeper.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

@Command(name = "groundskeeper", mixinStandardHelpOptions = true,
    versionProvider = Version.class,
    description = "Keeps an AI coding agent's workspace tidy without losing work.",
    footer = {"", "Exit codes depend on the verb; see each verb's --help."})
final class RootCommand implements Callable<Integer> {

  private final Invocation invocation;

  @Spec
  private CommandSpec spec;

  RootCommand(Invocation invocation) {
    this.invocation = invocation;
  }

  @Option(names = "--plugin-path", paramLabel = "PATH", split = "${sys:path.separator}",
      scope = ScopeType.INHERIT,
      description = "Extra rule jars, or directories of jars, separated by '${sys:path.separator}'"
          + " (added to engine.plugins).")
  void pluginPath(List<Path> paths) {
    invocation.addPluginPaths(paths);
  }

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return Main.CANNOT_RUN;
  }
}
