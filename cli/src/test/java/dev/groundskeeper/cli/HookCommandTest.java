package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.host.runner.Runners;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HookCommandTest {

  @TempDir
  Path temp;

  Path project;
  CliRunner cli;

  @BeforeEach
  void setUp() throws IOException {
    project = Files.createDirectories(temp.resolve("project"));
    cli = new CliRunner(temp);
  }

  ObjectNode payload(String event) {
    ObjectNode node = Json.object();
    node.put("session_id", "s1");
    node.put("transcript_path", temp.resolve("t.jsonl").toString());
    node.put("cwd", project.toString());
    node.put("permission_mode", "default");
    node.put("hook_event_name", event);
    return node;
  }

  ObjectNode bash(String command) {
    ObjectNode node = payload("PreToolUse").put("tool_name", "Bash").put("tool_use_id", "toolu_1");
    node.putObject("tool_input").put("command", command).put("description", "a test");
    return node;
  }

  CliRunner.Result hook(JsonNode payload) {
    return cli.withInput(project, Json.compact(payload), "hook");
  }

  static JsonNode json(String text) {
    try {
      return Json.MAPPER.readTree(text);
    } catch (IOException e) {
      throw new AssertionError("not JSON: " + text, e);
    }
  }

  static void assertAnswer(CliRunner.Result result, String expectedJson) {
    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.err()).isEmpty();
    assertThat(result.output()).doesNotContain("\n");
    assertThat(json(result.output())).isEqualTo(json(expectedJson));
  }

  static String beforeTool(String field, String value) {
    ObjectNode specific = Json.object().put("hookEventName", "PreToolUse").put(field, value);
    if (field.equals("permissionDecisionReason")) {
      specific = Json.object().put("hookEventName", "PreToolUse")
          .put("permissionDecision", "deny").put(field, value);
    }
    ObjectNode root = Json.object();
    root.set("hookSpecificOutput", specific);
    return Json.compact(root);
  }

  static String context(String event, String text) {
    ObjectNode root = Json.object();
    root.putObject("hookSpecificOutput").put("hookEventName", event)
        .put("additionalContext", text);
    return Json.compact(root);
  }

  @Nested
  class PreToolUse {

    @Test
    void aCommandNoRuleObjectsToGetsAnEmptyObject() {
      assertAnswer(hook(bash("ls -la")), "{}");
    }

    @Test
    void aDeniedCommandGetsTheDenialWithReasonAndRemedy() {
      assertAnswer(hook(bash("rm -rf / --no-preserve-root")),
          beforeTool("permissionDecisionReason", "[clitest.guard] it removes everything\n"
              + "Remove only the build output:\n  rm -r ./build"));
    }

    @Test
    void adviceGoesToAdditionalContextWithoutADecision() {
      assertAnswer(hook(bash("echo note")),
          beforeTool("additionalContext", "[clitest.notes] noted: echo note in " + project));
    }

    @Test
    void aRuleThatFailsIsReportedAsCouldNotJudgeAndNeverBlocks() {
      assertAnswer(hook(bash("explode")), beforeTool("additionalContext",
          "[clitest.fragile] could not judge: the rule failed: boom"));
    }

    /** DESIGN.md's failure policy: with engine.on_error deny, a failing rule denies, in words. */
    @Test
    void withOnErrorDenyAFailingRuleDeniesNamingTheRuleAndNoException() throws IOException {
      Files.createDirectories(project.resolve(".git"));
      Files.writeString(project.resolve(".groundskeeper.yaml"), "engine:\n  on_error: deny\n");
      CliRunner.Result result = hook(bash("explode"));

      assertThat(result.exit()).isZero();
      JsonNode answer = Json.MAPPER.readTree(result.out()).path("hookSpecificOutput");
      assertThat(answer.path("permissionDecision").asText()).isEqualTo("deny");
      assertThat(answer.path("permissionDecisionReason").asText())
          .startsWith("[clitest.fragile] the rule failed: boom (engine.on_error is deny)")
          .doesNotContain("java.").doesNotContain("Exception");
    }

    @Test
    void withDebugAFailingRulesStackTraceGoesToStandardErrorAndTheAnswerStaysTheSame() {
      CliRunner.Result plain = cli.withInput(project, Json.compact(bash("explode")), "hook");
      CliRunner.Result debug = cli.withInput(project, Json.compact(bash("explode")), "--debug",
          "hook");

      assertThat(plain.err()).isEmpty();
      assertThat(debug.exit()).isEqualTo(plain.exit()).isZero();
      assertThat(debug.out()).isEqualTo(plain.out()).doesNotContain("java.")
          .doesNotContain("Exception").contains("clitest.fragile");
      assertThat(debug.err()).startsWith("groundskeeper hook: rule clitest.fragile failed:\n"
          + "java.lang.IllegalStateException: boom\n")
          .contains("\tat dev.groundskeeper.cli.TestRules$Fragile.evaluate(");
    }

    @Test
    void scratchSessionModeComesFromTheEnvironment() {
      assertAnswer(hook(bash("git commit -m x")), "{}");
      cli.env("GROUNDSKEEPER_SESSION_MODE", "scratch");
      assertAnswer(hook(bash("git commit -m x")), beforeTool("permissionDecisionReason",
          "[clitest.guard] a scratch session never commits\nLeave the change uncommitted."));
    }

    @Test
    void writeResolvesARelativePathAgainstCwdAndChecksThatItExists() throws IOException {
      Files.writeString(project.resolve("present.txt"), "old");
      ObjectNode write = payload("PreToolUse").put("tool_name", "Write");
      write.putObject("tool_input").put("file_path", "present.txt").put("content", "new");
      assertAnswer(hook(write), beforeTool("additionalContext", "[clitest.notes] WRITE "
          + project.resolve("present.txt") + " exists=true content=new"));
    }

    @Test
    void editOfAMissingFileIsAnEditThatDoesNotExistWithoutContent() {
      ObjectNode edit = payload("PreToolUse").put("tool_name", "Edit");
      edit.putObject("tool_input").put("file_path", project.resolve("sub/missing.txt").toString())
          .put("old_string", "a").put("new_string", "b").put("replace_all", false);
      assertAnswer(hook(edit), beforeTool("additionalContext", "[clitest.notes] EDIT "
          + project.resolve("sub/missing.txt") + " exists=false content=<none>"));
    }

    @Test
    void aDeniedWriteIsDenied() {
      ObjectNode write = payload("PreToolUse").put("tool_name", "Write");
      write.putObject("tool_input").put("file_path", "forbidden.txt").put("content", "x");
      assertAnswer(hook(write), beforeTool("permissionDecisionReason", "[clitest.guard] writing "
          + project.resolve("forbidden.txt") + " is forbidden\nWrite elsewhere."));
    }

    @Test
    void taskAndAgentDispatchesCarryTheirIsolation() {
      ObjectNode task = payload("PreToolUse").put("tool_name", "Task");
      task.putObject("tool_input").put("description", "explore").put("prompt", "look")
          .put("subagent_type", "general-purpose").put("isolation", "worktree");
      assertAnswer(hook(task), beforeTool("additionalContext",
          "[clitest.notes] dispatch isolation=worktree worktree=true"));

      ObjectNode agent = payload("PreToolUse").put("tool_name", "Agent");
      agent.putObject("tool_input").put("description", "deny");
      assertAnswer(hook(agent), beforeTool("permissionDecisionReason",
          "[clitest.guard] dispatch refused\nDo it yourself."));
    }

    @Test
    void aToolNoRuleReadsGetsAnEmptyObject() {
      ObjectNode read = payload("PreToolUse").put("tool_name", "Read");
      read.putObject("tool_input").put("file_path", "x");
      assertAnswer(hook(read), "{}");
    }

    @Test
    void unknownFieldsAreIgnored() {
      ObjectNode node = bash("echo note");
      node.put("something_new", 42).putObject("nested").put("deep", true);
      ((ObjectNode) node.get("tool_input")).put("run_in_background", true).put("timeout", 5);
      assertAnswer(hook(node),
          beforeTool("additionalContext", "[clitest.notes] noted: echo note in " + project));
    }
  }

  @Nested
  class PostToolUse {

    @Test
    void aBashCommandCompletesWithTheExitStatusWhenThePayloadHasOne() {
      ObjectNode node = payload("PostToolUse").put("tool_name", "Bash");
      node.putObject("tool_input").put("command", "make");
      node.putObject("tool_response").put("stdout", "").put("stderr", "fail")
          .put("exit_code", 2).put("interrupted", false);
      assertAnswer(hook(node), context("PostToolUse",
          "[clitest.notes] completed make status=2 interrupted=false"));
    }

    @Test
    void aBashCommandWithoutExitStatusHasNone() {
      ObjectNode node = payload("PostToolUse").put("tool_name", "Bash");
      node.putObject("tool_input").put("command", "sleep 9");
      node.putObject("tool_response").put("stdout", "").put("interrupted", true);
      assertAnswer(hook(node), context("PostToolUse",
          "[clitest.notes] completed sleep 9 status=unknown interrupted=true"));
    }

    @Test
    void aBashPostToolUseWithoutStatusSucceededBecauseClaudeCodeSendsItOnlyOnSuccess() {
      ObjectNode node = payload("PostToolUse").put("tool_name", "Bash");
      node.putObject("tool_input").put("command", "git merge topic");
      node.putObject("tool_response").put("stdout", "Fast-forward").put("stderr", "")
          .put("interrupted", false);
      assertAnswer(hook(node), context("PostToolUse",
          "[clitest.notes] completed git merge topic status=0 interrupted=false"));
    }

    @Test
    void aBashPostToolUseFailureReadsItsStatusFromTheErrorText() {
      ObjectNode node = payload("PostToolUseFailure").put("tool_name", "Bash");
      node.putObject("tool_input").put("command", "git merge topic");
      node.put("error", "Exit code 128\nfatal: refusing to merge unrelated histories");
      assertAnswer(hook(node), context("PostToolUseFailure",
          "[clitest.notes] completed git merge topic status=128 interrupted=false"));
    }

    @Test
    void aBashPostToolUseFailureWithoutStatusHasAnUnknownStatus() {
      for (String error : new String[] {"", "Command timed out", "Exit code x", "no Exit code 1"}) {
        ObjectNode node = payload("PostToolUseFailure").put("tool_name", "Bash");
        node.putObject("tool_input").put("command", "git merge topic");
        node.put("error", error);
        assertAnswer(hook(node), context("PostToolUseFailure",
            "[clitest.notes] completed git merge topic status=unknown interrupted=false"));
      }
    }

    @Test
    void anInterruptedFailureSaysSoFromTheTopLevelFlag() {
      ObjectNode node = payload("PostToolUseFailure").put("tool_name", "Bash")
          .put("is_interrupt", true).put("error", "Interrupted by user");
      node.putObject("tool_input").put("command", "sleep 100");
      assertAnswer(hook(node), context("PostToolUseFailure",
          "[clitest.notes] completed sleep 100 status=unknown interrupted=true"));
    }

    @Test
    void anotherToolCompletes() {
      ObjectNode node = payload("PostToolUse").put("tool_name", "Write");
      node.putObject("tool_input").put("file_path", "a.txt").put("content", "x");
      node.put("tool_response", "ok");
      assertAnswer(hook(node), context("PostToolUse", "[clitest.notes] tool Write completed on "
          + project.resolve("a.txt")));
    }

    @Test
    void everyWritingToolNamesItsFileAndOtherToolsNone() {
      for (String tool : new String[] {"Edit", "MultiEdit"}) {
        ObjectNode node = payload("PostToolUse").put("tool_name", tool);
        node.putObject("tool_input").put("file_path", temp.resolve("elsewhere/b.txt").toString());
        assertAnswer(hook(node), context("PostToolUse", "[clitest.notes] tool " + tool
            + " completed on " + temp.resolve("elsewhere/b.txt")));
      }
      ObjectNode notebook = payload("PostToolUse").put("tool_name", "NotebookEdit");
      notebook.putObject("tool_input").put("notebook_path", "nb/analysis.ipynb")
          .put("new_source", "x");
      assertAnswer(hook(notebook), context("PostToolUse",
          "[clitest.notes] tool NotebookEdit completed on " + project.resolve("nb/analysis.ipynb")));
      ObjectNode grep = payload("PostToolUse").put("tool_name", "Grep");
      grep.putObject("tool_input").put("pattern", "x").put("path", "src");
      assertAnswer(hook(grep), context("PostToolUse", "[clitest.notes] tool Grep completed"));
    }
  }

  @Nested
  class SessionEvents {

    @Test
    void sessionStartGetsAdditionalContextWithSourceAndTranscript() {
      ObjectNode node = payload("SessionStart").put("source", "resume").put("model", "m");
      assertAnswer(hook(node), context("SessionStart", "[clitest.notes] session s1 source=RESUME"
          + " transcript=" + temp.resolve("t.jsonl")));
    }

    @Test
    void aSessionStartSourceNewerThanThisBuildGetsAnEmptyObject() {
      assertAnswer(hook(payload("SessionStart").put("source", "fork")), "{}");
    }

    @Test
    void promptAdviceAndEvenADenialOnlyAddContext() {
      assertAnswer(hook(payload("UserPromptSubmit").put("prompt", "please tidy up")),
          context("UserPromptSubmit", "[clitest.notes] prompt mentions tidying"));
      // Blocking a prompt would erase what the person typed; the text reaches the agent instead.
      assertAnswer(hook(payload("UserPromptSubmit").put("prompt", "deny this")),
          context("UserPromptSubmit", "[clitest.guard] prompt refused\nSay it differently."));
    }

    @Test
    void stopIsBlockedWithTheReason() {
      ObjectNode node = payload("Stop").put("session_id", "dirty").put("stop_hook_active", false)
          .put("last_assistant_message", "done");
      assertAnswer(hook(node), "{\"decision\":\"block\",\"reason\":"
          + "\"[clitest.guard] work is unfinished\\nFinish it:\\n  git status\"}");
    }

    @Test
    void stopIsNeverBlockedWhileTheStopHookIsActive() {
      ObjectNode node = payload("Stop").put("session_id", "dirty").put("stop_hook_active", true);
      assertAnswer(hook(node), "{\"systemMessage\":"
          + "\"[clitest.guard] work is unfinished\\nFinish it:\\n  git status\"}");
    }

    @Test
    void stopAdviceIsShownToThePersonAndACleanStopGetsAnEmptyObject() {
      assertAnswer(hook(payload("Stop").put("session_id", "chatty")),
          "{\"systemMessage\":\"[clitest.notes] stopping with notes\"}");
      assertAnswer(hook(payload("Stop")), "{}");
    }

    @Test
    void subagentStopBlocksUnlessTheStopHookIsActive() {
      ObjectNode node = payload("SubagentStop").put("agent_id", "dirty")
          .put("agent_type", "Explore").put("stop_hook_active", false);
      assertAnswer(hook(node), "{\"decision\":\"block\",\"reason\":"
          + "\"[clitest.guard] sub-agent Explore left work unfinished\\nFinish it.\"}");
      node.put("stop_hook_active", true);
      assertAnswer(hook(node), "{\"systemMessage\":"
          + "\"[clitest.guard] sub-agent Explore left work unfinished\\nFinish it.\"}");
    }

    @Test
    void subagentStartCarriesTheAgent() {
      ObjectNode node = payload("SubagentStart").put("agent_id", "a-7").put("agent_type", "Plan");
      assertAnswer(hook(node),
          context("SubagentStart", "[clitest.notes] sub-agent a-7 of type Plan started"));
    }

    @Test
    void preCompactAdviceIsPlainTextForTheCompactionInstructions() {
      CliRunner.Result result = hook(payload("PreCompact").put("trigger", "auto")
          .put("custom_instructions", ""));
      assertThat(result.exit()).isZero();
      assertThat(result.output()).isEqualTo("[clitest.notes] compaction trigger=AUTO");
    }

    @Test
    void preCompactWithNothingToSayPrintsNothing() {
      // Claude Code would add even {} to the compaction instructions the person sees.
      CliRunner.Result result =
          hook(payload("PreCompact").put("trigger", "a-trigger-from-a-later-client"));
      assertThat(result.exit()).isZero();
      assertThat(result.out()).isEmpty();
      assertThat(Runners.CLAUDE_CODE.nothing("PreCompact").stdout()).isEmpty();
      assertThat(Runners.CLAUDE_CODE.nothing("Stop").stdout()).isEqualTo("{}");
    }

    @Test
    void anUnknownEventGetsAnEmptyObject() {
      assertAnswer(hook(payload("Notification").put("message", "hi")), "{}");
    }
  }

  @Nested
  class Worktrees {

    @Test
    void aDeniedCreationIsRefusedWithExitTwoAndTheReason() {
      CliRunner.Result result = hook(payload("WorktreeCreate").put("name", "bad-idea"));
      assertThat(result.exit()).isEqualTo(2);
      assertThat(result.output()).isEmpty();
      assertThat(result.error())
          .isEqualTo("[clitest.guard] worktree name bad-idea is refused\nPick another name.");
    }

    @Test
    void anAllowedCreationOutsideARepositoryIsRefusedWithExitTwoAndTheReason() {
      CliRunner.Result result = hook(payload("WorktreeCreate").put("worktree_name", "lane-1"));
      assertThat(result.exit()).isEqualTo(2);
      assertThat(result.output()).isEmpty();
      assertThat(result.error()).isEqualTo("groundskeeper: cannot create worktree 'lane-1': "
          + project + " is not inside a git repository");
    }


    @Test
    void removalIsAnsweredWithAnEmptyObjectAndTheNoteOnStandardError() {
      CliRunner.Result result = hook(payload("WorktreeRemove").put("worktree_path", "../wt/x"));
      assertThat(result.exit()).isZero();
      assertThat(result.output()).isEqualTo("{}");
      assertThat(result.error())
          .isEqualTo("[clitest.notes] removing " + temp.resolve("wt/x"));
    }
  }

  @Nested
  class Errors {

    void assertFails(CliRunner.Result result, String message) {
      assertThat(result.exit()).isEqualTo(1);
      assertThat(result.out()).isEmpty();
      assertThat(result.err()).isEqualTo("groundskeeper hook: " + message + "\n");
    }

    @Test
    void emptyInput() {
      assertFails(cli.withInput(project, "", "hook"),
          "no hook payload on standard input (expected one JSON object)");
    }

    @Test
    void malformedJson() {
      assertFails(cli.withInput(project, "{\"session_id\": ", "hook"),
          "the hook payload is not valid JSON: Unexpected end-of-input within/between Object"
              + " entries (line 1, column 16)");
    }

    @Test
    void notAnObject() {
      assertFails(cli.withInput(project, "[1, 2]", "hook"),
          "the hook payload must be a JSON object, not array");
    }

    @Test
    void missingEventName() {
      ObjectNode node = payload("Stop");
      node.remove("hook_event_name");
      // Without the event's name no runner's shape fits; the runner lets the action continue.
      assertFails(hook(node), "no runner this build knows sends a payload of this shape (no"
          + " string field `hook_event_name`), so nothing was judged; name the runner with"
          + " --runner claude|codex|gemini|cursor");
      assertFails(cli.withInput(project, Json.compact(node), "hook", "--runner", "claude"),
          "the hook payload lacks the string field `hook_event_name`");
    }

    @Test
    void anUnknownRunnerIsAnError() {
      assertFails(cli.withInput(project, Json.compact(bash("ls")), "hook", "--runner", "vim"),
          "unknown runner `vim`: expected one of claude codex gemini cursor (see groundskeeper"
              + " hook --help)");
    }

    @Test
    void aPayloadOverTheCapIsAnsweredAsACallNoGuardJudgedInEachRunnersWords()
        throws IOException {
      String padding = "x".repeat(HookCommand.MAX_PAYLOAD);
      String why = "groundskeeper could not judge this call, so no guard checked it: the hook"
          + " payload is larger than 8388608 bytes";
      String[][] cases = {
          {"{\"session_id\":\"s\",\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\","
              + "\"tool_input\":{\"command\":\"", "hookSpecificOutput.permissionDecision", "ask"},
          {"{\"session_id\":\"s\",\"turn_id\":\"t\",\"hook_event_name\":\"PreToolUse\","
              + "\"tool_input\":{\"command\":\"", "hookSpecificOutput.permissionDecisionReason", why},
          {"{\"session_id\":\"s\",\"timestamp\":\"2026-12-01T00:00:00Z\","
              + "\"hook_event_name\":\"BeforeTool\",\"tool_input\":{\"command\":\"",
              "decision", "ask"},
          {"{\"conversation_id\":\"c\",\"hook_event_name\":\"beforeShellExecution\","
              + "\"command\":\"", "permission", "ask"}};
      for (String[] each : cases) {
        CliRunner.Result result = cli.withInput(project, each[0] + padding + "\"}}", "hook");
        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(result.err()).isEqualTo("groundskeeper hook: cannot judge this call: the hook"
            + " payload is larger than 8388608 bytes\n");
        JsonNode answer = json(result.output());
        for (String field : each[1].split("\\.")) {
          answer = answer.path(field);
        }
        assertThat(answer.asText()).as(each[0]).isEqualTo(each[2]);
      }
      CliRunner.Result unknown = cli.withInput(project, "{\"x\":\"" + padding + "\"}", "hook");
      assertFails(unknown, "the hook payload is larger than 8388608 bytes and its start is no"
          + " runner's payload, so nothing was judged");
    }

    @Test
    void missingCwd() {
      // A missing session only describes the call (HookFuzzFindingsTest): it is judged.
      ObjectNode node = payload("Stop");
      node.remove("session_id");
      assertThat(hook(node).exit()).isZero();
      node = payload("Stop");
      node.remove("cwd");
      assertFails(hook(node), "the Stop payload lacks the string field `cwd`");
    }

    @Test
    void missingFieldsOfEachEvent() {
      ObjectNode bash = bash("ls");
      bash.remove("tool_input");
      assertFails(hook(bash), "the PreToolUse payload lacks the string field `tool_input.command`");
      assertFails(hook(payload("PreToolUse")),
          "the PreToolUse payload lacks the string field `tool_name`");
      ObjectNode write = payload("PreToolUse").put("tool_name", "Write");
      write.putObject("tool_input").put("content", "x");
      assertFails(hook(write),
          "the PreToolUse payload lacks the string field `tool_input.file_path`");
      assertFails(hook(payload("UserPromptSubmit")),
          "the UserPromptSubmit payload lacks the string field `prompt`");
      assertFails(hook(payload("SessionStart")),
          "the SessionStart payload lacks the string field `source`");
      assertFails(hook(payload("PreCompact")),
          "the PreCompact payload lacks the string field `trigger`");
      assertFails(hook(payload("WorktreeCreate")),
          "the WorktreeCreate payload lacks the string field `name`");
      assertFails(hook(payload("WorktreeRemove")),
          "the WorktreeRemove payload lacks the string field `worktree_path`");
    }

    @Test
    void fieldsOfTheWrongType() {
      assertFails(hook(payload("Stop").put("cwd", 7)),
          "the Stop payload's field `cwd` must be a string, not number");
      assertFails(hook(payload("Stop").put("stop_hook_active", "yes")),
          "the Stop payload's field `stop_hook_active` must be true or false, not string");
      ObjectNode node = payload("PostToolUse").put("tool_name", "Bash");
      node.putObject("tool_input").put("command", "make");
      node.putObject("tool_response").put("exit_code", "two");
      assertFails(hook(node),
          "the PostToolUse payload's field `tool_response.exit_code` must be an integer, not"
              + " string");
    }

    @Test
    void pathsThatCannotBePaths() {
      assertFails(hook(payload("Stop").put("cwd", "/tmp/a\u0000b")),
          "the Stop payload's field `cwd` is not a usable path: Nul character not allowed:"
              + " /tmp/a\\x00b");
      ObjectNode write = payload("PreToolUse").put("tool_name", "Write");
      write.putObject("tool_input").put("file_path", "x\u0000y");
      assertFails(hook(write), "the PreToolUse payload's field `tool_input.file_path` is not a"
          + " usable path: Nul character not allowed: x\\x00y");
    }

    @Test
    void anInvalidSessionModeIsJudgedAsANormalSessionWithANote() throws IOException {
      cli.env("GROUNDSKEEPER_SESSION_MODE", "sandbox");
      CliRunner.Result result = hook(bash("ls"));
      assertThat(result.exit()).isZero();
      assertThat(result.err()).isEqualTo("groundskeeper hook: GROUNDSKEEPER_SESSION_MODE must be"
          + " `normal` or `scratch`, not `sandbox`; judged as a normal session\n");
      String context = Json.MAPPER.readTree(result.out()).path("hookSpecificOutput")
          .path("additionalContext").asText();
      assertThat(context).contains("[engine.configuration] could not judge:"
          + " GROUNDSKEEPER_SESSION_MODE must be `normal` or `scratch`, not `sandbox`");
    }

    @Test
    void anEventThisBuildDoesNotKnowIsAnsweredEmptyWhateverItsFields() {
      ObjectNode unknown = Json.object().put("hook_event_name", "SomethingNew").put("cwd", "/tmp");
      CliRunner.Result result = hook(unknown);
      assertThat(result.exit()).isZero();
      assertThat(result.out()).isEqualTo("{}\n");
      assertThat(result.err()).isEmpty();
    }

    @Test
    void aMissingPluginLeavesTheOtherRulesJudgingAndSaysWhy() {
      // Exit 1 would read to the runner as "the hook failed, go ahead" with every guard off.
      CliRunner.Result result = cli.withInput(project, Json.compact(bash("ls")), "--plugin-path",
          temp.resolve("nope.jar").toString(), "hook");
      assertThat(result.exit()).as(result.err()).isZero();
      assertThat(result.out()).isNotEmpty();
      assertThat(result.err()).startsWith("groundskeeper hook: a rule plugin could not be loaded:"
          + " plugin path " + temp.resolve("nope.jar") + " does not exist")
          .contains("judged on the embedded defaults").doesNotContain("Exception");
    }

    @Test
    void anInvalidConfigurationIsJudgedOnTheDefaultsWithANoteAndOneLineOnStandardError()
        throws IOException {
      Files.createDirectories(project.resolve(".git"));
      Files.writeString(project.resolve(".groundskeeper.yaml"), "engine:\n  on_eror: deny\n");
      CliRunner.Result result = hook(bash("ls"));
      assertThat(result.exit()).isZero();
      assertThat(result.err()).startsWith("groundskeeper hook: ")
          .contains(project.resolve(".groundskeeper.yaml").toString(),
              "did you mean `on_error`?", "judged on the embedded defaults")
          .endsWith("\n");
      assertThat(result.error()).doesNotContain("\n");
      String context = Json.MAPPER.readTree(result.out()).path("hookSpecificOutput")
          .path("additionalContext").asText();
      assertThat(context).contains("[engine.configuration] could not judge: invalid configuration",
          ".groundskeeper.yaml:2:3: engine.on_eror", "Every rule ran on the embedded defaults");
    }

    @Test
    void anInternalErrorIsOneLineAndExitOneNeverTwo() {
      CliRunner broken = CliRunner.withPolicy(temp, builder -> {
        throw new IllegalStateException("kaput\nsecond line");
      });
      CliRunner.Result result =
          broken.withInput(project, Json.compact(bash("rm -rf /")), "hook");
      assertThat(result.exit()).isEqualTo(1);
      assertThat(result.out()).isEmpty();
      assertThat(result.err()).isEqualTo("groundskeeper hook: internal error: kaput; second line"
          + " (--debug prints its stack trace)\n");
      assertThat(result.err()).doesNotContain("java.").doesNotContain("Exception");

      CliRunner.Result debug =
          broken.withInput(project, Json.compact(bash("rm -rf /")), "--debug", "hook");
      assertThat(debug.exit()).as("still exit 1: the action goes ahead").isEqualTo(1);
      assertThat(debug.out()).isEmpty();
      assertThat(debug.err()).startsWith("groundskeeper hook: internal error: kaput; second line\n"
          + "java.lang.IllegalStateException: kaput\n").contains("\tat ");
    }

    @Test
    void anUnknownOptionExitsOneNeverTwo() {
      CliRunner.Result result = cli.withInput(project, "{}", "hook", "--bogus");
      assertThat(result.exit()).isEqualTo(1);
      assertThat(result.error()).isEqualTo(
          "groundskeeper hook: Unknown option: '--bogus' (see groundskeeper hook --help)");
    }
  }
}
