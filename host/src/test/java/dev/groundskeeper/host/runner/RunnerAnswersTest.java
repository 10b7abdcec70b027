package dev.groundskeeper.host.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** What each adapter answers, and the invariants every answer keeps. */
class RunnerAnswersTest {

  static final EventContext CONTEXT = EventContext.of("s1", Path.of("/repo"));
  static final Decision DENY = Decision.of(List.of(Verdict.deny("t.guard", "it loses work",
      new Remedy("Push first:", List.of("git push -u origin x")))), Optional.empty());
  static final Decision ADVISE = Decision.of(List.of(Verdict.advise("t.notes", "noted")),
      Optional.empty());
  static final Decision ALLOW = Decision.of(List.of(Verdict.allow("t.guard")),
      Optional.empty());
  static final String DENIED = "[t.guard] it loses work\nPush first:\n  git push -u origin x";

  static RunnerAdapter.Call call(String hook, Event event) {
    return new RunnerAdapter.Call(hook, List.of(event));
  }

  static final Event COMMAND = new Event.CommandEvent(CONTEXT, "git branch -D x");

  static JsonNode json(String text) {
    try {
      return Mapping.MAPPER.readTree(text);
    } catch (IOException e) {
      throw new AssertionError(text, e);
    }
  }

  @Test
  void codexDeniesThroughHookSpecificOutputAndNeverSendsAdditionalContextBeforeATool() {
    RunnerAnswer denied = Runners.CODEX.answer(call("PreToolUse", COMMAND), DENY);
    assertThat(json(denied.stdout())).isEqualTo(json("{\"hookSpecificOutput\":{\"hookEventName\":"
        + "\"PreToolUse\",\"permissionDecision\":\"deny\",\"permissionDecisionReason\":"
        + Mapping.MAPPER.valueToTree(DENIED) + "}}"));
    RunnerAnswer advised = Runners.CODEX.answer(call("PreToolUse", COMMAND), ADVISE);
    assertThat(advised.stdout()).isEqualTo("{\"systemMessage\":\"[t.notes] noted\"}")
        .doesNotContain("additionalContext");
    assertThat(Runners.CODEX.answer(call("PreToolUse", COMMAND), ALLOW).stdout()).isEmpty();
    Event stop = new Event.Stop(CONTEXT, false);
    assertThat(json(Runners.CODEX.answer(call("Stop", stop), DENY).stdout()))
        .isEqualTo(json("{\"decision\":\"block\",\"reason\":"
            + Mapping.MAPPER.valueToTree(DENIED) + "}"));
    assertThat(Runners.CODEX.answer(call("Stop", new Event.Stop(CONTEXT, true)), DENY).stdout())
        .startsWith("{\"systemMessage\":");
    // Codex rejects ask and runs the call after a mere message: refused, with the reason
    assertThat(Runners.CODEX.cannotJudge("PreToolUse", "why").stdout())
        .isEqualTo("{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\","
            + "\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"groundskeeper could"
            + " not judge this call, so no guard checked it: why\"}}");
    assertThat(Runners.CODEX.cannotJudge("Stop", "why").stdout())
        .isEqualTo("{\"systemMessage\":\"groundskeeper could not judge this call, so no guard"
            + " checked it: why\"}");
  }

  @Test
  void geminiDeniesAtTheTopLevelAndPrintsNothingWithNothingToSay() {
    assertThat(json(Runners.GEMINI.answer(call("BeforeTool", COMMAND), DENY).stdout()))
        .isEqualTo(json("{\"decision\":\"deny\",\"reason\":"
            + Mapping.MAPPER.valueToTree(DENIED) + "}"));
    assertThat(Runners.GEMINI.answer(call("BeforeTool", COMMAND), ADVISE).stdout())
        .isEqualTo("{\"hookSpecificOutput\":{\"hookEventName\":\"BeforeTool\","
            + "\"additionalContext\":\"[t.notes] noted\"}}");
    assertThat(Runners.GEMINI.answer(call("BeforeTool", COMMAND), ALLOW))
        .isEqualTo(RunnerAnswer.silent());
    assertThat(Runners.GEMINI.answer(call("AfterAgent", new Event.Stop(CONTEXT, false)), DENY)
        .stdout()).startsWith("{\"decision\":\"deny\"");
    assertThat(Runners.GEMINI.answer(call("AfterAgent", new Event.Stop(CONTEXT, true)), DENY)
        .stdout()).startsWith("{\"systemMessage\":");
    assertThat(json(Runners.GEMINI.cannotJudge("BeforeTool", "why").stdout()).path("decision")
        .asText()).isEqualTo("ask");
  }

  @Test
  void cursorAnswersWithPermissionAndRefusesAStopWithAFollowUp() {
    JsonNode denied = json(Runners.CURSOR.answer(call("beforeShellExecution", COMMAND), DENY)
        .stdout());
    assertThat(denied.path("permission").asText()).isEqualTo("deny");
    assertThat(denied.path("agent_message").asText()).isEqualTo(DENIED);
    assertThat(denied.path("user_message").asText()).isEqualTo(DENIED);
    // no loss found grants nothing: Cursor's own run mode still decides whether to ask
    assertThat(Runners.CURSOR.answer(call("beforeShellExecution", COMMAND), ALLOW).stdout())
        .isEqualTo("{}");
    JsonNode advised = json(Runners.CURSOR.answer(call("beforeShellExecution", COMMAND), ADVISE)
        .stdout());
    assertThat(advised.has("permission")).isFalse();
    assertThat(advised.path("agent_message").asText()).isEqualTo("[t.notes] noted");
    assertThat(json(Runners.CURSOR.answer(call("stop", new Event.Stop(CONTEXT, false)), DENY)
        .stdout()).path("followup_message").asText()).isEqualTo(DENIED);
    RunnerAnswer looping = Runners.CURSOR.answer(call("stop", new Event.Stop(CONTEXT, true)),
        DENY);
    assertThat(looping.stdout()).isEqualTo("{}");
    assertThat(looping.stderr()).isEqualTo(DENIED);
    assertThat(json(Runners.CURSOR.cannotJudge("preToolUse", "why").stdout()).path("permission")
        .asText()).isEqualTo("ask");
  }

  @Test
  void claudeCodeAsksThePersonWhenNoGuardCouldJudge() {
    JsonNode asked = json(Runners.CLAUDE_CODE.cannotJudge("PreToolUse", "too big").stdout());
    assertThat(asked.path("hookSpecificOutput").path("permissionDecision").asText())
        .isEqualTo("ask");
    assertThat(asked.path("systemMessage").asText()).endsWith("too big");
    assertThat(Runners.CLAUDE_CODE.cannotJudge("PreCompact", "x")).isEqualTo(RunnerAnswer.silent());
    assertThat(Runners.CLAUDE_CODE.cannotJudge("WorktreeCreate", "x").exitCode()).isEqualTo(1);
    assertThat(Runners.CLAUDE_CODE.cannotJudge("Stop", "x").stdout())
        .startsWith("{\"systemMessage\":");
  }

  @Test
  void codexPatchesNameTheirFilesAndShellVectorsReadAsTheirScript() {
    assertThat(ApplyPatch.writes("*** Begin Patch\n*** Delete File: gone.txt\n*** Update File:"
        + " a.txt\n*** Move to: b.txt\n@@\n-x\n+y\n*** End Patch"))
        .extracting(ApplyPatch.FileWrite::path).containsExactly("a.txt", "b.txt");
    assertThat(ApplyPatch.writes("no markers at all")).isEmpty();
    assertThat(ShellInput.line(List.of("bash", "-lc", "git status && ls"))).isEqualTo(
        "git status && ls");
    assertThat(ShellInput.line(List.of("git", "commit", "-m", "it's done")))
        .isEqualTo("git commit -m 'it'\\''s done'");
  }

  @Test
  void payloadsOfNoKnownShapeAreNotDetectedAndBadFieldsNameTheirEvent() {
    assertThat(Runners.detect(json("{\"session_id\":\"s\",\"cwd\":\"/\"}"))).isEmpty();
    assertThat(Runners.detect(json("[1]"))).isEmpty();
    // A Codex SessionStart with a transcript has no field of its own: it reads as Claude Code's,
    // whose answer to it has the same shape.
    assertThat(Runners.detect(json("{\"session_id\":\"s\",\"transcript_path\":\"/t\","
        + "\"cwd\":\"/r\",\"hook_event_name\":\"SessionStart\",\"model\":\"gpt-5.5\","
        + "\"permission_mode\":\"default\",\"source\":\"startup\"}")))
        .contains(Runners.CLAUDE_CODE);
    assertThat(Runners.named("Codex")).contains(Runners.CODEX);
    assertThat(Runners.named("vim")).isEmpty();
    assertThatThrownBy(() -> Runners.CODEX.map(json("{\"hook_event_name\":\"PreToolUse\","
        + "\"session_id\":\"s\",\"cwd\":\"/r\",\"tool_name\":\"Bash\",\"tool_input\":"
        + "{\"command\":[1]}}"), EventContext.SessionMode.NORMAL, Path.of("/")))
        .isInstanceOf(PayloadException.class)
        .hasMessage("the PreToolUse payload's field `tool_input.command` must hold strings only");
    assertThatThrownBy(() -> Runners.CURSOR.map(json("{\"hook_event_name\":\"stop\","
        + "\"conversation_id\":\"c\"}"), EventContext.SessionMode.NORMAL, Path.of("/")))
        .isInstanceOf(PayloadException.class)
        .hasMessage("the stop payload has neither `cwd` nor a `workspace_roots` list of paths");
  }

  @Test
  void theTopLevelOfATruncatedPayloadStillNamesItsHook() {
    byte[] start = ("{\"session_id\":\"s\",\"tool_input\":{\"command\":\"x\"},\"turn_id\":\"t\","
        + "\"hook_event_name\":\"PreToolUse\",\"tool_response\":\"aaaa").getBytes();
    JsonNode top = Runners.topLevel(start, start.length);
    assertThat(top.path("hook_event_name").asText()).isEqualTo("PreToolUse");
    assertThat(Runners.detect(top)).contains(Runners.CODEX);
    assertThat(Runners.topLevel("garbage".getBytes(), 7).isEmpty()).isTrue();
  }

  @Test
  void everyAdapterRegistersAHookForEachEventItMaps() {
    for (RunnerAdapter adapter : Runners.all()) {
      assertThat(adapter.registrations()).as(adapter.name()).isNotEmpty()
          .allSatisfy(r -> assertThat(r.hook()).isNotBlank());
      assertThat(adapter.sourcesOf(Event.CommandEvent.class)).as(adapter.name()).isNotEmpty();
      assertThat(adapter.sourcesOf(Event.Stop.class)).as(adapter.name()).isNotEmpty();
      assertThat(adapter.sourcesOf(Event.SessionStart.class)).as(adapter.name()).isNotEmpty();
    }
    // Every name a Codex build may give its shell and patch tools: install writes no matcher
    // for Codex, and the table says which tools the hook must reach.
    Set<String> tools = new java.util.HashSet<>(CodexAdapter.SHELL_TOOLS);
    tools.addAll(CodexAdapter.PATCH_TOOLS);
    assertThat(Runners.CODEX.registrations(Set.of(Event.CommandEvent.class,
        Event.FileWriteEvent.class), false)).containsExactly(
        new RunnerAdapter.Registration("PreToolUse", tools, false));
    assertThat(tools).contains("Bash", "exec_command", "apply_patch");
  }

  @Test
  void theSeamIsMarkedAndTheAdaptersStayBehindIt() {
    for (Class<?> type : List.of(RunnerAdapter.class, RunnerAnswer.class, Runners.class,
        PayloadException.class)) {
      assertThat(type.isAnnotationPresent(dev.groundskeeper.api.API.class)).as(type.getName())
          .isTrue();
    }
    for (RunnerAdapter adapter : Runners.all()) {
      assertThat(java.lang.reflect.Modifier.isPublic(adapter.getClass().getModifiers()))
          .as(adapter.name()).isFalse();
    }
  }

  // ---- invariants ------------------------------------------------------------------------

  @Provide
  Arbitrary<Decision> decisions() {
    return Arbitraries.of(DENY, ADVISE, ALLOW);
  }

  @Provide
  Arbitrary<RunnerAdapter> adapters() {
    return Arbitraries.of(Runners.all());
  }

  @Provide
  Arbitrary<Event> events() {
    return Arbitraries.of(COMMAND,
        new Event.FileWriteEvent(CONTEXT, Path.of("/repo/a"), Event.WriteKind.WRITE, false,
            Optional.of("x")),
        new Event.CommandCompleted(CONTEXT, "make", OptionalInt.of(0), false),
        new Event.SessionStart(CONTEXT, Event.StartSource.STARTUP),
        new Event.Stop(CONTEXT, false), new Event.Stop(CONTEXT, true),
        new Event.PromptSubmitted(CONTEXT, "hi"),
        new Event.PreCompact(CONTEXT, Event.CompactTrigger.AUTO),
        new Event.StopFailure(CONTEXT, "rate_limit"));
  }

  /**
   * No answer uses exit 2 (a runner's "blocked" code) outside a refused worktree creation, every
   * non-empty standard output of a JSON-answering hook is one JSON object on one line, and a
   * denial's text reaches the runner whole.
   */
  @Property(tries = 200)
  void answersAreOneJsonObjectAndADenialCarriesItsText(@ForAll("adapters") RunnerAdapter adapter,
      @ForAll("events") Event event, @ForAll("decisions") Decision decision) {
    List<RunnerAdapter.Registration> sources = adapter.sourcesOf(event.getClass());
    if (sources.isEmpty()) {
      return; // this runner never reports such an event
    }
    String hook = sources.get(0).hook();
    RunnerAnswer answer = adapter.answer(call(hook, event), decision);
    assertThat(answer.exitCode()).isZero();
    boolean plainText = adapter == Runners.CLAUDE_CODE && event instanceof Event.PreCompact;
    if (!answer.stdout().isEmpty() && !plainText) {
      assertThat(answer.stdout()).doesNotContain("\n");
      assertThat(json(answer.stdout()).isObject()).isTrue();
    }
    if (decision == DENY) {
      assertThat(answer.stdout().contains("git push -u origin x")
          || answer.stderr().equals(DENIED)).isTrue();
    }
    if (decision == ALLOW) {
      assertThat(answer).isEqualTo(event instanceof Event.StopFailure
          ? new RunnerAnswer("{}", "", 0) : adapter.nothing(hook));
    }
    RunnerAnswer unjudged = adapter.cannotJudge(hook, "why");
    assertThat(unjudged.exitCode()).isNotEqualTo(2);
  }
}
