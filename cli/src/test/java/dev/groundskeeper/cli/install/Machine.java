package dev.groundskeeper.cli.install;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Policy;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;

/**
 * A machine in a temporary directory: a home (HOME, XDG and every runner's variable point into
 * it, never at the real one), an installation with a launcher script, and optionally a project.
 */
final class Machine {

  /** The events the built-in rules read, as the program discovers them. */
  static final Set<Class<? extends Event>> RULE_EVENTS = ruleEvents();

  private static Set<Class<? extends Event>> ruleEvents() {
    Policy policy = Policy.builder().discover(Machine.class.getClassLoader())
        .exclude("clitest.*", "clitestplugin.*").build();
    Set<Class<? extends Event>> events = new HashSet<>();
    policy.rules().forEach(rule -> events.addAll(rule.rule().info().events()));
    return Set.copyOf(events);
  }

  /**
   * What install registers for Claude Code with the built-in rules, written out (InstallCommandTest
   * holds the adapter's registrations to it, so a change there is seen here).
   */
  static final Map<String, Set<String>> CLAUDE = new TreeMap<>(Map.of(
      "PreToolUse", Set.of("Bash", "Write", "Edit", "MultiEdit", "Task", "Agent"),
      "PostToolUse", Set.of("Bash", "Write", "Edit", "MultiEdit", "NotebookEdit"),
      "PostToolUseFailure", Set.of("Bash"),
      "SessionStart", Set.of(),
      "UserPromptSubmit", Set.of(),
      "SubagentStart", Set.of(),
      "SubagentStop", Set.of(),
      "PreCompact", Set.of(),
      "Stop", Set.of(),
      "StopFailure", Set.of()));

  final Path temp;
  final Path home;
  final Path launcher;
  final Path project;
  final Map<String, String> env = new HashMap<>();
  Optional<Path> projectRoot = Optional.empty();
  boolean serverUp;
  List<String> configProblems = new ArrayList<>();
  Instant now = Instant.parse("2026-12-02T01:00:00Z");

  Machine(Path temp) {
    this.temp = temp;
    try {
      home = Files.createDirectories(temp.resolve("home"));
      Path root = Files.createDirectories(temp.resolve("groundskeeper"));
      Files.createDirectories(root.resolve("bin"));
      launcher = root.resolve("bin").resolve("groundskeeper");
      launcherAnswers("{}");
      Files.createDirectories(root.resolve("cli/target"));
      Files.writeString(root.resolve("cli/target/groundskeeper.jar"), "jar");
      project = Files.createDirectories(temp.resolve("project"));
      // PATH holds the few tools the launcher scripts use, and no runner's program
      Path tools = Files.createDirectories(temp.resolve("tools"));
      for (String tool : List.of("cat", "sh")) {
        Path real = Path.of("/bin", tool);
        Files.createSymbolicLink(tools.resolve(tool),
            Files.exists(real) ? real : Path.of("/usr/bin", tool));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    env.put("HOME", home.toString());
    env.put("XDG_CONFIG_HOME", temp.resolve("xdg").toString());
    env.put("PATH", temp.resolve("tools").toString());
  }

  /** The launcher becomes a script that reads its input and answers {@code answer}, exit 0. */
  Machine launcherAnswers(String answer) {
    return launcherScript("cat >/dev/null\nprintf '%s\\n' '" + answer + "'\n");
  }

  Machine launcherScript(String body) {
    try {
      Files.writeString(launcher, "#!/bin/sh\n" + body);
      Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  Machine inProject() {
    projectRoot = Optional.of(project);
    return this;
  }

  /** The runner's directory in the home, which is how install --runner all finds it. */
  Machine has(Runner runner) {
    try {
      Files.createDirectories(runner.userDirectory(env).orElseThrow());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return this;
  }

  Path file(Runner runner, Scope scope) {
    return runner.file(scope, env, projectRoot);
  }

  /** One run of a verb: its exit code and what it printed. */
  record Run(int code, String out, String err) {}

  Run install(String... args) {
    return run(InstallCommand::new, args);
  }

  Run uninstall(String... args) {
    return run(UninstallCommand::new, args);
  }

  Run doctor(String... args) {
    return run(DoctorCommand::new, args);
  }

  private Run run(Function<InstallContext, Callable<Integer>> verb, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
    PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
    InstallContext context = new InstallContext(env, project, outStream, errStream,
        Clock.fixed(now, ZoneOffset.UTC), () -> Optional.of(launcher), () -> RULE_EVENTS,
        () -> projectRoot,
        () -> new InstallContext.ConfigurationReport(List.of(), configProblems),
        () -> new InstallContext.ServerReport(serverUp, serverUp ? "pid 1" : "no server"));
    CommandLine cli = new CommandLine(verb.apply(context));
    cli.setOut(new java.io.PrintWriter(outStream, true));
    cli.setErr(new java.io.PrintWriter(errStream, true));
    cli.setExecutionExceptionHandler((e, command, parsed) -> {
      errStream.println(e.getMessage());
      return 2;
    });
    int code = cli.execute(args);
    return new Run(code, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void write(Path file, String text) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The backups beside {@code file}. */
  static List<Path> backups(Path file) {
    try (var list = Files.list(file.getParent())) {
      return list.filter(p -> p.getFileName().toString()
          .startsWith(file.getFileName() + SettingsFile.BACKUP_MARK)).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
