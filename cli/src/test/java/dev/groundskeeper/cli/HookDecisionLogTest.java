package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every hook call goes through the host's one runtime, so the decision log records hook calls
 * (log.decisions: advise by default), under the runner's name, and a log that cannot be written
 * changes no answer.
 */
class HookDecisionLogTest {

  @TempDir
  Path temp;

  private Path repo;
  private CliRunner cli;

  @BeforeEach
  void setUp() throws IOException {
    repo = LossRepository.create(temp.resolve("repo"));
    cli = CliRunner.builtInRulesOnly(temp).env("GROUNDSKEEPER_HOME",
        temp.resolve("gk").toString());
  }

  private String claude(String command) {
    ObjectNode payload = Json.object().put("session_id", "s1").put("transcript_path", "")
        .put("cwd", repo.toString()).put("hook_event_name", "PreToolUse")
        .put("tool_name", "Bash");
    payload.putObject("tool_input").put("command", command);
    return Json.compact(payload);
  }

  private String gemini(String command) {
    ObjectNode payload = Json.object().put("session_id", "s2").put("transcript_path", "")
        .put("cwd", repo.toString()).put("hook_event_name", "BeforeTool")
        .put("timestamp", "2026-01-02T03:04:05.000Z").put("tool_name", "run_shell_command");
    payload.putObject("tool_input").put("command", command);
    return Json.compact(payload);
  }

  private CliRunner.Result hook(CliRunner runner, String payload) {
    CliRunner.Result result = runner.withInput(repo, payload, "hook");
    assertThat(result.exit()).as(result.err()).isZero();
    return result;
  }

  @Test
  void aHookCallAnAdviseModeRuleJudgedIsLoggedAndCountedByLogStats() throws IOException {
    // worktrees.placement runs in advise mode by default and judges a worktree add; under the
    // default log.decisions (advise) that call is recorded, a git status no such rule judged
    // is not.
    hook(cli, claude("git worktree add ../elsewhere"));
    hook(cli, claude("git status"));
    hook(cli, gemini("git worktree add ../another"));

    JsonNode listed = Json.MAPPER.readTree(cli.run(repo, "log", "--json").out());
    assertThat(listed.get("entries")).hasSize(2);
    JsonNode first = listed.get("entries").get(0);
    assertThat(first.get("runner").asText()).isEqualTo("claude");
    assertThat(first.get("subject").asText()).isEqualTo("git worktree add ../elsewhere");
    assertThat(first.get("session").asText()).isEqualTo("s1");
    assertThat(listed.get("entries").get(1).get("runner").asText()).isEqualTo("gemini");

    JsonNode stats = Json.MAPPER.readTree(cli.run(repo, "log", "--stats", "--json").out());
    assertThat(stats.get("calls").get("calls").asLong()).isEqualTo(2);
    boolean placement = false;
    for (JsonNode row : stats.get("rules")) {
      if (row.get("name").asText().equals("worktrees.placement")) {
        placement = true;
        assertThat(row.get("calls").asLong()).isEqualTo(2);
      }
    }
    assertThat(placement).as("worktrees.placement in log --stats").isTrue();
    assertThat(cli.run(repo, "log", "--stats").output()).containsPattern(
        "(?m)^\\(whole calls\\) +2 ");
  }

  @Test
  void everyDecisionOfAHookCallIsLoggedUnderAll() throws IOException {
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "log:\n  decisions: all\n");
    CliRunner.Result denied = hook(cli, claude("git branch -D feat/x"));
    assertThat(denied.out()).contains("\"permissionDecision\":\"deny\"");

    JsonNode listed = Json.MAPPER.readTree(cli.run(repo, "log", "--json").out());
    assertThat(listed.get("entries")).singleElement().satisfies(entry -> {
      assertThat(entry.get("outcome").asText()).isEqualTo("deny");
      assertThat(entry.get("subject").asText()).isEqualTo("git branch -D feat/x");
    });
  }

  @Test
  void aLogThatCannotBeWrittenChangesNoAnswerAndSaysWhyOnStandardError() throws IOException {
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "log:\n  decisions: all\n");
    CliRunner.Result working = hook(cli, claude("git branch -D feat/x"));

    // Another GROUNDSKEEPER_HOME whose state directory is a link elsewhere: refused, not followed.
    Path broken = Files.createDirectories(temp.resolve("broken"));
    Path elsewhere = Files.createDirectories(temp.resolve("elsewhere"));
    Files.createSymbolicLink(broken.resolve("state"), elsewhere);
    CliRunner refusing = CliRunner.builtInRulesOnly(temp).env("GROUNDSKEEPER_HOME",
        broken.toString());
    CliRunner.Result refused = hook(refusing, claude("git branch -D feat/x"));

    assertThat(refused.out()).isEqualTo(working.out());
    assertThat(refused.err()).contains("groundskeeper hook: the decision log was not written: "
        + "the decision log's directory " + broken.resolve("state") + " is a symbolic link");
    assertThat(working.err()).doesNotContain("decision log");
    try (var listing = Files.list(elsewhere)) {
      assertThat(listing.toList()).isEmpty();
    }
    CliRunner.Result log = refusing.run(repo, "log");
    assertThat(log.output()).contains("is a symbolic link");

    // A state directory that is a file: every write fails the same way, the answer unchanged.
    Path file = Files.createDirectories(temp.resolve("file-home"));
    Files.writeString(file.resolve("state"), "not a directory");
    CliRunner blocked = CliRunner.builtInRulesOnly(temp).env("GROUNDSKEEPER_HOME",
        file.toString());
    assertThat(hook(blocked, claude("git branch -D feat/x")).out()).isEqualTo(working.out());
  }
}
