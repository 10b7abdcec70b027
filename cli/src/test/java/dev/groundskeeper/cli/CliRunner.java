package dev.groundskeeper.cli;

import dev.groundskeeper.api.PolicyBuilder;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs the command in-process with its own home, configuration directory, clock and working
 * directory, and only the test rules (built-in rule modules may join the class path at any time).
 */
final class CliRunner {

  static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");

  private final Path home;
  private final Map<String, String> env = new HashMap<>();
  private final Consumer<PolicyBuilder> rules;
  private Instant now = NOW;
  private boolean terminal;

  CliRunner(Path temp) {
    this(temp, builder -> builder.include("clitest.*", "clitestplugin.*"));
  }

  /** Runs with the rule modules of the main class path only, as the packaged command does. */
  static CliRunner builtInRulesOnly(Path temp) {
    return new CliRunner(temp, builder -> builder.exclude("clitest.*", "clitestplugin.*"));
  }

  /** Runs with a policy builder the test prepares itself (for example one that fails). */
  static CliRunner withPolicy(Path temp, Consumer<PolicyBuilder> rules) {
    return new CliRunner(temp, rules);
  }

  private CliRunner(Path temp, Consumer<PolicyBuilder> rules) {
    this.rules = rules;
    try {
      home = Files.createDirectories(temp.resolve("home"));
      Files.createDirectories(temp.resolve("xdg"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    env.put("HOME", home.toString());
    env.put("XDG_CONFIG_HOME", temp.resolve("xdg").toString());
  }

  CliRunner env(String name, String value) {
    env.put(name, value);
    return this;
  }

  /** Runs later commands as if standard error were a terminal, progress shown at once. */
  CliRunner onATerminal() {
    terminal = true;
    return this;
  }

  Path home() {
    return home;
  }

  /** Runs later commands with the clock at {@code instant} (the default is {@link #NOW}). */
  CliRunner at(Instant instant) {
    now = instant;
    return this;
  }

  Result withInput(Path workingDirectory, String stdin, String... args) {
    return withBytes(workingDirectory, stdin.getBytes(StandardCharsets.UTF_8), args);
  }

  /** As {@link #withInput}, with raw bytes on standard input (invalid UTF-8, NUL bytes). */
  Result withBytes(Path workingDirectory, byte[] stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Main main = new Main(Clock.fixed(now, ZoneOffset.UTC), rules)
        .terminal(terminal, java.time.Duration.ZERO);
    int exit = main.run(args, new ByteArrayInputStream(stdin),
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), env, workingDirectory);
    return new Result(exit, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  Result run(Path workingDirectory, String... args) {
    return withInput(workingDirectory, "", args);
  }

  record Result(int exit, String out, String err) {

    /** Standard output without its final line break. */
    String output() {
      return out.stripTrailing();
    }

    /** Standard error without its final line break. */
    String error() {
      return err.stripTrailing();
    }
  }
}
