package dev.groundskeeper.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

@Command(name = "groundskeeper", versionProvider = Version.class,
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

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and"
      + " exit.")
  boolean help;

  // Not picocli's versionHelp: that prints before any other option is read, and --json must be.
  @Option(names = {"-V", "--version"}, description = "Print version information and exit.")
  boolean version;

  @Option(names = "--json", description = "With --version: print it as JSON (version, java, vm).")
  boolean json;

  @Override
  public Integer call() {
    if (version) {
      if (json) {
        invocation.out().println(Json.pretty(Json.object().put("version", Version.current())
            .put("java", System.getProperty("java.version"))
            .put("vm", System.getProperty("java.vm.name"))));
      } else {
        for (String line : new Version().getVersion()) {
          invocation.out().println(line);
        }
      }
      return 0;
    }
    spec.commandLine().usage(spec.commandLine().getErr());
    return Main.CANNOT_RUN;
  }
}
