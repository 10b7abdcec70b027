package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * groundskeeper replay over golden transcripts in the real shapes (src/test/resources/replay:
 * a Claude Code session with its sub-agent's transcript beside it, a Codex rollout), written
 * into a temporary directory with the recorded cwd pointing at a real repository: a branch with
 * a commit nowhere else, and an uncommitted change.
 */
class ReplayTest {

  private static final String SESSION = "0b6c1f0e-5d2a-4c1b-9a77-3f1e2d4c5b6a";

  @TempDir
  Path temp;

  private Path repo;
  private CliRunner cli;

  @BeforeEach
  void setUp() throws IOException {
    repo = LossRepository.withChange(temp.resolve("repo"), "README.md", "one\n",
        "one\ntwo, not committed\n");
    cli = CliRunner.builtInRulesOnly(temp);
  }

  private Path golden(String name, Path to, String cwd) throws IOException {
    Files.createDirectories(to.getParent());
    return Files.writeString(to, GoldenTranscripts.text(name, cwd));
  }

  private Path claude(String cwd) throws IOException {
    Path dir = temp.resolve("claude");
    golden("claude-subagent.jsonl",
        dir.resolve(SESSION).resolve("subagents").resolve("agent-a1b2c3d.jsonl"), cwd);
    return golden("claude-session.jsonl", dir.resolve(SESSION + ".jsonl"), cwd);
  }

  private Path codex(String cwd) throws IOException {
    return golden("codex-rollout.jsonl", temp.resolve("codex").resolve("2026").resolve("01")
        .resolve("02").resolve("rollout-2026-01-02T03-04-05-019a1b2c.jsonl"), cwd);
  }

  private JsonNode replay(String... args) throws IOException {
    List<String> all = new ArrayList<>(List.of("replay", "--json"));
    all.addAll(List.of(args));
    CliRunner.Result result = cli.run(repo, all.toArray(String[]::new));
    assertThat(result.exit()).as(result.err()).isZero();
    return Json.MAPPER.readTree(result.out());
  }

  private static List<String> rows(JsonNode array, String... fields) {
    List<String> rows = new ArrayList<>();
    for (JsonNode item : array) {
      List<String> values = new ArrayList<>();
      for (String field : fields) {
        values.add(item.get(field).asText());
      }
      rows.add(String.join(" | ", values));
    }
    return rows;
  }

  @Test
  void aClaudeCodeSessionAndItsSubagentReplayToTheirDenials() throws IOException {
    Path transcript = claude(repo.toString());
    JsonNode report = replay(transcript.toString());

    assertThat(rows(report.get("transcripts"), "shape", "events")).containsExactly(
        "claude-code | 8", "claude-code | 4");
    Path subagent = transcript.resolveSibling(SESSION).resolve("subagents")
        .resolve("agent-a1b2c3d.jsonl");
    assertThat(rows(report.get("denials"), "transcript", "line", "command", "rule",
        "rests_on_today")).containsExactly(
        transcript + " | 4 | git branch -D feat/x | branches.force-removal | true",
        transcript + " | 10 | git reset --hard | changes.discard | true",
        subagent + " | 2 | git branch -D feat/x | branches.force-removal | true");
    assertThat(rows(report.get("unreadable"), "line", "why")).containsExactly(
        "5 | not JSON: Unexpected end-of-input: was expecting closing quote for a string value",
        "7 | the Bash tool_use has no text field 'command'");
    assertThat(rows(report.get("rules"), "rule", "denied"))
        .contains("branches.force-removal | 2", "changes.discard | 1");
    for (JsonNode denial : report.get("denials")) {
      assertThat(denial.get("reason").asText()).isNotBlank();
    }
  }

  @Test
  void aCodexRolloutReplaysEveryShellShapeAndReportsTheBrokenCall() throws IOException {
    JsonNode report = replay(codex(repo.toString()).toString());
    assertThat(rows(report.get("transcripts"), "shape", "events")).containsExactly("codex | 7");
    assertThat(rows(report.get("denials"), "line", "command", "rule")).containsExactly(
        "6 | git branch -D feat/x | branches.force-removal",
        "7 | git branch -D feat/x | branches.force-removal",
        "8 | git reset --hard | changes.discard");
    assertThat(rows(report.get("unreadable"), "line")).containsExactly("10");
    assertThat(report.get("unreadable").get(0).get("why").asText())
        .startsWith("the shell function_call's arguments are not JSON");
  }

  /** The bar: every denial the replay reports is what the hook answers for that call. */
  @Test
  void everyReplayedDenialIsTheHooksAnswerForTheSameCall() throws IOException {
    JsonNode claude = replay(claude(repo.toString()).toString());
    JsonNode codex = replay(codex(repo.toString()).toString());
    List<JsonNode> denials = new ArrayList<>();
    claude.get("denials").forEach(denials::add);
    codex.get("denials").forEach(denials::add);
    assertThat(denials).hasSize(6);
    for (JsonNode denial : denials) {
      JsonNode answer = hook(denial.get("command").asText());
      JsonNode output = answer.path("hookSpecificOutput");
      assertThat(output.path("permissionDecision").asText()).as(denial.toString())
          .isEqualTo("deny");
      assertThat(output.path("permissionDecisionReason").asText())
          .contains(denial.get("rule").asText()).contains(denial.get("reason").asText());
    }
    // And a call the replay let through, the hook lets through too.
    assertThat(hook("git status").path("hookSpecificOutput").path("permissionDecision")
        .asText()).isNotEqualTo("deny");
  }

  private JsonNode hook(String command) throws IOException {
    ObjectNode payload = Json.object().put("session_id", SESSION).put("cwd", repo.toString())
        .put("hook_event_name", "PreToolUse").put("tool_name", "Bash");
    payload.putObject("tool_input").put("command", command);
    CliRunner.Result result = cli.withInput(repo, Json.MAPPER.writeValueAsString(payload),
        "hook");
    assertThat(result.exit()).as(result.err()).isZero();
    return Json.MAPPER.readTree(result.out());
  }

  @Test
  void aRecordedCwdThatIsGoneIsMappedOntoRepo() throws IOException {
    Path transcript = claude("/nonexistent/recorded/repo");
    CliRunner.Result without = cli.run(repo, "replay", transcript.toString());
    assertThat(without.exit()).isZero();
    assertThat(without.output()).contains("the recorded cwd /nonexistent/recorded/repo does not"
        + " exist here, so rules judged without repository facts (give --repo)");

    JsonNode mapped = replay("--repo", repo.toString(), transcript.toString());
    assertThat(rows(mapped.get("denials"), "line", "rule")).contains(
        "4 | branches.force-removal", "10 | changes.discard");
  }

  @Test
  void theTextReportListsCountsDenialsAndUnreadableLines() throws IOException {
    Path transcript = claude(repo.toString());
    CliRunner.Result result = cli.run(repo, "replay", transcript.toString());
    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.output())
        .startsWith("replay: 2 transcripts, 12 events judged, 2 lines unreadable\n")
        .containsPattern("(?m)^branches\\.force-removal +2 +0 *$")
        .contains("\ndenials:\n  " + SESSION + ".jsonl:4  branches.force-removal *  command: git"
            + " branch -D feat/x\n")
        .contains("* rests on today's repository, not its state at the time")
        .contains("unreadable lines:\n  " + SESSION + ".jsonl:5  not JSON: ");
  }

  @Test
  void aConfigurationInAdviseModeTurnsDenialsIntoAdviceAndCountsThem() throws IOException {
    Path config = Files.writeString(temp.resolve("rollout.yaml"), "changes:\n  discard: advise\n");
    JsonNode report = replay("--config", config.toString(), claude(repo.toString()).toString());
    assertThat(rows(report.get("denials"), "rule")).doesNotContain("changes.discard");
    assertThat(rows(report.get("rules"), "rule", "denied", "advised", "would_deny_if_blocking"))
        .contains("changes.discard | 0 | 1 | 1");
  }

  @Test
  void aMissingTranscriptIsABadUsage() {
    CliRunner.Result result = cli.run(repo, "replay", temp.resolve("nope.jsonl").toString());
    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err()).contains("nope.jsonl is not a readable file");
  }
}
