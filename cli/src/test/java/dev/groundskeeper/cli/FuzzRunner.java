package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * One runner as the hook fuzzers see it: the payloads it sends (a corpus of its events, and a
 * pre-command payload carrying a given command), the fields a guard needs from that payload, and
 * what of the hook's answer the runner reads (docs/claude-code.md, docs/runners/*.md,
 * ../shared/protocols/README.md). The hook is called with {@code --runner NAME}, as install
 * registers it.
 */
enum FuzzRunner {

  CLAUDE("claude") {
    @Override
    ObjectNode base(String hook, Path repo) {
      return Json.object().put("session_id", "fuzz-1")
          .put("transcript_path", repo.resolveSibling("t.jsonl").toString())
          .put("cwd", repo.toString()).put("permission_mode", "default")
          .put("hook_event_name", hook);
    }

    @Override
    ObjectNode command(Path repo, String command, Random random) {
      ObjectNode node = base("PreToolUse", repo).put("tool_name", "Bash")
          .put("tool_use_id", "toolu_01");
      node.putObject("tool_input").put("command", command).put("description", "run it");
      return node;
    }

    @Override
    List<ObjectNode> corpus(Path repo) {
      ObjectNode write = base("PreToolUse", repo).put("tool_name", "Write");
      write.putObject("tool_input").put("file_path", repo.resolve("a.txt").toString())
          .put("content", "x");
      ObjectNode post = base("PostToolUse", repo).put("tool_name", "Bash");
      post.putObject("tool_input").put("command", "git status");
      post.putObject("tool_response").put("stdout", "").put("stderr", "")
          .put("interrupted", false);
      ObjectNode agent = base("PreToolUse", repo).put("tool_name", "Task");
      agent.putObject("tool_input").put("description", "d").put("prompt", "p")
          .put("isolation", "worktree");
      return List.of(command(repo, "echo hi > notes.md && rm -- notes.md", new Random(0)), write,
          post, agent, base("Stop", repo).put("stop_hook_active", false),
          base("SubagentStop", repo).put("stop_hook_active", false).put("agent_id", "a1"),
          base("SessionStart", repo).put("source", "startup"),
          base("UserPromptSubmit", repo).put("prompt", "hello"),
          base("PreCompact", repo).put("trigger", "auto").put("custom_instructions", ""),
          base("WorktreeRemove", repo).put("worktree_path", repo.resolve("w").toString()));
    }

    @Override
    boolean denies(JsonNode answer) {
      return answer.path("hookSpecificOutput").path("permissionDecision").asText()
          .equals("deny");
    }

    @Override
    void checkAnswer(String hook, String stdout, String where) {
      if (hook.equals("PreCompact")) {
        return; // plain text joins the summary instructions
      }
      object(stdout, where);
    }
  },

  CODEX("codex") {
    @Override
    ObjectNode base(String hook, Path repo) {
      ObjectNode node = Json.object().put("session_id", "019a-fuzz").put("cwd", repo.toString())
          .put("hook_event_name", hook).put("model", "gpt-5.5")
          .put("permission_mode", "default");
      node.putNull("transcript_path");
      return hook.equals("SessionStart") ? node : node.put("turn_id", "t-1");
    }

    @Override
    ObjectNode command(Path repo, String command, Random random) {
      ObjectNode node = base("PreToolUse", repo).put("tool_use_id", "call_1");
      switch (random.nextInt(3)) {
        case 0 -> node.put("tool_name", "Bash").putObject("tool_input").put("command", command);
        case 1 -> node.put("tool_name", "exec_command").putObject("tool_input")
            .put("cmd", command).put("workdir", repo.toString());
        default -> node.put("tool_name", "shell").putObject("tool_input").putArray("command")
            .add("bash").add("-lc").add(command);
      }
      return node;
    }

    @Override
    Set<String> needed(ObjectNode payload) {
      return Set.of("/hook_event_name", "/tool_name", "/cwd", "/tool_input/command",
          "/tool_input/cmd");
    }

    @Override
    List<ObjectNode> corpus(Path repo) {
      ObjectNode patch = base("PreToolUse", repo).put("tool_name", "apply_patch");
      patch.putObject("tool_input").put("command", "*** Begin Patch\n*** Add File: notes.md\n"
          + "+x\n*** End Patch\n");
      ObjectNode post = base("PostToolUse", repo).put("tool_name", "Bash")
          .put("tool_response", "Exit code 0\nok");
      post.putObject("tool_input").put("command", "git status");
      return List.of(command(repo, "echo hi > notes.md && rm -- notes.md", new Random(0)), patch,
          post, base("Stop", repo).put("stop_hook_active", false),
          base("SubagentStop", repo).put("stop_hook_active", false).put("agent_type", "x"),
          base("SessionStart", repo).put("source", "startup"),
          base("UserPromptSubmit", repo).put("prompt", "hello"),
          base("PreCompact", repo).put("trigger", "manual"), base("Interrupt", repo));
    }

    @Override
    boolean denies(JsonNode answer) {
      return CLAUDE.denies(answer);
    }

    /** Codex rejects an answer with a field its schema does not list (the call then runs). */
    @Override
    void checkAnswer(String hook, String stdout, String where) {
      JsonNode answer = object(stdout, where);
      assertThat(fields(answer)).as(where).isSubsetOf("continue", "stopReason",
          "suppressOutput", "systemMessage", "decision", "reason", "hookSpecificOutput");
      JsonNode specific = answer.path("hookSpecificOutput");
      if (specific.isObject()) {
        assertThat(fields(specific)).as(where).isSubsetOf("hookEventName",
            "permissionDecision", "permissionDecisionReason", "additionalContext");
        // ask is invalid and allow needs updatedInput: either fails the hook, and the call runs
        assertThat(specific.path("permissionDecision").asText("deny")).as(where)
            .isEqualTo("deny");
      }
    }
  },

  GEMINI("gemini") {
    @Override
    ObjectNode base(String hook, Path repo) {
      return Json.object().put("session_id", "g-fuzz")
          .put("transcript_path", repo.resolveSibling("g.json").toString())
          .put("cwd", repo.toString()).put("hook_event_name", hook)
          .put("timestamp", "2026-01-02T03:04:05.000Z");
    }

    @Override
    ObjectNode command(Path repo, String command, Random random) {
      ObjectNode node = base("BeforeTool", repo).put("tool_name", "run_shell_command");
      ObjectNode input = node.putObject("tool_input").put("command", command)
          .put("description", "run it");
      if (random.nextBoolean()) {
        input.put("dir_path", repo.toString());
      }
      node.putObject("mcp_context");
      return node;
    }

    @Override
    Set<String> needed(ObjectNode payload) {
      return Set.of("/hook_event_name", "/tool_name", "/cwd", "/tool_input/command",
          "/tool_input/dir_path");
    }

    @Override
    List<ObjectNode> corpus(Path repo) {
      ObjectNode write = base("BeforeTool", repo).put("tool_name", "write_file");
      write.putObject("tool_input").put("file_path", "notes.md").put("content", "x");
      ObjectNode after = base("AfterTool", repo).put("tool_name", "run_shell_command");
      after.putObject("tool_input").put("command", "git status");
      after.putObject("tool_response").put("llmContent", "Output: ok");
      return List.of(command(repo, "echo hi > notes.md && rm -- notes.md", new Random(0)), write,
          after, base("BeforeAgent", repo).put("prompt", "hello"),
          base("AfterAgent", repo).put("stop_hook_active", false).put("prompt_response", "ok"),
          base("SessionStart", repo).put("source", "startup"),
          base("PreCompress", repo).put("trigger", "auto"), base("BeforeModel", repo));
    }

    @Override
    boolean denies(JsonNode answer) {
      return answer.path("decision").asText().equals("deny");
    }

    @Override
    void checkAnswer(String hook, String stdout, String where) {
      object(stdout, where); // Gemini shows any other text on standard output to the person
    }
  },

  CURSOR("cursor") {
    @Override
    ObjectNode base(String hook, Path repo) {
      ObjectNode node = Json.object().put("conversation_id", "c-fuzz")
          .put("generation_id", "g-1").put("model", "auto").put("hook_event_name", hook)
          .put("cursor_version", "1.7.0").put("user_email", "a@b.invalid")
          .put("transcript_path", repo.resolveSibling("c.jsonl").toString())
          .put("cwd", repo.toString());
      node.putArray("workspace_roots").add(repo.toString());
      return node;
    }

    @Override
    ObjectNode command(Path repo, String command, Random random) {
      if (random.nextBoolean()) {
        ObjectNode node = base("preToolUse", repo).put("tool_name", "Shell");
        node.putObject("tool_input").put("command", command);
        return node;
      }
      return base("beforeShellExecution", repo).put("command", command);
    }

    @Override
    Set<String> needed(ObjectNode payload) {
      return Set.of("/hook_event_name", "/tool_name", "/cwd", "/tool_input/command",
          "/command");
    }

    @Override
    List<ObjectNode> corpus(Path repo) {
      ObjectNode write = base("preToolUse", repo).put("tool_name", "Write");
      write.putObject("tool_input").put("file_path", "notes.md").put("contents", "x");
      ObjectNode edited = base("afterFileEdit", repo).put("file_path", "notes.md");
      edited.putArray("edits").addObject().put("old_string", "a").put("new_string", "b");
      return List.of(command(repo, "echo hi > notes.md && rm -- notes.md", new Random(0)), write,
          base("afterShellExecution", repo).put("command", "git status").put("exit_code", 0)
              .put("output", "ok"),
          edited, base("beforeSubmitPrompt", repo).put("prompt", "hello"),
          base("stop", repo).put("status", "completed").put("loop_count", 0),
          base("subagentStop", repo).put("subagent_id", "s1").put("loop_count", 0),
          base("sessionStart", repo).put("source", "startup"),
          base("beforeReadFile", repo).put("file_path", "a.txt"));
    }

    @Override
    boolean denies(JsonNode answer) {
      return answer.path("permission").asText().equals("deny");
    }

    /** Cursor reads one JSON object; an empty answer is {@code {}}, never nothing. */
    @Override
    void checkAnswer(String hook, String stdout, String where) {
      assertThat(stdout).as(where).isNotEmpty();
      JsonNode answer = object(stdout, where);
      assertThat(fields(answer)).as(where).isSubsetOf("permission", "user_message",
          "agent_message", "followup_message", "additional_context", "continue");
    }
  };

  final String name;

  FuzzRunner(String name) {
    this.name = name;
  }

  /** A payload of {@code hook} with the fields every event of this runner carries. */
  abstract ObjectNode base(String hook, Path repo);

  /** A pre-command payload asking to run {@code command} (one of the runner's shell shapes). */
  abstract ObjectNode command(Path repo, String command, Random random);

  /** Payloads of the runner's other events, to be mutated. */
  abstract List<ObjectNode> corpus(Path repo);

  /** The paths of {@link #command}'s payload a guard reads to judge it. */
  Set<String> needed(ObjectNode payload) {
    return Set.of("/hook_event_name", "/tool_name", "/cwd", "/tool_input/command");
  }

  /** Whether the answer (exit 0) refuses the call in this runner's words. */
  abstract boolean denies(JsonNode answer);

  /** Checks an exit-0 standard output is what the runner reads for {@code hook}. */
  abstract void checkAnswer(String hook, String stdout, String where);

  static JsonNode object(String stdout, String where) {
    if (stdout.isEmpty()) {
      return Json.object();
    }
    JsonNode answer;
    try {
      answer = Json.MAPPER.readTree(stdout);
    } catch (java.io.IOException e) {
      throw new AssertionError(where + ": standard output is not JSON: " + stdout, e);
    }
    assertThat(answer.isObject()).as(where + ": " + stdout).isTrue();
    return answer;
  }

  static List<String> fields(JsonNode node) {
    List<String> names = new java.util.ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
