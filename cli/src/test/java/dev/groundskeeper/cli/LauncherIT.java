package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end through {@code bin/groundskeeper} and the packaged jar, in fresh repositories, with
 * a home and configuration directory of their own.
 */
class LauncherIT {

  static final Path LAUNCHER = Path.of(System.getProperty("groundskeeper.launcher"));

  @TempDir
  Path temp;

  Path repo;

  @BeforeEach
  void setUp() {
    repo = Git.init(temp.resolve("repo"));
  }

  record Run(int exit, String out, String err) {}

  Run launch(Path directory, Path launcher, String stdin, String... args) throws Exception {
    return launch(directory, launcher, Map.of(), stdin, args);
  }

  Run launch(Path directory, Path launcher, Map<String, String> extraEnv, String stdin,
      String... args) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(launcher.toString());
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
    Map<String, String> env = builder.environment();
    env.put("HOME", Files.createDirectories(temp.resolve("home")).toString());
    env.put("XDG_CONFIG_HOME", Files.createDirectories(temp.resolve("xdg")).toString());
    env.put("GROUNDSKEEPER_HOME", Files.createDirectories(temp.resolve("gk")).toString());
    env.remove("GROUNDSKEEPER_SESSION_MODE");
    // One process per call here; the warm path has ServeLauncherIT.
    env.put("GROUNDSKEEPER_SERVE", "off");
    env.putAll(extraEnv);
    Process process = builder.start();
    CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(process, true));
    process.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
    process.getOutputStream().close();
    String out = read(process, false);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("finished in time").isTrue();
    return new Run(process.exitValue(), out, err.get());
  }

  private static String read(Process process, boolean error) {
    try {
      return new String((error ? process.getErrorStream() : process.getInputStream())
          .readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void sweepReportsOnAFreshRepository() throws Exception {
    Run run = launch(repo, LAUNCHER, "", "sweep");
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.err()).isEmpty();
    assertThat(run.out()).startsWith("Sweep of repository " + repo.toRealPath() + ": ");

    Run json = launch(repo, LAUNCHER, "", "sweep", "--json");
    assertThat(json.exit()).as(json.err()).isZero();
    JsonNode report = Json.MAPPER.readTree(json.out());
    assertThat(report.get("repository").asText()).isEqualTo(repo.toRealPath().toString());
    assertThat(report.get("sections").isArray()).isTrue();
  }

  @Test
  void sweepRefusesAnInvalidConfigurationWithExitTwo() throws Exception {
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "engine:\n  on_eror: deny\n");
    Run run = launch(repo, LAUNCHER, "", "sweep");
    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).startsWith("groundskeeper sweep: ").contains(".groundskeeper.yaml");
  }

  @Test
  void theHookAnswersAPayloadAndKeepsTheClassDataArchive() throws Exception {
    // the archive is recorded by an explicit step, never inside a hook call
    assertThat(launch(repo, LAUNCHER, "", "--version").exit()).isZero();
    String payload = "{\"session_id\":\"s\",\"cwd\":\"" + repo + "\",\"hook_event_name\":"
        + "\"PreToolUse\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\"}}";
    for (int i = 0; i < 2; i++) {
      Run run = launch(repo, LAUNCHER, payload, "hook");
      assertThat(run.exit()).as(run.err()).isZero();
      assertThat(run.err()).isEmpty();
      assertThat(Json.MAPPER.readTree(run.out()).isObject()).isTrue();
    }
    Path jar = Path.of(System.getProperty("groundskeeper.jar"));
    assertThat(jar.resolveSibling("groundskeeper.jsa")).exists();
  }

  @Test
  void itRunsFromAnyDirectoryThroughASymlink() throws Exception {
    Path link = Files.createSymbolicLink(
        Files.createDirectories(temp.resolve("links")).resolve("groundskeeper"),
        LAUNCHER.toAbsolutePath());
    Run run = launch(Files.createDirectories(temp.resolve("elsewhere")), link, "", "--version");
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).startsWith("groundskeeper ");
  }

  /**
   * A checkout of its own: the launcher, a pom and a source file, and a fake {@code mvn} first on
   * the PATH that logs its arguments and "builds" by copying the real jar (or fails).
   */
  Path fakeCheckout(String mvnBody) throws IOException {
    Path checkout = temp.resolve("checkout");
    Files.createDirectories(checkout.resolve("bin"));
    Files.copy(LAUNCHER, checkout.resolve("bin/groundskeeper"));
    Files.writeString(checkout.resolve("pom.xml"), "<project/>\n");
    Files.createDirectories(checkout.resolve("cli/src/main/java"));
    Files.writeString(checkout.resolve("cli/src/main/java/Source.java"), "class Source {}\n");
    Path tools = Files.createDirectories(temp.resolve("tools"));
    Path mvn = tools.resolve("mvn");
    Files.writeString(mvn, "#!/bin/sh\necho \"$PWD $*\" >> " + temp.resolve("mvn.log") + "\n"
        + mvnBody + "\n");
    mvn.toFile().setExecutable(true);
    return checkout;
  }

  Map<String, String> pathWithTools() {
    return Map.of("PATH", temp.resolve("tools") + ":" + System.getenv("PATH"));
  }

  @Test
  void itBuildsAMissingOrStaleJarThenRunsIt() throws Exception {
    Path jar = Path.of(System.getProperty("groundskeeper.jar"));
    // Maven 3.8 writes a bare reset code to each stream at exit, whatever style.color says
    Path checkout = fakeCheckout("mkdir -p cli/target && cp '" + jar + "' cli/target/"
        + " && printf '\\033[0m' && printf '\\033[0m' >&2");
    Path launcher = checkout.resolve("bin/groundskeeper");

    Run first = launch(repo, launcher, pathWithTools(), "", "--version");
    assertThat(first.exit()).as(first.err()).isZero();
    assertThat(first.out()).startsWith("groundskeeper ").doesNotContain("\u001b");
    assertThat(first.err()).contains("groundskeeper: building the CLI (mvn -q -B"
        + " -Dstyle.color=never -DskipTests package -pl cli -am)...").doesNotContain("\u001b");
    assertThat(Files.readString(temp.resolve("mvn.log"))).as("no colour codes from Maven")
        .isEqualTo(checkout.toRealPath()
            + " -q -B -Dstyle.color=never -DskipTests package -pl cli -am\n");
    assertThat(checkout.resolve("cli/target/groundskeeper.jsa")).exists();

    Run second = launch(repo, launcher, pathWithTools(), "", "--version");
    assertThat(second.err()).isEmpty();
    assertThat(Files.readString(temp.resolve("mvn.log"))).hasLineCount(1);

    Path source = checkout.resolve("cli/src/main/java/Source.java");
    source.toFile().setLastModified(System.currentTimeMillis() + 5_000);
    Run third = launch(repo, launcher, pathWithTools(), "", "--version");
    assertThat(third.exit()).as(third.err()).isZero();
    assertThat(third.err()).contains("groundskeeper: building the CLI");
    assertThat(Files.readString(temp.resolve("mvn.log"))).hasLineCount(2);
  }

  String bashPayload(String event) {
    return "{\"session_id\":\"s\",\"cwd\":\"" + repo + "\",\"hook_event_name\":\"" + event
        + "\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\"}}";
  }

  /**
   * Issue 16 item 5: a hook call rebuilt a stale jar (136 s, killed by the runner, every later call
   * timed out). A hook call now never builds: with no jar it says so and asks the person (exit 0,
   * which Claude Code reads; exit 1 would let the action through silently); with a stale jar it
   * answers from that jar.
   */
  @Test
  void aHookCallNeverBuilds() throws Exception {
    Path jar = Path.of(System.getProperty("groundskeeper.jar"));
    Path checkout = fakeCheckout("mkdir -p cli/target && cp '" + jar + "' cli/target/");
    Path launcher = checkout.resolve("bin/groundskeeper");

    Run noJar = launch(repo, launcher, pathWithTools(), bashPayload("PreToolUse"), "hook");
    assertThat(noJar.exit()).isZero();
    JsonNode ask = Json.MAPPER.readTree(noJar.out()).get("hookSpecificOutput");
    assertThat(ask.get("permissionDecision").asText()).isEqualTo("ask");
    assertThat(ask.get("permissionDecisionReason").asText())
        .contains("no guard checked it", checkout.resolve("cli/target/groundskeeper.jar")
            + " is missing; build it with " + checkout + "/bin/groundskeeper --version");
    assertThat(noJar.err()).startsWith("groundskeeper hook: cannot judge this call: ");
    Run stop = launch(repo, launcher, pathWithTools(), bashPayload("Stop"), "hook");
    assertThat(stop.exit()).isZero();
    assertThat(Json.MAPPER.readTree(stop.out()).get("systemMessage").asText())
        .contains("no guard checked it");
    assertThat(launch(repo, launcher, pathWithTools(), bashPayload("PreCompact"), "hook").out())
        .isEmpty();
    // every other runner in its own shape, as install registers it (hook --runner X) or guessed
    // from the payload: Codex has no ask, so a tool call is denied with the way out
    Run codex = launch(repo, launcher, pathWithTools(), bashPayload("PreToolUse"), "hook",
        "--runner", "codex");
    JsonNode codexDeny = Json.MAPPER.readTree(codex.out()).get("hookSpecificOutput");
    assertThat(codexDeny.get("permissionDecision").asText()).isEqualTo("deny");
    assertThat(codexDeny.get("permissionDecisionReason").asText()).contains("no guard checked it",
        "build it with " + checkout + "/bin/groundskeeper --version");
    assertThat(Json.MAPPER.readTree(codex.out()).has("systemMessage")).isFalse();
    assertThat(launch(repo, launcher, pathWithTools(), bashPayload("Stop"), "hook", "--runner",
        "codex").out()).isEmpty();
    Run gemini = launch(repo, launcher, pathWithTools(), "{\"session_id\":\"s\",\"cwd\":\""
        + repo + "\",\"hook_event_name\":\"BeforeTool\",\"tool_name\":\"run_shell_command\","
        + "\"tool_input\":{\"command\":\"git branch -D x\"}}", "hook");
    assertThat(gemini.exit()).isZero();
    assertThat(Json.MAPPER.readTree(gemini.out()).get("decision").asText()).isEqualTo("ask");
    assertThat(Json.MAPPER.readTree(gemini.out()).get("reason").asText())
        .contains("no guard checked it");
    Run cursor = launch(repo, launcher, pathWithTools(), "{\"conversation_id\":\"c\","
        + "\"hook_event_name\":\"beforeShellExecution\",\"command\":\"git branch -D x\","
        + "\"cwd\":\"" + repo + "\"}", "hook");
    assertThat(Json.MAPPER.readTree(cursor.out()).get("permission").asText()).isEqualTo("ask");
    assertThat(Json.MAPPER.readTree(cursor.out()).get("agent_message").asText())
        .contains("no guard checked it");
    assertThat(temp.resolve("mvn.log")).doesNotExist();

    Files.createDirectories(checkout.resolve("cli/target"));
    Files.copy(jar, checkout.resolve("cli/target/groundskeeper.jar"));
    checkout.resolve("cli/src/main/java/Source.java").toFile()
        .setLastModified(System.currentTimeMillis() + 5_000);
    Run stale = launch(repo, launcher, pathWithTools(), bashPayload("PreToolUse"), "hook");
    assertThat(stale).isEqualTo(new Run(0, "{}\n", ""));
    assertThat(temp.resolve("mvn.log")).doesNotExist();
  }

  /**
   * Issue 20: standard input from /dev/zero filled the disk, and a closed one read as "Invalid
   * UTF-8 middle byte". Input is capped at 8 MiB (more is a call no guard could judge, answered
   * so) and kept in memory; a closed input is "no hook payload".
   */
  @Test
  void anEndlessOrClosedStandardInputGetsAClearAnswer() throws Exception {
    ProcessBuilder zero = new ProcessBuilder(LAUNCHER.toString(), "hook")
        .directory(repo.toFile()).redirectInput(Path.of("/dev/zero").toFile());
    zero.environment().put("GROUNDSKEEPER_SERVE", "off");
    zero.environment().put("HOME", Files.createDirectories(temp.resolve("home")).toString());
    Process process = zero.start();
    CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(process, true));
    String out = read(process, false);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).isZero();
    assertThat(Json.MAPPER.readTree(out).get("systemMessage").asText())
        .contains("the hook payload is larger than 8388608 bytes");
    assertThat(err.get()).contains("cannot judge this call");

    Run closed = launch(repo, Path.of("/bin/bash"), "", "-c", "exec \"$0\" hook <&-",
        LAUNCHER.toString());
    assertThat(closed.exit()).isEqualTo(1);
    assertThat(closed.err()).isEqualTo("groundskeeper hook: no hook payload on standard input"
        + " (expected one JSON object)\n");
  }

  @Test
  void aFailedBuildSaysSoAndRunsNothing() throws Exception {
    Path checkout = fakeCheckout("echo 'compilation failure' >&2; exit 1");
    Run run = launch(repo, checkout.resolve("bin/groundskeeper"), pathWithTools(), "", "sweep");
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).contains("compilation failure")
        .endsWith("groundskeeper: the build failed (see the Maven output above); nothing was"
            + " run\n");
  }

  @Test
  void withoutMavenItSaysWhatIsMissing() throws Exception {
    Path checkout = fakeCheckout("exit 0");
    Files.delete(temp.resolve("tools/mvn"));
    Path bin = Files.createDirectories(temp.resolve("only-basics"));
    for (String tool : List.of("bash", "find", "readlink", "flock", "mkdir", "rm", "mv")) {
      Path real = Path.of("/usr/bin", tool);
      Path found = Files.exists(real) ? real : Path.of("/bin", tool);
      if (Files.exists(found)) {
        Files.createSymbolicLink(bin.resolve(tool), found);
      }
    }
    Run run = launch(repo, checkout.resolve("bin/groundskeeper"), Map.of("PATH", bin.toString()),
        "", "sweep");
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err()).isEqualTo("groundskeeper: cannot build "
        + checkout.resolve("cli/target/groundskeeper.jar") + ": mvn (Apache Maven) is not on"
        + " PATH\n");
  }
}
