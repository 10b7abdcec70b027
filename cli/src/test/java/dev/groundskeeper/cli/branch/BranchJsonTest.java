package dev.groundskeeper.cli.branch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.config.ConfigLayer;
import dev.groundskeeper.cli.TestProcesses;
import dev.groundskeeper.host.Host;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code branch park --json} and {@code branch clean --json}: one compact object on one line
 * (indented with {@code --pretty}), its fields checked against what happened to the repository.
 */
class BranchJsonTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir
  Path temp;

  private Path work;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeEach
  void repository() {
    Path origin = temp.resolve("origin.git");
    work = temp.resolve("work");
    run(temp, "git", "init", "-q", "--bare", "-b", "main", origin.toString());
    run(temp, "git", "init", "-q", "-b", "main", work.toString());
    git("config", "user.name", "Pat Parker");
    git("remote", "add", "origin", origin.toString());
    commit("initial");
    git("push", "-q", "-u", "origin", "main");
  }

  private int branch(String... args) {
    out.reset();
    err.reset();
    Host host = Host.builder().environment(environment())
        .clock(Clock.fixed(Instant.parse("2026-03-01T12:00:00Z"), ZoneOffset.UTC)).build();
    Policy policy = Policy.builder().discover(getClass().getClassLoader())
        .config(ConfigLayer.ofText("test", "branches:\n  scope: all\n")).build();
    return new BranchCommand(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), work, () -> host, dir -> policy)
        .commandLine().execute(args);
  }

  /** Standard output as one compact JSON object: a single line, nothing else printed. */
  private JsonNode json() {
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(text).endsWith("\n");
    assertThat(text.strip()).doesNotContain("\n");
    try {
      return MAPPER.readTree(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void parkJsonSaysWhatWasWrittenAndPushed() {
    git("switch", "-q", "-c", "waiting");
    commit("waiting work");
    git("push", "-q", "-u", "origin", "waiting");
    git("switch", "-q", "main");
    String before = git("rev-parse", "waiting");
    assertThat(branch("park", "waiting", "--reason", "waits for review", "--json")).isZero();
    JsonNode json = json();
    String after = git("rev-parse", "waiting");
    assertThat(json.path("branch").asText()).isEqualTo("waiting");
    assertThat(json.path("action").asText()).isEqualTo("park");
    assertThat(json.path("reason").asText()).isEqualTo("waits for review");
    assertThat(json.path("dry_run").asBoolean()).isFalse();
    assertThat(json.path("done").asBoolean()).isTrue();
    assertThat(json.path("tip").asText()).isEqualTo(before);
    assertThat(json.path("message").asText()).contains(after);
    assertThat(json.path("commit_message").asText()).contains("Parked-Reason: waits for review");
    assertThat(json.path("restore").isArray()).isTrue();
    assertThat(json.path("push").path("planned").asBoolean()).isTrue();
    assertThat(json.path("push").path("pushed").asBoolean()).isTrue();
    assertThat(json.path("push").path("command").asText()).isEqualTo("git push origin waiting");
    assertThat(json.path("push").path("error").asText()).isEmpty();
    assertThat(json.path("notes")).isEmpty();
    assertThat(git("rev-parse", "origin/waiting")).isEqualTo(after);
    noNulls(json);
  }

  @Test
  void parkDryRunJsonChangesNothingAndNotesTheMissingCopy() {
    git("branch", "local-only");
    String before = git("rev-parse", "local-only");
    assertThat(branch("park", "local-only", "--reason", "r", "--dry-run", "--json")).isZero();
    JsonNode json = json();
    assertThat(json.path("dry_run").asBoolean()).isTrue();
    assertThat(json.path("done").asBoolean()).isFalse();
    assertThat(json.path("push").path("planned").asBoolean()).isFalse();
    assertThat(json.path("notes").get(0).asText()).isEqualTo(
        "local-only has no copy on origin. Nothing would be pushed.");
    assertThat(git("rev-parse", "local-only")).isEqualTo(before);
    noNulls(json);
  }

  @Test
  void aRefusedParkIsAJsonErrorOnStdoutAndTheMessageOnStderr() {
    assertThat(branch("park", "main", "--reason", "r", "--json")).isEqualTo(2);
    JsonNode json = json();
    assertThat(json.path("error").asText()).contains("main is the default branch");
    assertThat(json.path("branch").asText()).isEqualTo("main");
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("main is the default branch");
  }

  @Test
  void cleanJsonListsThenReportsEachDeletionWithItsRestoreCommands() {
    git("switch", "-q", "-c", "shipped");
    commit("shipped work");
    git("switch", "-q", "main");
    git("merge", "-q", "--no-ff", "-m", "merge shipped", "shipped");
    git("switch", "-q", "-c", "open");
    commit("open work");
    git("switch", "-q", "main");
    String tip = git("rev-parse", "shipped");

    assertThat(branch("clean", "--json")).isZero();
    JsonNode listed = json();
    assertThat(listed.path("dry_run").asBoolean()).isTrue();
    assertThat(listed.path("finished")).hasSize(1);
    assertThat(listed.path("finished").get(0).path("branch").asText()).isEqualTo("shipped");
    assertThat(listed.path("finished").get(0).path("tip").asText()).isEqualTo(tip);
    assertThat(listed.path("deleted")).isEmpty();
    assertThat(listed.path("message").asText()).contains("--yes");
    assertThat(git("branch", "--list", "shipped")).isNotEmpty();
    noNulls(listed);

    assertThat(branch("clean", "--yes", "--json", "--pretty")).isZero();
    String pretty = out.toString(StandardCharsets.UTF_8);
    assertThat(pretty.strip()).contains("\n");
    JsonNode done;
    try {
      done = MAPPER.readTree(pretty);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    assertThat(done.path("dry_run").asBoolean()).isFalse();
    assertThat(done.path("deleted")).hasSize(1);
    JsonNode deleted = done.path("deleted").get(0);
    assertThat(deleted.path("branch").asText()).isEqualTo("shipped");
    assertThat(deleted.path("remote").asBoolean()).isFalse();
    assertThat(deleted.path("restore").get(0).asText()).isEqualTo("git branch shipped " + tip);
    assertThat(done.path("refused")).isEmpty();
    assertThat(Path.of(done.path("bundle").asText())).exists();
    assertThat(git("branch", "--list", "shipped")).isEmpty();
    assertThat(git("branch", "--list", "open")).isNotEmpty();
    noNulls(done);
    // the restore command printed brings the branch back
    run(work, deleted.path("restore").get(0).asText().split(" "));
    assertThat(git("rev-parse", "shipped")).isEqualTo(tip);
  }

  @Test
  void cleanJsonWithNothingFinishedHasEveryFieldEmpty() {
    assertThat(branch("clean", "--dry-run", "--json")).isZero();
    JsonNode json = json();
    for (String field : List.of("finished", "finished_on_remote", "kept_on_remote", "held",
        "others_on_remote", "deleted", "refused")) {
      assertThat(json.path(field).isArray()).as(field).isTrue();
      assertThat(json.path(field)).as(field).isEmpty();
    }
    assertThat(json.path("message").asText()).isEqualTo("No finished branch to delete.");
    noNulls(json);
  }

  private static void noNulls(JsonNode node) {
    assertThat(node.isNull()).isFalse();
    node.forEach(BranchJsonTest::noNulls);
  }

  private Map<String, String> environment() {
    return Map.of("HOME", temp.toString(), "XDG_CONFIG_HOME", temp.resolve(".config").toString(),
        "GROUNDSKEEPER_HOME", temp.resolve(".gk").toString(), "GIT_CONFIG_NOSYSTEM", "1");
  }

  private void commit(String message) {
    try {
      Files.writeString(work.resolve(message.replace(' ', '-') + ".txt"), message);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    git("add", "-A");
    git("commit", "-q", "-m", message);
  }

  private String git(String... args) {
    List<String> command = new ArrayList<>(List.of("git"));
    command.addAll(List.of(args));
    return run(work, command.toArray(String[]::new)).strip();
  }

  private String run(Path dir, String... command) {
    return TestProcesses.run(dir, Map.of("HOME", temp.toString(),
        "XDG_CONFIG_HOME", temp.resolve(".config").toString(),
        "GROUNDSKEEPER_HOME", temp.resolve(".gk").toString()), command);
  }
}
