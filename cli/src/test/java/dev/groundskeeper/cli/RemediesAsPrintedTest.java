package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.groundskeeper.api.shell.ShellQuoting;
import dev.groundskeeper.host.ProgramWord;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, item 7: every {@code groundskeeper ...} command the tool prints runs as printed, in a
 * shell whose {@code PATH} has no {@code groundskeeper} on it. The launcher here is a small script
 * in a directory with a space in its name that starts this build's CLI; the remedies come from a
 * real denial ({@code check}) and a real sweep of a repository with a merged branch, and each is
 * pasted into bash as it stands.
 */
class RemediesAsPrintedTest {

  /** A PATH with git and the shell's tools, and no groundskeeper. */
  static final String BARE_PATH = "/usr/local/bin:/usr/bin:/bin";

  @TempDir
  Path temp;

  Path base;
  Path repo;
  Path store;
  Path launcher;
  CliRunner cli;

  @BeforeEach
  void repository() throws IOException {
    base = temp.toRealPath();
    repo = Git.init(base.resolve("repo"));
    Git.run(repo, "checkout", "-q", "-b", "feat/done");
    Files.writeString(repo.resolve("done.txt"), "done\n");
    Git.run(repo, "add", "done.txt");
    Git.run(repo, "commit", "-q", "-m", "the finished work");
    Git.run(repo, "checkout", "-q", "main");
    Git.run(repo, "merge", "-q", "--no-ff", "-m", "merge feat/done", "feat/done");
    store = base.resolve("store");
    launcher = launcher(base.resolve("my tools/bin/groundskeeper"));
    cli = CliRunner.builtInRulesOnly(base).env("GROUNDSKEEPER_HOME", store.toString())
        .env("PATH", BARE_PATH).env(ProgramWord.LAUNCHER_VARIABLE, launcher.toString());
  }

  /** A launcher that runs this build's CLI (main classes only: no test rules join in). */
  static Path launcher(Path file) throws IOException {
    Files.createDirectories(file.getParent());
    String classPath = Arrays.stream(System.getProperty("java.class.path")
            .split(File.pathSeparator))
        .filter(entry -> !entry.endsWith("test-classes"))
        .collect(Collectors.joining(File.pathSeparator));
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    // As bin/groundskeeper does: the path it was run as, for the commands it prints.
    Files.writeString(file, "#!/bin/sh\nGROUNDSKEEPER_LAUNCHER=\"$0\"\n"
        + "export GROUNDSKEEPER_LAUNCHER\nexec " + ShellQuoting.word(java)
        + " -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp " + ShellQuoting.word(classPath)
        + " dev.groundskeeper.cli.Main \"$@\"\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    return file;
  }

  @Test
  void aDenialsRemedyNamesTheLauncherAndRunsAsPrinted() throws IOException {
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "branches:\n  wip:\n    cap: 1\n");
    Git.run(repo, "add", ".groundskeeper.yaml");
    Git.run(repo, "commit", "-q", "-m", "cap of one");
    CliRunner.Result check = cli.run(repo, "check", "--json", "--", "git checkout -b two");
    assertThat(check.exit()).as(check.out()).isEqualTo(3);
    List<String> commands = commands(Json.MAPPER.readTree(check.out()).path("verdicts"));
    String quoted = ShellQuoting.word(launcher.toString());
    assertThat(commands).as(check.out()).containsExactly(quoted + " branch clean");
    assertThat(check.out()).doesNotContainPattern("(?<![/\\w])groundskeeper branch clean");
    CliRunner.Result text = cli.run(repo, "check", "--", "git checkout -b two");
    assertThat(text.out()).contains("`" + quoted + " branch clean` deletes every one")
        .contains("  " + quoted + " branch clean\n");

    Shell ran = bash(repo, BARE_PATH, commands.get(0));

    assertThat(ran.exit()).as(ran.output()).isZero();
    assertThat(ran.output()).contains("feat/done")
        .contains("run `" + quoted + " branch clean --yes` to delete these");
  }

  @Test
  void anAdvicesRemedyRunsAsPrinted() throws IOException {
    CliRunner.Result check = cli.run(repo, "check", "--json", "--",
        "git worktree add ../elsewhere -b side");
    assertThat(check.exit()).as(check.out()).isEqualTo(1);
    List<String> commands = commands(Json.MAPPER.readTree(check.out()).path("verdicts"));
    String quoted = ShellQuoting.word(launcher.toString());
    assertThat(commands).as(check.out()).contains(quoted + " worktree add side");

    Shell ran = bash(repo, BARE_PATH, quoted + " worktree add side");

    assertThat(ran.exit()).as(ran.output()).isZero();
    assertThat(Path.of(ran.output().strip())).isDirectory().startsWith(store);
    assertThat(Git.run(repo, "branch", "--list", "side")).contains("side");
  }

  @Test
  void theSweepsRecommendationAndTheCleanVerbsFollowUpRunAsPrinted() throws IOException {
    CliRunner.Result sweep = cli.run(repo, "sweep", "--json");
    assertThat(sweep.exit()).as(sweep.err()).isZero();
    List<String> commands = commands(Json.MAPPER.readTree(sweep.out()).path("sections"));
    String quoted = ShellQuoting.word(launcher.toString());
    assertThat(commands).as(sweep.out()).contains(quoted + " branch clean --dry-run");
    assertThat(commands).noneMatch(command -> command.matches("(?s).*(?<![/\\w'])groundskeeper .*"));
    assertThat(cli.run(repo, "sweep").out()).contains(quoted + " branch clean")
        .doesNotContainPattern("(?<![/\\w])groundskeeper branch clean");

    Shell dryRun = bash(repo, BARE_PATH, quoted + " branch clean --dry-run");
    assertThat(dryRun.exit()).as(dryRun.output()).isZero();
    assertThat(dryRun.output()).contains("feat/done").contains("Dry run: nothing deleted.");

    // Without --yes the verb names its next step; that one runs as printed too.
    Shell ask = bash(repo, BARE_PATH, quoted + " branch clean");
    assertThat(ask.exit()).as(ask.output()).isZero();
    Matcher next = Pattern.compile("run `([^`]+)` to delete these").matcher(ask.output());
    assertThat(next.find()).as(ask.output()).isTrue();
    assertThat(next.group(1)).isEqualTo(quoted + " branch clean --yes");

    Shell clean = bash(repo, BARE_PATH, next.group(1));
    assertThat(clean.exit()).as(clean.output()).isZero();
    assertThat(Git.run(repo, "branch", "--list", "feat/done")).isBlank();
  }

  @Test
  void withTheLauncherLinkedOntoPathTheBareNameIsPrintedAndRuns() throws IOException {
    Path bin = Files.createDirectories(base.resolve("local-bin"));
    Files.createSymbolicLink(bin.resolve("groundskeeper"), launcher);
    String path = bin + ":" + BARE_PATH;
    CliRunner linked = CliRunner.builtInRulesOnly(base).env("GROUNDSKEEPER_HOME",
        store.toString()).env("PATH", path).env(ProgramWord.LAUNCHER_VARIABLE,
        bin.resolve("groundskeeper").toString());

    CliRunner.Result check = linked.run(repo, "check", "--json", "--",
        "git worktree add ../elsewhere -b side");
    List<String> commands = commands(Json.MAPPER.readTree(check.out()).path("verdicts"));
    assertThat(commands).contains("groundskeeper worktree add side");

    Shell ran = bash(repo, path, "groundskeeper worktree add side");
    assertThat(ran.exit()).as(ran.output()).isZero();
    assertThat(Path.of(ran.output().strip())).isDirectory();
  }

  @Test
  void theHostKnowsEveryVerbOfTheCommandLine() {
    java.io.PrintStream sink = new java.io.PrintStream(new java.io.ByteArrayOutputStream());
    Invocation invocation = new Invocation(new java.io.ByteArrayInputStream(new byte[0]), sink,
        sink, Map.of("HOME", base.toString()), base, java.time.Clock.systemUTC(), builder -> { },
        dev.groundskeeper.host.PolicyCache.create(), new HostCache());
    assertThat(Main.commandLine(invocation).getSubcommands().keySet())
        .containsExactlyInAnyOrderElementsOf(ProgramWord.VERBS);
  }

  /** Every remedy command of a JSON list of verdicts. */
  private static List<String> commands(JsonNode verdicts) {
    List<String> commands = new ArrayList<>();
    for (JsonNode verdict : verdicts) {
      verdict.path("remedy").path("commands").forEach(command -> commands.add(command.asText()));
    }
    return commands;
  }

  record Shell(int exit, String output) {}

  /** Pastes {@code command} into bash in {@code directory}, with only {@code path} to search. */
  private Shell bash(Path directory, String path, String command) {
    ProcessBuilder builder = new ProcessBuilder("/bin/bash", "-c", command)
        .directory(directory.toFile()).redirectErrorStream(true);
    Map<String, String> env = new HashMap<>(builder.environment());
    env.keySet().removeIf(name -> name.startsWith("GROUNDSKEEPER_"));
    env.put("PATH", path);
    env.put("HOME", cli.home().toString());
    env.put("XDG_CONFIG_HOME", base.resolve("xdg").toString());
    env.put("GROUNDSKEEPER_HOME", store.toString());
    builder.environment().clear();
    builder.environment().putAll(env);
    try {
      Process process = builder.start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(process.waitFor(120, TimeUnit.SECONDS)).as(command).isTrue();
      return new Shell(process.exitValue(), output);
    } catch (IOException e) {
      throw new AssertionError("cannot run bash", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }
}
