package dev.groundskeeper.cli.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.cli.Main;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Claude Code PreToolUse payloads through the whole hook command, in a real repository. */
class ScratchHookTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path temp;
  private Path repo;
  private Map<String, String> env;

  @BeforeEach
  void repository() throws IOException, InterruptedException {
    repo = Files.createDirectories(temp.resolve("repo"));
    Path home = Files.createDirectories(temp.resolve("home"));
    Path xdg = Files.createDirectories(temp.resolve("xdg"));
    env = Map.of("HOME", home.toString(), "XDG_CONFIG_HOME", xdg.toString(),
        "GIT_CONFIG_NOSYSTEM", "1", "GIT_CONFIG_GLOBAL", "/dev/null");
    ProcessBuilder init = new ProcessBuilder("git", "init", "-q", repo.toString());
    init.environment().putAll(env);
    Process process = init.redirectErrorStream(true).start();
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).isZero();
    Files.createDirectories(repo.resolve("untracked/scratch"));
  }

  private JsonNode hook(ObjectNode toolInput, String tool) throws IOException {
    ObjectNode payload = JSON.createObjectNode()
        .put("session_id", "s-e2e")
        .put("transcript_path", temp.resolve("none.jsonl").toString())
        .put("cwd", repo.toString())
        .put("hook_event_name", "PreToolUse")
        .put("tool_name", tool);
    payload.set("tool_input", toolInput);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = new Main().run(new String[] {"hook"},
        new ByteArrayInputStream(JSON.writeValueAsBytes(payload)),
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), env, repo);
    assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();
    return JSON.readTree(out.toString(StandardCharsets.UTF_8));
  }

  private JsonNode write(String path) throws IOException {
    return hook(JSON.createObjectNode().put("file_path", repo.resolve(path).toString())
        .put("content", "# notes\n"), "Write");
  }

  private JsonNode bash(String command) throws IOException {
    return hook(JSON.createObjectNode().put("command", command), "Bash");
  }

  private static String denial(JsonNode answer) {
    JsonNode specific = answer.path("hookSpecificOutput");
    assertThat(specific.path("permissionDecision").asText()).as(answer.toString())
        .isEqualTo("deny");
    return specific.path("permissionDecisionReason").asText();
  }

  @Test
  void aWriteOfANewUnshapedScratchFileIsDenied() throws IOException {
    assertThat(denial(write("untracked/scratch/notes.md")))
        .contains("[scratch.shape] untracked/scratch/notes.md would be a new file")
        .contains("untracked/scratch/brief-notes.md");
  }

  @Test
  void aWriteOfAScratchShapedFileOrAnExistingOneIsNotDeniedByTheShapeRule()
      throws IOException {
    assertThat(write("untracked/scratch/commit-fix.txt").toString())
        .doesNotContain("scratch.shape");
    Files.writeString(repo.resolve("untracked/scratch/notes.md"), "old");
    assertThat(write("untracked/scratch/notes.md").toString()).doesNotContain("scratch.shape");
  }

  @Test
  void aCommandCreatingAnUnshapedScratchFileIsDeniedAndAnAppendIsNot() throws IOException {
    assertThat(denial(bash("python3 probe.py | tee untracked/scratch/findings.md")))
        .contains("[scratch.shape] untracked/scratch/findings.md would be a new file")
        .contains("report, review, design, findings or decision record");
    assertThat(bash("git log -3 > untracked/scratch/log.txt").toString())
        .doesNotContain("scratch.shape");
    Files.writeString(repo.resolve("untracked/scratch/notes.md"), "old");
    assertThat(bash("echo more >> untracked/scratch/notes.md").toString())
        .doesNotContain("scratch.shape");
  }

  @Test
  void theScratchSweepVerbRunsThroughTheMainCommand() throws IOException {
    Path stale = Files.writeString(repo.resolve("untracked/scratch/commit-old.txt"), "x");
    Files.setLastModifiedTime(stale, java.nio.file.attribute.FileTime.from(
        java.time.Instant.now().minus(java.time.Duration.ofDays(3))));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int exit = new Main().run(new String[] {"scratch", "sweep"},
        new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), env, repo);
    assertThat(exit).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .startsWith("Scratch sweep: 1 file under untracked/ needs a decision.")
        .contains("untracked/scratch/commit-old.txt (scratch file older than 24 h, 3 d old");
  }

  @Test
  void anUnchainedConsumerIsDeniedWithTheCorrectedCommand() throws IOException {
    String reason = denial(bash("git commit -F untracked/scratch/commit-1.txt"));
    assertThat(reason)
        .contains("[scratch.consume-chain] git commit reads untracked/scratch/commit-1.txt")
        .contains("git commit -F untracked/scratch/commit-1.txt && rm -- "
            + "untracked/scratch/commit-1.txt");
    assertThat(bash("git commit -F untracked/scratch/commit-1.txt && rm "
        + "untracked/scratch/commit-1.txt").toString()).doesNotContain("scratch.consume-chain");
  }
}
