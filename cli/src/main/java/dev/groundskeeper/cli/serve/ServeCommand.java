package dev.groundskeeper.cli.serve;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.API;
import dev.groundskeeper.cli.Json;
import dev.groundskeeper.host.ProgramWord;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code groundskeeper serve}: the warm path for runners that call the hook often. */
@API(status = API.Status.INTERNAL)
@Command(name = "serve", mixinStandardHelpOptions = true,
    description = {
        "Answers hook calls from a long-lived JVM on a Unix domain socket.",
        "",
        "While it runs, bin/groundskeeper hook sends each call to it (with curl) instead of"
            + " starting a JVM, and gets the answer a fresh process would give: the same"
            + " standard output, standard error and exit code. Every call re-reads the"
            + " configuration and the repository. A call the server declines, or any call when no"
            + " server answers, runs in a process of its own as before.",
        "",
        "The socket is --socket, else $GROUNDSKEEPER_SOCKET, else"
            + " $GROUNDSKEEPER_HOME/run/serve.sock, else $XDG_RUNTIME_DIR/groundskeeper/serve.sock,"
            + " else ~/.groundskeeper/run/serve.sock. Start the server from the environment the"
            + " runner has (see docs/claude-code.md).",
        "",
        "Plugins come with each call (engine.plugins, or the hook's own --plugin-path), never"
            + " from the server, so serve takes no --plugin-path."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:stopped (idle or --stop); --stop and --status: done",
        "1:--status: no server answers; --stop: the server did not stop in time",
        "2:cannot serve: a live server answers on the socket, the socket's directory is refused,"
            + " or an option is wrong",
        "130, 143:stopped on SIGINT or SIGTERM (the socket is removed all the same)"})
public final class ServeCommand implements Callable<Integer> {

  private static final Pattern DURATION = Pattern.compile("(\\d+)([smhd]?)");

  private final Map<String, String> environment;
  private final Path workingDirectory;
  private final PrintStream out;
  private final PrintStream err;
  private final HookRunner runner;
  private final Clock clock;

  @Spec
  CommandSpec spec;

  @Option(names = "--socket", paramLabel = "PATH",
      description = "The socket to serve on (or to stop, or to ask for --status).")
  Path socket;

  @Option(names = "--idle-timeout", paramLabel = "DURATION", defaultValue = "1h",
      converter = DurationConverter.class,
      description = "Stop after this long without a call: 90s, 30m, 2h, 1d; 0 never stops"
          + " (default: ${DEFAULT-VALUE}).")
  Duration idleTimeout;

  @Option(names = "--max-concurrent", paramLabel = "N", defaultValue = "4",
      description = "Calls answered at once; more wait briefly, then run in their own process"
          + " (default: ${DEFAULT-VALUE}).")
  int maxConcurrent;

  @Option(names = "--stop", description = "Stop the server on the socket and wait until it has.")
  boolean stop;

  @Option(names = "--status", description = "Print what the server on the socket has done.")
  boolean status;

  @Option(names = "--json", description = "With --status: one JSON object (running, socket, and"
      + " the status fields, numbers as numbers).")
  boolean json;

  @Option(names = "--pretty", description = "With --status --json: indent the object.")
  boolean pretty;

  /**
   * The {@code serve} command; it opens no socket until it runs.
   *
   * @param environment the server's environment: it locates the socket, and a call whose
   *     environment differs from it is declined (it runs in a process of its own)
   * @param workingDirectory the directory a relative {@code --socket} is resolved against
   * @param out where {@code --status} and {@code --stop} report
   * @param err the server's log: that it answers, why it stopped, and what failed
   * @param runner what answers each call, in-process, as a fresh process would
   * @param clock the wall time its start (in the status) and the age of left-over request
   *     files are read from; the idle timeout runs on the monotonic timer
   */
  public ServeCommand(Map<String, String> environment, Path workingDirectory, PrintStream out,
      PrintStream err, HookRunner runner, Clock clock) {
    this.environment = Map.copyOf(environment);
    this.workingDirectory = Objects.requireNonNull(workingDirectory, "workingDirectory");
    this.out = Objects.requireNonNull(out, "out");
    this.err = Objects.requireNonNull(err, "err");
    this.runner = Objects.requireNonNull(runner, "runner");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  @Override
  public Integer call() throws IOException, InterruptedException {
    try {
      return serve();
    } catch (ServeException e) {
      // the commands a refusal names ("stop it first with groundskeeper serve --stop") must run
      // as printed, like every remedy
      throw new ServeException(program().render(e.getMessage()));
    }
  }

  private ProgramWord program() {
    return ProgramWord.of(environment);
  }

  private Integer serve() throws IOException, InterruptedException {
    if (stop && status) {
      throw new ServeException("give --stop or --status, not both");
    }
    if (json && !status) {
      throw new ServeException("--json goes with --status");
    }
    if (pretty && !json) {
      throw new ServeException("--pretty goes with --status --json");
    }
    if (spec.commandLine().getParseResult().hasMatchedOption("--plugin-path")
        || spec.root().commandLine().getParseResult().hasMatchedOption("--plugin-path")) {
      // A served call must answer as the caller's own command line would, plugins included.
      throw new ServeException("--plugin-path belongs to the hook command (groundskeeper hook"
          + " --plugin-path ...) or to engine.plugins; each call brings its own");
    }
    SocketLocation location = SocketLocation.of(Optional.ofNullable(socket), environment,
        workingDirectory);
    if (stop) {
      return stop(location);
    }
    if (status) {
      return status(location);
    }
    if (maxConcurrent < 1 || maxConcurrent > 64) {
      throw new ServeException("--max-concurrent must be between 1 and 64, not " + maxConcurrent);
    }
    HookServer server = HookServer.start(new HookServer.Settings(location, idleTimeout,
        maxConcurrent, environment, CodeIdentity.of(ServeCommand.class), runner, err, clock));
    Thread onSignal = new Thread(() -> {
      server.stop("signalled");
      try {
        server.awaitStopped(HookServer.STOP_WAIT.plusSeconds(5));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "groundskeeper-serve-signal");
    Runtime.getRuntime().addShutdownHook(onSignal);
    err.println(program().render("groundskeeper serve: answering hook calls on "
        + server.socket() + " (pid " + ProcessHandle.current().pid() + "; stops "
        + (idleTimeout.isZero() ? "" : "after " + format(idleTimeout) + " without a call, ")
        + "on groundskeeper serve --stop, or on a signal)"));
    while (!server.awaitStopped(Duration.ofHours(1))) {
      // waiting for a stop
    }
    try {
      Runtime.getRuntime().removeShutdownHook(onSignal);
    } catch (IllegalStateException shuttingDown) {
      // the hook itself stopped the server
    }
    return 0;
  }

  private int stop(SocketLocation location) throws IOException, InterruptedException {
    Path path = location.socket();
    switch (location.state()) {
      case ABSENT -> {
        out.println("no server runs on " + path);
        return 0;
      }
      case NOT_A_SOCKET -> throw new ServeException(path + " exists and is not a socket");
      case STALE -> {
        Optional<String> kept = removeStale(path);
        if (kept.isPresent()) {
          out.println("no server answers on " + path);
          err.println("groundskeeper serve: the stale socket " + path + " stays: " + kept.get()
              + "; the next server removes it");
        } else {
          out.println("no server answered on " + path + "; removed its stale socket");
        }
        return 0;
      }
      case LIVE -> { }
    }
    Optional<Http.Response> response = ServeClient.call(path, "POST", HookServer.STOP_PATH,
        new byte[0]);
    if (response.isEmpty()) {
      out.println("no server runs on " + path);
      return 0;
    }
    if (response.get().status() != 200) {
      throw new ServeException("the server on " + path + " refused to stop: "
          + response.get().text().strip());
    }
    // Stopped means the socket is gone, or at least the lock is free (a server killed while
    // stopping leaves its socket behind).
    long deadline = System.nanoTime() + HookServer.STOP_WAIT.plusSeconds(5).toNanos();
    while (location.state() != SocketLocation.State.ABSENT
        && (location.state() == SocketLocation.State.LIVE
            || HookServer.lockHeld(location.lockFile()))) {
      if (System.nanoTime() > deadline) {
        err.println("groundskeeper serve: the server on " + path + " did not stop within "
            + HookServer.STOP_WAIT.plusSeconds(5).toSeconds() + " s");
        return 1;
      }
      Thread.sleep(20);
    }
    Optional<String> kept = location.state() == SocketLocation.State.STALE
        ? removeStale(path) : Optional.empty();
    out.println("stopped the server on " + path);
    kept.ifPresent(why -> err.println("groundskeeper serve: its socket " + path + " stays: " + why
        + "; the next server removes it"));
    return 0;
  }

  /**
   * Removes a socket no server answers on; empty when it is gone, else why it stays. A directory
   * gone read-only (or otherwise refusing) keeps it: the server is stopped all the same, and a
   * stale socket is harmless (the launcher answers cold, the next server removes it), so this is
   * said, not failed on.
   */
  private static Optional<String> removeStale(Path path) {
    try {
      Files.deleteIfExists(path);
      return Optional.empty();
    } catch (IOException e) {
      String reason = e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null
          ? fs.getReason() : e.getMessage();
      return Optional.of(String.valueOf(reason));
    }
  }

  private int status(SocketLocation location) throws IOException {
    Path path = location.socket();
    Optional<Http.Response> response = location.state() == SocketLocation.State.LIVE
        ? ServeClient.call(path, "GET", HookServer.STATUS_PATH, new byte[0])
        : Optional.empty();
    boolean running = response.isPresent() && response.get().status() == 200;
    if (json) {
      out.println(Json.text(statusJson(path, running ? response.get().text() : ""), pretty));
      return running ? 0 : 1;
    }
    if (!running) {
      out.println("no server answers on " + path);
      return 1;
    }
    out.print(response.get().text());
    return 0;
  }

  /**
   * The server's {@code key: value} lines as one object, keys in snake case; whole numbers stay
   * numbers. Built here from the text the server already sends, so an older server's status
   * reads too.
   */
  static ObjectNode statusJson(Path socket, String text) {
    ObjectNode node = Json.object();
    node.put("running", !text.isEmpty());
    node.put("socket", socket.toString());
    for (String line : text.split("\n")) {
      int colon = line.indexOf(": ");
      if (colon <= 0) {
        continue;
      }
      // "call time (last 12 answered)": the count in brackets is part of the value's words
      String key = line.substring(0, colon).replaceAll("\\(.*\\)", "").strip()
          .toLowerCase(Locale.ROOT)
          .replaceAll("[^a-z0-9]+", "_").replaceAll("^_|_$", "");
      String value = line.substring(colon + 2).strip();
      if (key.isEmpty() || key.equals("socket")) {
        continue;
      }
      if (value.matches("\\d{1,18}")) {
        node.put(key, Long.parseLong(value));
      } else {
        node.put(key, value);
      }
    }
    return node;
  }

  /** A duration as the option takes it: the largest whole unit. */
  static String format(Duration duration) {
    long seconds = duration.toSeconds();
    if (seconds % 86_400 == 0) {
      return seconds / 86_400 + "d";
    }
    if (seconds % 3_600 == 0) {
      return seconds / 3_600 + "h";
    }
    if (seconds % 60 == 0) {
      return seconds / 60 + "m";
    }
    return seconds + "s";
  }

  static final class DurationConverter implements ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
      Matcher matcher = DURATION.matcher(value.strip().toLowerCase(Locale.ROOT));
      if (matcher.matches()) {
        long amount = Long.parseLong(matcher.group(1));
        return switch (matcher.group(2)) {
          case "m" -> Duration.ofMinutes(amount);
          case "h" -> Duration.ofHours(amount);
          case "d" -> Duration.ofDays(amount);
          default -> Duration.ofSeconds(amount);
        };
      }
      try {
        Duration parsed = Duration.parse(value.strip());
        if (!parsed.isNegative()) {
          return parsed;
        }
      } catch (DateTimeParseException e) {
        // reported below
      }
      // picocli prints a TypeConversionException's message as it is; any other exception it
      // would quote with its class name.
      throw new CommandLine.TypeConversionException("not a duration: `" + value
          + "` (examples: 90s, 30m, 2h, 1d, 0)");
    }
  }
}
