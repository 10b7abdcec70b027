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

  @Option(names = "--debug", scope = ScopeType.INHERIT,
      description = "On a failing rule or plugin, or an internal error: print its stack trace on"
          + " standard error.")
  void debug(boolean on) {
    // picocli also sets the default (false) on the copies a verb inherits: only ever turn it on
    if (on) {
      invocation.debug(true);
    }
  }

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and"
      + " exit.")
  boolean help;

  // Not picocli's versionHelp: that prints before any other option is read, and --json must be.
  @Option(names = {"-V", "--version"}, description = "Print version information and exit.")
  boolean version;

  @Option(names = "--json", description = "With --version: print it as JSON (version, java, vm).")
  boolean json;

  @Option(names = "--pretty", description = "With --version --json: indent the JSON.")
  boolean pretty;

  @Override
  public Integer call() {
    if (version) {
      if (json) {
        invocation.out().println(Json.text(Json.object().put("version", Version.current())
            .put("java", System.getProperty("java.version"))
            .put("vm", System.getProperty("java.vm.name")), pretty));
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
