package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each runner's payloads, in its own shapes, through {@code groundskeeper hook} (the runner told
 * from the shape) with the built-in rules on a real clone of a bare remote: a Bash denial, a file
 * write, a SessionStart context and a refused stop, each answered in the runner's own words.
 */
class RunnerHookTest {

  @TempDir
  Path temp;

  Path repo;
  CliRunner cli;

  @BeforeEach
  void setUp() {
    Path remote = temp.resolve("remote.git");
    Git.run(temp, "init", "-q", "--bare", "-b", "main", remote.toString());
    repo = Git.init(temp.resolve("repo"));
    Git.run(repo, "remote", "add", "origin", remote.toString());
    Git.run(repo, "push", "-q", "-u", "origin", "main");
    cli = CliRunner.builtInRulesOnly(temp);
  }

  /** One runner's payload shapes and answer fields. */
  enum Runner {
    CLAUDE {
      ObjectNode base(String hook, Path cwd) {
        return Json.object().put("session_id", "s1").put("transcript_path", "/h/t.jsonl")
            .put("cwd", cwd.toString()).put("permission_mode", "default")
            .put("hook_event_name", hook);
      }

      ObjectNode bash(Path cwd, String command) {
        ObjectNode node = base("PreToolUse", cwd).put("tool_name", "Bash")
            .put("tool_use_id", "toolu_1");
        node.putObject("tool_input").put("command", command);
        return node;
      }

      ObjectNode write(Path cwd, String path, String content) {
        ObjectNode node = base("PreToolUse", cwd).put("tool_name", "Write");
        node.putObject("tool_input").put("file_path", path).put("content", content);
        return node;
      }

      ObjectNode wrote(Path cwd, String path) {
        ObjectNode node = base("PostToolUse", cwd).put("tool_name", "Write");
        node.putObject("tool_input").put("file_path", path).put("content", "x");
        node.putObject("tool_response").put("success", true);
        return node;
      }

      ObjectNode sessionStart(Path cwd) {
        return base("SessionStart", cwd).put("source", "startup");
      }

      ObjectNode stop(Path cwd) {
        return base("Stop", cwd).put("stop_hook_active", false);
      }

      String denial(JsonNode answer) {
        assertThat(answer.path("hookSpecificOutput").path("permissionDecision").asText())
            .isEqualTo("deny");
        return answer.path("hookSpecificOutput").path("permissionDecisionReason").asText();
      }

      String context(JsonNode answer) {
        return answer.path("hookSpecificOutput").path("additionalContext").asText();
      }

      String refusedStop(JsonNode answer) {
        assertThat(answer.path("decision").asText()).isEqualTo("block");
        return answer.path("reason").asText();
      }
    },
    CODEX {
      ObjectNode base(String hook, Path cwd) {
        ObjectNode node = Json.object().put("session_id", "019a-s1").put("cwd", cwd.toString())
            .put("hook_event_name", hook).put("model", "gpt-5.5")
            .put("permission_mode", "default");
        node.putNull("transcript_path");
        return hook.equals("SessionStart") ? node : node.put("turn_id", "t-1");
      }

      ObjectNode bash(Path cwd, String command) {
        ObjectNode node = base("PreToolUse", cwd).put("tool_name", "Bash")
            .put("tool_use_id", "call_1");
        node.putObject("tool_input").put("command", command);
        return node;
      }

      ObjectNode write(Path cwd, String path, String content) {
        ObjectNode node = base("PreToolUse", cwd).put("tool_name", "apply_patch")
            .put("tool_use_id", "call_2");
        node.putObject("tool_input").put("command", "*** Begin Patch\n*** Add File: " + path
            + "\n+" + content + "\n*** End Patch\n");
        return node;
      }

      ObjectNode wrote(Path cwd, String path) {
        ObjectNode node = base("PostToolUse", cwd).put("tool_name", "apply_patch")
            .put("tool_use_id", "call_3").put("tool_response", "Success.");
        node.putObject("tool_input").put("command", "*** Begin Patch\n*** Add File: " + path
            + "\n+x\n*** End Patch\n");
        return node;
      }

      ObjectNode sessionStart(Path cwd) {
        return base("SessionStart", cwd).put("source", "startup");
      }

      ObjectNode stop(Path cwd) {
        return base("Stop", cwd).put("stop_hook_active", false)
            .put("last_assistant_message", "Done.");
      }

      String denial(JsonNode answer) {
        return CLAUDE.denial(answer);
      }

      String context(JsonNode answer) {
        return CLAUDE.context(answer);
      }

      String refusedStop(JsonNode answer) {
        return CLAUDE.refusedStop(answer);
      }
    },
    GEMINI {
      ObjectNode base(String hook, Path cwd) {
        return Json.object().put("session_id", "9f1c").put("transcript_path", "")
            .put("cwd", cwd.toString()).put("hook_event_name", hook)
            .put("timestamp", "2026-12-01T23:40:00.000Z");
      }

      ObjectNode bash(Path cwd, String command) {
        ObjectNode node = base("BeforeTool", cwd).put("tool_name", "run_shell_command");
        node.putObject("tool_input").put("command", command).put("description", "d");
        return node;
      }

      ObjectNode write(Path cwd, String path, String content) {
        ObjectNode node = base("BeforeTool", cwd).put("tool_name", "write_file");
        node.putObject("tool_input").put("file_path", path).put("content", content);
        return node;
      }

      ObjectNode wrote(Path cwd, String path) {
        ObjectNode node = base("AfterTool", cwd).put("tool_name", "write_file");
        node.putObject("tool_input").put("file_path", path).put("content", "x");
        node.putObject("tool_response").put("llmContent", "Successfully created the file.");
        return node;
      }

      ObjectNode sessionStart(Path cwd) {
        return base("SessionStart", cwd).put("source", "startup");
      }

      ObjectNode stop(Path cwd) {
        return base("AfterAgent", cwd).put("prompt", "p").put("prompt_response", "Done.")
            .put("stop_hook_active", false);
      }

      String denial(JsonNode answer) {
        assertThat(answer.path("decision").asText()).isEqualTo("deny");
        return answer.path("reason").asText();
      }

      String context(JsonNode answer) {
        return CLAUDE.context(answer);
      }

      String refusedStop(JsonNode answer) {
        return denial(answer);
      }
    },
    CURSOR {
      ObjectNode base(String hook, Path cwd) {
        ObjectNode node = Json.object().put("conversation_id", "c1").put("generation_id", "g1")
            .put("hook_event_name", hook);
        node.putArray("workspace_roots").add(cwd.toString());
        return node;
      }

      ObjectNode bash(Path cwd, String command) {
        return base("beforeShellExecution", cwd).put("command", command)
            .put("cwd", cwd.toString());
      }

      ObjectNode write(Path cwd, String path, String content) {
        ObjectNode node = base("preToolUse", cwd).put("tool_name", "Write");
        node.putObject("tool_input").put("file_path", path).put("contents", content);
        return node;
      }

      ObjectNode wrote(Path cwd, String path) {
        ObjectNode node = base("afterFileEdit", cwd).put("file_path", path);
        node.putArray("edits");
        return node;
      }

      ObjectNode sessionStart(Path cwd) {
        return base("sessionStart", cwd);
      }

      ObjectNode stop(Path cwd) {
        return base("stop", cwd).put("status", "completed").put("loop_count", 0);
      }

      String denial(JsonNode answer) {
        assertThat(answer.path("permission").asText()).isEqualTo("deny");
        assertThat(answer.path("user_message").asText())
            .isEqualTo(answer.path("agent_message").asText());
        return answer.path("agent_message").asText();
      }

      String context(JsonNode answer) {
        return answer.path("additional_context").asText();
      }

      String refusedStop(JsonNode answer) {
        return answer.path("followup_message").asText();
      }
    };

    abstract ObjectNode base(String hook, Path cwd);

    abstract ObjectNode bash(Path cwd, String command);

    abstract ObjectNode write(Path cwd, String path, String content);

    abstract ObjectNode wrote(Path cwd, String path);

    abstract ObjectNode sessionStart(Path cwd);

    abstract ObjectNode stop(Path cwd);

    abstract String denial(JsonNode answer);

    abstract String context(JsonNode answer);

    abstract String refusedStop(JsonNode answer);
  }

  JsonNode hook(ObjectNode payload, String... args) throws IOException {
    String[] all = new String[args.length + 1];
    all[0] = "hook";
    System.arraycopy(args, 0, all, 1, args.length);
    CliRunner.Result result = cli.withInput(repo, Json.compact(payload), all);
    assertThat(result.exit()).as(result.err()).isZero();
    return result.out().isBlank() ? Json.object() : Json.MAPPER.readTree(result.out());
  }

  void unpushedBranch(String name) {
    LossRepository.unpushedBranch(repo, name);
  }

  @ParameterizedTest
  @EnumSource(Runner.class)
  void aForcedDeletionOfUnpushedWorkIsDenied(Runner runner) throws IOException {
    unpushedBranch("feat/x");
    String reason = runner.denial(hook(runner.bash(repo, "git branch -D feat/x")));
    assertThat(reason).contains("[branches.force-removal]", "feat/x", "1 commit")
        .doesNotContain("engine.configuration");
    assertThat(Git.run(repo, "branch", "--list", "feat/x")).contains("feat/x");
  }

  @ParameterizedTest
  @EnumSource(Runner.class)
  void aDenialOnTheDefaultsSaysTheConfigurationCouldNotBeUsed(Runner runner) throws IOException {
    unpushedBranch("feat/x");
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "branches:\n  wipp: 1\n");
    String reason = runner.denial(hook(runner.bash(repo, "git branch -D feat/x")));
    assertThat(reason).contains("[branches.force-removal]", "feat/x",
        "[engine.configuration] could not judge: invalid configuration", "branches.wipp",
        "Every rule ran on the embedded defaults");
    assertThat(reason.indexOf("[branches.force-removal]"))
        .isLessThan(reason.indexOf("[engine.configuration]"));
  }

  @ParameterizedTest
  @EnumSource(Runner.class)
  void aNonScratchFileUnderTheScratchDirectoryIsDenied(Runner runner) throws IOException {
    Files.createDirectories(repo.resolve("untracked/scratch"));
    String reason = runner.denial(hook(runner.write(repo, "untracked/scratch/fix.patch",
        "diff --git a/x b/x")));
    assertThat(reason).contains("scratch.shape", "fix.patch");
    assertThat(repo.resolve("untracked/scratch/fix.patch")).doesNotExist();
  }

  @ParameterizedTest
  @EnumSource(Runner.class)
  void sessionStartGivesTheAgentTheSweep(Runner runner) throws IOException {
    Files.createDirectories(repo.resolve("untracked"));
    Files.writeString(repo.resolve("untracked/stray-notes.md"), "# notes\n");
    assertThat(runner.context(hook(runner.sessionStart(repo))))
        .contains("scratch.sweep", "stray-notes.md");
  }

  @ParameterizedTest
  @EnumSource(Runner.class)
  void aStopLeavingAWrittenFileUncommittedIsRefused(Runner runner) throws IOException {
    Git.run(repo, "switch", "-q", "-c", "feat/y");
    Files.writeString(repo.resolve("work.txt"), "x");
    // The runner reports the write; the touch record it leads to puts feat/y under the guard.
    hook(runner.wrote(repo, "work.txt"));
    assertThat(Git.run(repo, "config", "--list")).contains("branch.feat/y.");
    String reason = runner.refusedStop(hook(runner.stop(repo)));
    assertThat(reason).contains("[branches.stop-guard]", "feat/y");
  }

  @ParameterizedTest
  @EnumSource(Runner.class)
  void theRunnerNamedOnTheCommandLineIsUsed(Runner runner) throws IOException {
    unpushedBranch("feat/x");
    String name = runner == Runner.CLAUDE ? "claude" : runner.name().toLowerCase();
    assertThat(runner.denial(hook(runner.bash(repo, "git branch -D feat/x"), "--runner", name)))
        .contains("[branches.force-removal]");
  }

  @org.junit.jupiter.api.Test
  void aStopLetThroughAfterARefusalTellsThePersonWhatIsLeftAndHowToSecureIt()
      throws IOException {
    Runner claude = Runner.CLAUDE;
    Git.run(repo, "switch", "-q", "-c", "feat/y");
    Files.writeString(repo.resolve("work.txt"), "x");
    hook(claude.wrote(repo, "work.txt"));
    assertThat(claude.refusedStop(hook(claude.stop(repo)))).contains("feat/y");

    JsonNode again = hook(claude.stop(repo).put("stop_hook_active", true));

    assertThat(again.has("decision")).isFalse();
    assertThat(again.path("systemMessage").asText()).contains("[branches.stop-guard]",
        "The stop goes through", "feat/y", "add -A", "commit -m");
  }

  @org.junit.jupiter.api.Test
  void aTurnThatDiedOnAnApiErrorLeavesItsBranchesForTheNextSweep() throws IOException {
    Runner claude = Runner.CLAUDE;
    Git.run(repo, "switch", "-q", "-c", "feat/z");
    Files.writeString(repo.resolve("work.txt"), "x");
    hook(claude.wrote(repo, "work.txt"));

    CliRunner.Result failed = cli.withInput(repo, Json.compact(claude.base("StopFailure", repo)
        .put("error", "rate_limit").put("error_details", "429")), "hook");

    assertThat(failed.exit()).as(failed.err()).isZero();
    assertThat(failed.out().strip()).isEqualTo("{}");
    assertThat(failed.err()).contains("ended on an error (rate_limit)", "feat/z");
    CliRunner.Result sweep = cli.run(repo, "sweep");
    assertThat(sweep.out()).contains("Left behind at a stop:", "feat/z: dirty worktree (session s1");
  }
}
