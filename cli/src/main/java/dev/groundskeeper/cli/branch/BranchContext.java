package dev.groundskeeper.cli.branch;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.git.GitFacts;
import dev.groundskeeper.rules.branches.BranchesConfig;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * What the {@code branch} verbs need from the outside: streams, the directory they run in, the
 * clock, the {@code branches:} configuration of the repository holding a directory, and a way to
 * run git.
 */
final class BranchContext {

  final PrintStream out;
  final PrintStream err;
  final Path directory;
  final Clock clock;
  private final Map<String, String> environment;
  private final Function<Path, BranchesConfig> config;

  /**
   * @param environment variables that git sees on top of this process's own (HOME and
   *     XDG_CONFIG_HOME decide which user configuration, and so which identity, git reads)
   */
  BranchContext(PrintStream out, PrintStream err, Path directory, Clock clock,
      Map<String, String> environment, Function<Path, BranchesConfig> config) {
    this.out = Objects.requireNonNull(out, "out");
    this.err = Objects.requireNonNull(err, "err");
    this.directory = directory.toAbsolutePath().normalize();
    this.clock = Objects.requireNonNull(clock, "clock");
    this.environment = Map.copyOf(environment);
    this.config = Objects.requireNonNull(config, "config");
  }

  BranchesConfig config() {
    return config.apply(directory);
  }

  Facts facts(BranchesConfig config) {
    return GitFacts.forDirectory(directory, config.repositorySettings(), clock);
  }

  /** The outcome of one git run: exit status and its output (standard error included). */
  record Run(int status, String output) {
    boolean ok() {
      return status == 0;
    }
  }

  /**
   * Who git says the user is, from its configuration ({@code user.name} and {@code user.email}):
   * {@code Name <email>}, either one alone, or empty when neither is configured.
   */
  String identity() {
    String name = configured("user.name");
    String email = configured("user.email");
    if (name.isEmpty() || email.isEmpty()) {
      return name.isEmpty() ? email : name;
    }
    return name + " <" + email + ">";
  }

  private String configured(String key) {
    Run run = git(List.of("config", "--get", key));
    String value = run.ok() ? run.output().strip() : "";
    return value.contains("\n") ? "" : value;
  }

  /** Runs git in the directory, without a shell, and waits for it. */
  Run git(List<String> args) {
    List<String> command = new java.util.ArrayList<>();
    command.add("git");
    command.addAll(args);
    try {
      ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile())
          .redirectErrorStream(true);
      builder.environment().putAll(environment);
      Process process = builder.start();
      process.getOutputStream().close();
      String output = new String(process.getInputStream().readAllBytes(),
          StandardCharsets.UTF_8).strip();
      return new Run(process.waitFor(), output);
    } catch (IOException e) {
      return new Run(-1, "git could not be run: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Run(-1, "interrupted while running git");
    }
  }
}
