package dev.groundskeeper.cli.install;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Event;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What install, uninstall and doctor read from the program around them: its environment (never
 * {@link System#getenv()}, so tests stay away from the real home), working directory, streams,
 * clock, this installation's launcher, the events the rules read, the configuration
 * check and the warm server's status.
 *
 * @param environment the variables read ({@code HOME}, {@code PATH}, the runners' own) in place
 *     of the process's
 * @param workingDirectory the directory relative paths are resolved against
 * @param out where reports and dry-run diffs go (standard output)
 * @param err where refusals and problems go (standard error)
 * @param clock the time backups of settings files are named with and doctor's sample call
 *     carries
 * @param launcher this installation's {@code bin/groundskeeper}, when it can be found
 * @param ruleEvents the events the discovered rules read (built-in and plugin rules at their
 *     defaults); each runner's adapter says which hooks and tools deliver them
 * @param project the repository root of the working directory, if it is in one
 * @param configuration the configuration files in force and their problems
 * @param server whether a warm server answers, and what it said (never starts one)
 */
@API(status = API.Status.INTERNAL)
public record InstallContext(Map<String, String> environment, Path workingDirectory,
    PrintStream out, PrintStream err, Clock clock, Supplier<Optional<Path>> launcher,
    Supplier<Set<Class<? extends Event>>> ruleEvents, Supplier<Optional<Path>> project,
    Supplier<ConfigurationReport> configuration, Supplier<ServerReport> server) {

  /**
   * Checks that no component is null and keeps an immutable copy of the environment.
   *
   * @param environment the variables read in place of the process's
   * @param workingDirectory the directory relative paths are resolved against
   * @param out standard output
   * @param err standard error
   * @param clock the time backups are named with
   * @param launcher this installation's {@code bin/groundskeeper}, when it can be found
   * @param ruleEvents the events the discovered rules read
   * @param project the repository root of the working directory, if it is in one
   * @param configuration the configuration files in force and their problems
   * @param server whether a warm server answers, and what it said
   * @throws NullPointerException if a component, a variable name or a value is null
   */
  public InstallContext {
    environment = Map.copyOf(environment);
    Objects.requireNonNull(workingDirectory, "workingDirectory");
    Objects.requireNonNull(out, "out");
    Objects.requireNonNull(err, "err");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(launcher, "launcher");
    Objects.requireNonNull(ruleEvents, "ruleEvents");
    Objects.requireNonNull(project, "project");
    Objects.requireNonNull(configuration, "configuration");
    Objects.requireNonNull(server, "server");
  }

  /**
   * The launcher beside this code (the checkout's bin/groundskeeper), if there is one.
   *
   * @return a supplier that looks each time it is asked; empty when no executable
   *     {@code bin/groundskeeper} lies in or a few directories above this code's jar
   */
  public static Supplier<Optional<Path>> installedLauncher() {
    return () -> Launcher.beside(InstallContext.class).map(Launcher::path);
  }

  /**
   * The configuration in force for the working directory.
   *
   * @param files the configuration files read, weakest first
   * @param problems each problem, rendered with its file, line and key
   */
  public record ConfigurationReport(List<String> files, List<String> problems) {
    /**
     * Keeps immutable copies of the lists.
     *
     * @param files the configuration files read, weakest first
     * @param problems each problem, rendered with its file, line and key
     * @throws NullPointerException if a list or an element is null
     */
    public ConfigurationReport {
      files = List.copyOf(files);
      problems = List.copyOf(problems);
    }
  }

  /**
   * What the warm server's status check found, for doctor.
   *
   * @param up whether a server answered on its socket
   * @param text what {@code serve --status} printed
   */
  public record ServerReport(boolean up, String text) {
    /**
     * Checks that the text is not null.
     *
     * @param up whether a server answered on its socket
     * @param text what {@code serve --status} printed
     * @throws NullPointerException if the text is null
     */
    public ServerReport {
      Objects.requireNonNull(text, "text");
    }
  }
}
