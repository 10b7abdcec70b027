package dev.groundskeeper.cli;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.GroundskeeperException;
import dev.groundskeeper.api.PolicyBuilder;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.config.EffectiveConfig;
import dev.groundskeeper.cli.branch.BranchCommand;
import dev.groundskeeper.cli.install.DoctorCommand;
import dev.groundskeeper.cli.install.InstallCommand;
import dev.groundskeeper.cli.install.InstallContext;
import dev.groundskeeper.cli.install.UninstallCommand;
import dev.groundskeeper.cli.log.LogCommand;
import dev.groundskeeper.cli.replay.ReplayCommand;
import dev.groundskeeper.cli.scratch.ScratchCommand;
import dev.groundskeeper.cli.serve.ServeCommand;
import dev.groundskeeper.cli.snapshot.SnapshotCommand;
import dev.groundskeeper.cli.snapshot.SnapshotContext;
import dev.groundskeeper.cli.snapshot.UndoCommand;
import dev.groundskeeper.cli.worktree.WorktreeCommand;
import dev.groundskeeper.host.Host;
import dev.groundskeeper.host.PolicyCache;
import dev.groundskeeper.host.ProgramWord;
import dev.groundskeeper.host.Snapshots;
import dev.groundskeeper.host.Workspace;
import dev.groundskeeper.api.config.ConfigSpec;
import dev.groundskeeper.rules.changes.ChangesConfig;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.config.ConfigException;
import dev.groundskeeper.api.config.ConfigLayers;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import picocli.CommandLine;

/**
 * The {@code groundskeeper} command. {@link #run} is the whole program with its streams,
 * environment and working directory passed in, so that it can run in-process without touching
 * the real ones.
 */
@API(status = API.Status.INTERNAL)
public final class Main {

  /** Exit code of a verb that could not do its work (bad usage, configuration or plugin). */
  static final int CANNOT_RUN = 2;

  private final Clock clock;
  private final Consumer<PolicyBuilder> policyCustomizer;
  /** Whether this program's standard error is a terminal, and the progress delay on it. */
  private boolean errTerminal;
  private Duration progressDelay = Progress.DELAY;
  /** One per program: a served process answers every call from the policies built so far. */
  private final PolicyCache policies = PolicyCache.create();
  /** And the hosts over it, one per environment and plugin paths seen. */
  private final HostCache hosts = new HostCache();

  /** The program on the system clock, with every rule discovered on the class path. */
  public Main() {
    this(Clock.systemUTC(), builder -> { });
  }

  /** For tests: a fixed clock, and a hook to narrow or extend the discovered rules. */
  Main(Clock clock, Consumer<PolicyBuilder> policyCustomizer) {
    this.clock = Objects.requireNonNull(clock, "clock");
    this.policyCustomizer = Objects.requireNonNull(policyCustomizer, "policyCustomizer");
  }

  /**
   * The {@code groundskeeper} command on the process's own streams, environment and working
   * directory; exits with the verb's exit code.
   *
   * @param args the command line after the program's name
   */
  public static void main(String[] args) {
    Main program = new Main().terminal(Progress.stderrIsTerminal(), Progress.DELAY);
    int code = program.run(args, System.in, System.out, System.err, System.getenv(),
        Path.of("").toAbsolutePath());
    System.out.flush();
    System.exit(code);
  }

  /**
   * Says whether standard error is a terminal, so that slow verbs may show their progress on it
   * (tests give a zero delay); only the process's own streams can be one.
   */
  Main terminal(boolean terminal, Duration delay) {
    this.errTerminal = terminal;
    this.progressDelay = delay;
    return this;
  }

  /**
   * Runs the command and returns its exit code; never calls {@link System#exit}.
   *
   * @param args the command line after the program's name
   * @param in standard input (a hook's payload)
   * @param out standard output
   * @param err standard error
   * @param env the environment the command reads, in place of the process's own
   * @param workingDirectory the directory the command runs in
   * @return the exit code, as each verb's {@code --help} lists them
   */
  public int run(String[] args, InputStream in, PrintStream out, PrintStream err,
      Map<String, String> env, Path workingDirectory) {
    Invocation invocation = new Invocation(in, out, err, env, workingDirectory, clock,
        policyCustomizer, policies, hosts).terminal(errTerminal, progressDelay);
    int code;
    if (args.length == 1 && args[0].equals("hook")) {
      // The hook as a runner calls it, with no option to parse: building picocli's model of every
      // verb cost about four fifths of a served call (docs/benchmarks/engine.md). HookCommand
      // answers every failure itself, as it does under picocli.
      code = new HookCommand(invocation).call();
    } else {
      code = commandLine(invocation).execute(args);
    }
    out.flush();
    err.flush();
    return code;
  }

  static CommandLine commandLine(Invocation invocation) {
    CommandLine cli = new CommandLine(new RootCommand(invocation));
    cli.addSubcommand(new HookCommand(invocation));
    cli.addSubcommand(new CommandLine(new CheckCommand(invocation)).setStopAtPositional(true));
    cli.addSubcommand(new RulesCommand(invocation));
    cli.addSubcommand(new SweepCommand(invocation));
    cli.addSubcommand(new TrustCommand(invocation));
    cli.addSubcommand(new CommandLine(new ConfigCommand())
        .addSubcommand(new ConfigCommand.Show(invocation))
        .addSubcommand(new ConfigCommand.Schema(invocation)));
    cli.addSubcommand(new WorktreeCommand(invocation.environment(),
        invocation.workingDirectory(), invocation.clock(),
        () -> invocation.host().policies().load(Workspace.locate(invocation.workingDirectory())),
        (policy, event) -> invocation.host().facts(
            Workspace.locate(invocation.workingDirectory()), policy, event))
        .progress(() -> Progress.of(invocation, "worktree prune")));
    cli.addSubcommand(ScratchCommand.commandLine(scratchContext(invocation)));
    cli.addSubcommand(new BranchCommand(invocation.out(), invocation.err(),
        invocation.workingDirectory(), invocation::host,
        directory -> invocation.host().policies().load(Workspace.locate(directory)))
        .progress(() -> Progress.of(invocation, "branch clean")).commandLine());
    InstallContext install = installContext(invocation);
    cli.addSubcommand(new InstallCommand(install));
    cli.addSubcommand(new UninstallCommand(install));
    cli.addSubcommand(new DoctorCommand(install));
    cli.addSubcommand(new LogCommand(invocation.out(), () -> invocation.host().decisionLog(),
        invocation.clock()));
    cli.addSubcommand(new ReplayCommand(invocation.out(), invocation.err(),
        invocation.workingDirectory(), invocation::host, invocation::pluginPaths));
    // A served hook call runs this same program, in-process, with the caller's streams.
    cli.addSubcommand(new ServeCommand(invocation.environment(), invocation.workingDirectory(),
        invocation.out(), invocation.err(),
        new Main(invocation.clock(), invocation.policyCustomizer())::run, invocation.clock()));
    cli.addSubcommand(SnapshotCommand.commandLine(snapshotContext(invocation)));
    cli.addSubcommand(new UndoCommand(snapshotContext(invocation)));
    // serve refuses the inherited --plugin-path (each served call brings its own plugins), so
    // its help must not offer it; the option stays, hidden, to be refused with that reason.
    hide(cli.getSubcommands().get("serve"), "--plugin-path");
    cli.addSubcommand(new HelpVerb(invocation));
    cli.addSubcommand(new CompletionCommand(invocation));
    cli.setOut(new PrintWriter(invocation.out(), true));
    cli.setErr(new PrintWriter(invocation.err(), true));
    cli.setColorScheme(CommandLine.Help.defaultColorScheme(ansi(invocation.env("NO_COLOR"),
        invocation.out() == System.out && System.console() != null)));
    cli.setExecutionExceptionHandler((e, command, parsed) -> failed(e, command, invocation));
    // picocli words a converter's own exception with its class name; a path it cannot make
    // (a NUL in it) is said in words. Registered last: it reaches the verbs added so far.
    cli.registerConverter(Path.class, Main::path);
    cli.setParameterExceptionHandler(Main::misused);
    return cli;
  }

  /** What install, uninstall and doctor read, resolved only when one of them runs. */
  private static InstallContext installContext(Invocation invocation) {
    Path cwd = invocation.workingDirectory();
    return new InstallContext(invocation.environment(), cwd, invocation.out(), invocation.err(),
        invocation.clock(), InstallContext.installedLauncher(),
        () -> {
          // Every event the discovered rules read (built-in and --plugin-path), at their defaults.
          Policy atDefaults =
              invocation.host().policies().discovering(invocation.pluginPaths()).build();
          Set<Class<? extends Event>> events = new HashSet<>();
          atDefaults.rules().forEach(rule -> events.addAll(rule.rule().info().events()));
          return events;
        },
        () -> Workspace.locate(cwd).root(),
        () -> {
          List<String> files = new ArrayList<>();
          ConfigLayers.discover(cwd, invocation.environment())
              .forEach(layer -> layer.file().ifPresent(file -> files.add(file.toString())));
          List<String> problems = new ArrayList<>();
          try {
            invocation.host().policies().load(Workspace.locate(cwd));
          } catch (ConfigException e) {
            e.problems().forEach(problem -> problems.add(problem.render()));
          } catch (GroundskeeperException e) {
            problems.add(e.getMessage());
          }
          return new InstallContext.ConfigurationReport(files, problems);
        },
        () -> {
          // serve --status of this same program, in-process: it finds the socket as the
          // launcher does and never starts a server.
          ByteArrayOutputStream text = new ByteArrayOutputStream();
          PrintStream sink = new PrintStream(text, true, StandardCharsets.UTF_8);
          int code = new Main(invocation.clock(), invocation.policyCustomizer()).run(
              new String[] {"serve", "--status"}, InputStream.nullInputStream(), sink, sink,
              invocation.environment(), cwd);
          return new InstallContext.ServerReport(code == 0, text.toString(StandardCharsets.UTF_8));
        });
  }

  /** What the scratch verbs read, resolved only when one of them runs. */
  private static SnapshotContext snapshotContext(Invocation invocation) {
    return new SnapshotContext() {
      @Override
      public Path directory() {
        return invocation.workingDirectory();
      }

      @Override
      public Snapshots snapshots() {
        return invocation.host().snapshots();
      }

      @Override
      public int keepDays() {
        // an unusable configuration file keeps the defaults here, as the hook does
        return invocation.host().policyOrDefaults(Workspace.locate(invocation.workingDirectory()),
            new ArrayList<>()).config().get(CHANGES).snapshots().keepDays();
      }

      @Override
      public PrintStream out() {
        return invocation.out();
      }

      @Override
      public PrintStream err() {
        return invocation.err();
      }

      @Override
      public Clock clock() {
        return invocation.clock();
      }

      @Override
      public ProgramWord program() {
        return invocation.host().program();
      }
    };
  }

  /** The {@code changes:} block, whose snapshot keep age the snapshot verbs and sweep read. */
  static final ConfigSpec<ChangesConfig> CHANGES =
      new ConfigSpec<>(ChangesConfig.NAMESPACE, ChangesConfig.class, ChangesConfig.DEFAULTS);

  private static ScratchCommand.Context scratchContext(Invocation invocation) {
    return new ScratchCommand.Context() {
      @Override
      public Path directory() {
        return invocation.workingDirectory();
      }

      @Override
      public Optional<Path> root() {
        return Workspace.locate(invocation.workingDirectory()).root();
      }

      @Override
      public EffectiveConfig config() {
        return invocation.host().policies().load(
            Workspace.locate(invocation.workingDirectory())).config();
      }

      @Override
      public PrintStream out() {
        return invocation.out();
      }

      @Override
      public Clock clock() {
        return invocation.clock();
      }

      @Override
      public ProgramWord program() {
        return invocation.host().program();
      }
    };
  }

  /**
   * A verb that failed: its message, one line, with no exception's name in it; with
   * {@code --debug} the stack trace follows (a plugin's failure carries its cause).
   */
  static int failed(Exception e, CommandLine command, Invocation invocation) {
    boolean expected = e instanceof CliException || e instanceof GroundskeeperException;
    String message = expected ? e.getMessage() : internalError(e, invocation.debug());
    command.getErr().println(name(command) + ": " + message);
    if (invocation.debug() && (!expected || e.getCause() != null)) {
      e.printStackTrace(command.getErr());
    }
    command.getErr().flush();
    return CANNOT_RUN;
  }

  private static Path path(String value) {
    try {
      return Path.of(value);
    } catch (InvalidPathException e) {
      throw new CommandLine.TypeConversionException("not a usable path: "
          + SafeText.escape(value) + " (" + e.getReason() + ")");
    }
  }

  /** An unexpected exception in words: its message, never its class's name. */
  static String internalError(Throwable e, boolean debug) {
    return "internal error: " + SafeText.failure(e)
        + (debug ? "" : " (--debug prints its stack trace)");
  }

  /**
   * Colour in help only on a terminal, never with {@code NO_COLOR} set to a non-empty value
   * (no-color.org): read from this run's environment and streams, since a served call runs in a
   * server whose own environment and streams are not the caller's.
   */
  static CommandLine.Help.Ansi ansi(Optional<String> noColor, boolean terminal) {
    return noColor.isEmpty() && terminal ? CommandLine.Help.Ansi.AUTO : CommandLine.Help.Ansi.OFF;
  }

  private static void hide(CommandLine command, String name) {
    CommandLine.Model.CommandSpec spec = command.getCommandSpec();
    CommandLine.Model.OptionSpec option = spec.findOption(name);
    if (option != null) {
      spec.remove(option);
      spec.addOption(option.toBuilder().hidden(true).build());
    }
  }

  private static int misused(CommandLine.ParameterException e, String[] args) {
    CommandLine command = e.getCommandLine();
    String suggestion = "";
    if (e instanceof CommandLine.UnmatchedArgumentException unmatched
        && !unmatched.getUnmatched().isEmpty()) {
      List<String> near = near(unmatched.getUnmatched().get(0), unmatched.getSuggestions());
      if (!near.isEmpty()) {
        suggestion = "; did you mean " + String.join(" or ", near) + "?";
      }
    }
    command.getErr().println(name(command) + ": " + e.getMessage() + suggestion
        + " (see " + name(command) + " --help)");
    // A hook's runner reads exit 2 as a deliberate block; a misconfigured hook must not block.
    return command.getCommand() instanceof HookCommand ? HookCommand.FAILED : CANNOT_RUN;
  }

  /**
   * picocli's suggestions that are a typo away from what was typed (at most a third of its
   * letters changed, and at least one): its own list also offers names that merely share
   * letters, such as {@code snapshot} for {@code polish}.
   */
  static List<String> near(String typed, List<String> suggestions) {
    String word = typed.contains("=") ? typed.substring(0, typed.indexOf('=')) : typed;
    int allowed = Math.max(1, word.replaceFirst("^-+", "").length() / 3);
    return suggestions.stream().filter(name -> distance(word, name) <= allowed).distinct()
        .limit(3).toList();
  }

  /** The Levenshtein distance: letters inserted, deleted or changed. */
  private static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int change = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1),
            previous[j - 1] + change);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }

  private static String name(CommandLine command) {
    return command.getCommandSpec().qualifiedName();
  }
}
