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
    return hook(toolInput, tool, repo);
  }

  private JsonNode hook(ObjectNode toolInput, String tool, Path cwd) throws IOException {
    ObjectNode payload = JSON.createObjectNode()
        .put("session_id", "s-e2e")
        .put("transcript_path", temp.resolve("none.jsonl").toString())
        .put("cwd", cwd.toString())
        .put("hook_event_name", "PreToolUse")
        .put("tool_name", tool);
    payload.set("tool_input", toolInput);
    return send(payload, cwd);
  }

  private JsonNode send(ObjectNode payload, Path cwd) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = new Main().run(new String[] {"hook"},
        new ByteArrayInputStream(JSON.writeValueAsBytes(payload)),
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), env, cwd);
    assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();
    return JSON.readTree(out.toString(StandardCharsets.UTF_8));
  }

  private String main(Path cwd, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int exit = new Main().run(args, new ByteArrayInputStream(new byte[0]),
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), env, cwd);
    assertThat(exit).isZero();
    return out.toString(StandardCharsets.UTF_8);
  }

  /** Runs {@code command} with bash in the repository; returns its exit status. */
  private int shell(String command) throws IOException, InterruptedException {
    ProcessBuilder bash = new ProcessBuilder("bash", "-c", command).directory(repo.toFile());
    bash.environment().putAll(env);
    bash.environment().putAll(Map.of("GIT_AUTHOR_NAME", "t", "GIT_AUTHOR_EMAIL", "t@example.com",
        "GIT_COMMITTER_NAME", "t", "GIT_COMMITTER_EMAIL", "t@example.com"));
    Process process = bash.redirectErrorStream(true).redirectOutput(
        ProcessBuilder.Redirect.DISCARD).start();
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return process.exitValue();
  }

  /** The corrected command of a consume-chain denial: the last line of its remedy. */
  private static String corrected(String reason) {
    String[] lines = reason.strip().split("\n");
    assertThat(lines[lines.length - 2]).isEqualTo("Run it with the removal chained:");
    return lines[lines.length - 1].strip();
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

  @Test
  void gitDashCMovesOnlyGitSoTheCorrectedCommandRemovesTheFileFromTheShellsDirectory()
      throws IOException, InterruptedException {
    String command = "git -C untracked/scratch commit -F commit-1.txt";
    String fixed = corrected(denial(bash(command)));
    assertThat(fixed).isEqualTo(command + " && rm -- untracked/scratch/commit-1.txt");
    assertThat(bash(fixed).toString()).doesNotContain("scratch.consume-chain");

    Path file = Files.writeString(repo.resolve("untracked/scratch/commit-1.txt"), "first\n");
    Files.writeString(repo.resolve("a.txt"), "a");
    assertThat(shell("git add a.txt")).isZero();
    assertThat(shell(fixed)).isZero();
    assertThat(file).doesNotExist();
  }

  @Test
  void aConsumerThatFeedsAPipeIsCorrectedWithPipefailAndKeepsTheFileWhenItFails()
      throws IOException, InterruptedException {
    String command = "git commit -F untracked/scratch/commit-2.txt | cat";
    String reason = denial(bash(command));
    assertThat(reason).contains("a pipeline's status is its last command's");
    String fixed = corrected(reason);
    assertThat(fixed).isEqualTo("(set -o pipefail; " + command + ") && rm -- "
        + "untracked/scratch/commit-2.txt");
    assertThat(bash(fixed).toString()).doesNotContain("scratch.consume-chain");

    Path file = Files.writeString(repo.resolve("untracked/scratch/commit-2.txt"), "msg\n");
    // Nothing is staged: the commit fails, cat succeeds, and the message must survive.
    assertThat(shell(fixed)).isNotZero();
    assertThat(file).exists();
    Files.writeString(repo.resolve("b.txt"), "b");
    assertThat(shell("git add b.txt")).isZero();
    assertThat(shell(fixed)).isZero();
    assertThat(file).doesNotExist();
  }

  @Test
  void aWriteAtTheScratchDirectorysOwnPathIsDescribedForWhatItIs() throws IOException {
    Files.delete(repo.resolve("untracked/scratch"));
    assertThat(denial(write("untracked/scratch")))
        .contains("[scratch.shape] untracked/scratch is the path of the scratch directory "
            + "untracked/scratch/ itself")
        .doesNotContain("would be a new file");
  }

  @Test
  void outsideARepositoryTheScratchRulesDoNotApply() throws IOException {
    Path plain = Files.createDirectories(temp.resolve("plain"));
    assertThat(hook(JSON.createObjectNode().put("file_path",
        plain.resolve("untracked/x.md").toString()).put("content", "x"), "Write", plain)
        .toString()).doesNotContain("scratch.");
    assertThat(hook(JSON.createObjectNode().put("command",
        "git commit -F untracked/scratch/commit-1.txt"), "Bash", plain).toString())
        .doesNotContain("scratch.");
    ObjectNode start = JSON.createObjectNode().put("session_id", "s-e2e")
        .put("cwd", plain.toString()).put("hook_event_name", "SessionStart")
        .put("source", "startup");
    assertThat(send(start, plain).toString()).doesNotContain("scratch.");
  }

  @Test
  void aNameWithControlBytesReachesTheTerminalEscapedAndItsRemovalWorksWhenPasted()
      throws IOException, InterruptedException {
    Path odd = Files.writeString(repo.resolve("untracked/scratch/x\u001b[31mred.txt"), "x");
    Files.setLastModifiedTime(odd, java.nio.file.attribute.FileTime.from(
        java.time.Instant.now().minus(java.time.Duration.ofDays(3))));
    for (String[] args : new String[][] {{"scratch", "sweep"}, {"sweep"}}) {
      String text = main(repo, args);
      assertThat(text).doesNotContain("\u001b")
          .contains("untracked/scratch/x\\x1b[31mred.txt (scratch file older than 24 h")
          .contains("`rm -- $'untracked/scratch/x\\x1b[31mred.txt'`");
    }
    String text = main(repo, "scratch", "sweep");
    int from = text.indexOf("delete it: `") + "delete it: `".length();
    assertThat(shell(text.substring(from, text.indexOf('`', from)))).isZero();
    assertThat(odd).doesNotExist();
  }

  @Test
  void theSweepPrintsEachScratchFileOnceInText() throws IOException {
    Path stale = Files.writeString(repo.resolve("untracked/scratch/commit-old.txt"), "x");
    Files.setLastModifiedTime(stale, java.nio.file.attribute.FileTime.from(
        java.time.Instant.now().minus(java.time.Duration.ofDays(3))));
    String text = main(repo, "sweep");
    assertThat(text).contains("- untracked/scratch/commit-old.txt (scratch file older than 24 h")
        .doesNotContain("  - path untracked/scratch/commit-old.txt");
    String json = main(repo, "sweep", "--json");
    assertThat(json).contains("\"subject\":\"untracked/scratch/commit-old.txt\"");
  }
}
