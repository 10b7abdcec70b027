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
    List<String> command = new ArrayList<>();
    command.add(launcher.toString());
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
    Map<String, String> env = builder.environment();
    env.put("HOME", Files.createDirectories(temp.resolve("home")).toString());
    env.put("XDG_CONFIG_HOME", Files.createDirectories(temp.resolve("xdg")).toString());
    env.put("GROUNDSKEEPER_HOME", Files.createDirectories(temp.resolve("gk")).toString());
    env.remove("GROUNDSKEEPER_SESSION_MODE");
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
}
