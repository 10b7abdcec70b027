package dev.groundskeeper.cli;

import dev.groundskeeper.api.PolicyBuilder;
import dev.groundskeeper.host.Host;
import dev.groundskeeper.host.PolicyCache;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Everything one run of the command may touch from the outside: its streams, its environment
 * (never {@link System#getenv()} directly, so tests stay hermetic), its working directory, the
 * clock, and the plugin paths given with {@code --plugin-path}.
 */
final class Invocation {

  private final InputStream in;
  private final PrintStream out;
  private final PrintStream err;
  private final Map<String, String> env;
  private final Path workingDirectory;
  private final Clock clock;
  private final Consumer<PolicyBuilder> policyCustomizer;
  private final List<Path> pluginPaths = new ArrayList<>();
  private final PolicyCache policies;
  private final HostCache hosts;
  private Host host;
  private volatile boolean debug;
  private boolean errTerminal;
  private Duration progressDelay = Progress.DELAY;

  Invocation(InputStream in, PrintStream out, PrintStream err, Map<String, String> env,
      Path workingDirectory, Clock clock, Consumer<PolicyBuilder> policyCustomizer,
      PolicyCache policies, HostCache hosts) {
    this.in = Objects.requireNonNull(in, "in");
    this.out = Objects.requireNonNull(out, "out");
    this.err = Objects.requireNonNull(err, "err");
    this.env = Map.copyOf(env);
    this.workingDirectory = workingDirectory.toAbsolutePath().normalize();
    this.clock = Objects.requireNonNull(clock, "clock");
    this.policyCustomizer = Objects.requireNonNull(policyCustomizer, "policyCustomizer");
    this.policies = Objects.requireNonNull(policies, "policies");
    this.hosts = Objects.requireNonNull(hosts, "hosts");
  }

  /**
   * The host runtime of this run: this run's environment, clock and plugin paths, over the
   * policy cache of the program (shared by every run of one served process).
   */
  synchronized Host host() {
    if (host == null) {
      host = hosts.get(env, pluginPaths, clock, policyCustomizer, policies);
    }
    return host;
  }

  InputStream in() {
    return in;
  }

  PrintStream out() {
    return out;
  }

  PrintStream err() {
    return err;
  }

  Optional<String> env(String name) {
    return Optional.ofNullable(env.get(name)).filter(value -> !value.isEmpty());
  }

  /** The whole environment, for APIs that read their own variables from it. */
  Map<String, String> environment() {
    return env;
  }

  Path workingDirectory() {
    return workingDirectory;
  }

  /** Resolves a path given by the person against the working directory. */
  Path resolve(Path path) {
    return workingDirectory.resolve(path).normalize();
  }

  /** Expands a leading {@code ~/} with {@code HOME}, as a shell would for a configured path. */
  String expandHome(String path) {
    if ((path.equals("~") || path.startsWith("~/")) && env("HOME").isPresent()) {
      return env("HOME").get() + path.substring(1);
    }
    return path;
  }

  Clock clock() {
    return clock;
  }

  Consumer<PolicyBuilder> policyCustomizer() {
    return policyCustomizer;
  }

  List<Path> pluginPaths() {
    return List.copyOf(pluginPaths);
  }

  /** Whether standard error is a terminal (only the real process's can be): progress on it. */
  boolean errTerminal() {
    return errTerminal;
  }

  Duration progressDelay() {
    return progressDelay;
  }

  /** For the program and its tests: standard error is a terminal, progress after {@code delay}. */
  Invocation terminal(boolean terminal, Duration delay) {
    errTerminal = terminal;
    progressDelay = delay;
    return this;
  }

  /** Whether {@code --debug} was given: stack traces of failures go to standard error. */
  boolean debug() {
    return debug;
  }

  void debug(boolean on) {
    debug = on;
  }

  synchronized void addPluginPaths(List<Path> paths) {
    paths.forEach(path -> pluginPaths.add(resolve(path)));
    host = null; // built again with them
  }
}
