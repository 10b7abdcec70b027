package dev.groundskeeper.host.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.EventContext.SessionMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Cursor ({@code .cursor/hooks.json}, version 1): camelCase hook names, the conversation as
 * {@code conversation_id}, the checkout as {@code cwd} or the first of {@code workspace_roots}.
 * Before a call, {@code {"permission":"deny","user_message":...,"agent_message":...}} refuses it;
 * at {@code stop} a {@code followup_message} is sent as the next user message, which is how a
 * stop is refused (Cursor bounds the loop with the hook's {@code loop_limit}; a payload's
 * {@code loop_count} above 0 reads as an earlier refusal). A stop with {@code status: error} is
 * a turn that died, as Claude Code's StopFailure.
 *
 * <p>Known from Cursor's documentation and published configurations only, not from a Cursor
 * build. Ignored: beforeReadFile (reading loses nothing), beforeMCPExecution,
 * afterAgentResponse, afterAgentThought, beforeTabFileRead, afterTabFileEdit, sessionEnd, and
 * every other hook.
 */
final class CursorAdapter extends TableAdapter {

  static final Set<String> SHELL_TOOLS = Set.of("Shell", "Bash", "run_terminal_cmd");
  static final Set<String> WRITE_TOOLS = Set.of("Write");
  static final Set<String> EDIT_TOOLS = Set.of("StrReplace", "Edit", "MultiEdit");

  private static final Set<String> BEFORE = Set.of("beforeShellExecution", "preToolUse");

  private static final Map<Class<? extends Event>, List<Registration>> SOURCES = Map.ofEntries(
      Map.entry(Event.CommandEvent.class, List.of(Registration.of("beforeShellExecution"))),
      Map.entry(Event.FileWriteEvent.class,
          List.of(Registration.of("preToolUse", "Write", "StrReplace", "Edit", "MultiEdit"))),
      Map.entry(Event.CommandCompleted.class, List.of(Registration.of("afterShellExecution"))),
      Map.entry(Event.ToolCompleted.class, List.of(Registration.of("afterFileEdit"))),
      Map.entry(Event.PromptSubmitted.class, List.of(Registration.of("beforeSubmitPrompt"))),
      Map.entry(Event.SessionStart.class, List.of(Registration.of("sessionStart"))),
      Map.entry(Event.Stop.class, List.of(Registration.of("stop"))),
      Map.entry(Event.StopFailure.class, List.of(Registration.of("stop"))),
      Map.entry(Event.SubagentStop.class, List.of(Registration.of("subagentStop"))));

  CursorAdapter() {
    super("cursor", "Cursor", SOURCES);
  }

  @Override
  public boolean recognizes(JsonNode payload) {
    String hook = payload.path("hook_event_name").asText("");
    return payload.has("conversation_id") || payload.has("generation_id")
        || payload.has("workspace_roots") || payload.has("cursor_version")
        || !hook.isEmpty() && Character.isLowerCase(hook.charAt(0));
  }

  @Override
  Call map(String name, Payload payload, Supplier<EventContext> context) {
    return switch (name) {
      case "beforeShellExecution" -> Call.of(name, Optional.of(new Event.CommandEvent(
          context.get(), payload.requiredString("command"))));
      case "afterShellExecution" -> Call.of(name, Optional.of(new Event.CommandCompleted(
          context.get(), payload.requiredString("command"),
          payload.optionalIntOf("exit_code", "exitCode"), false)));
      case "afterFileEdit" -> {
        EventContext editing = context.get();
        yield Call.of(name, Optional.of(new Event.ToolCompleted(editing, "Edit",
            Optional.of(payload.requiredPath(payload.has("file_path") ? "file_path"
                : "tool_input.file_path", editing.cwd())))));
      }
      case "preToolUse" -> Call.of(name, beforeTool(payload, context.get()));
      case "postToolUse" -> Call.of(name, afterTool(payload, context.get()));
      case "beforeSubmitPrompt" -> Call.of(name, Optional.of(new Event.PromptSubmitted(
          context.get(), payload.optionalString("prompt").orElse(""))));
      case "sessionStart" -> Call.of(name, Optional.of(new Event.SessionStart(context.get(),
          payload.optionalString("source").flatMap(s -> Mapping.word(Event.StartSource.class,
              s)).orElse(Event.StartSource.STARTUP))));
      case "stop" -> Call.of(name, Optional.of(stop(payload, context.get())));
      case "subagentStop" -> Call.of(name, Optional.of(new Event.SubagentStop(
          context.get().withAgent(payload.optionalString("subagent_id")
              .or(() -> payload.optionalString("agent_id")).orElse("subagent")),
          payload.optionalString("subagent_type").orElse(""), loopCount(payload) > 0)));
      default -> Call.ignored(name);
    };
  }

  /** The checkout as {@code cwd}, else the first of {@code workspace_roots}. */
  @Override
  EventContext context(Payload payload, SessionMode mode, Path workingDirectory) {
    Path cwd;
    if (payload.has("cwd") && !payload.requiredString("cwd").isEmpty()) {
      cwd = payload.requiredPath("cwd", workingDirectory);
    } else {
      JsonNode roots = payload.node("workspace_roots");
      if (!roots.isArray() || roots.isEmpty() || !roots.get(0).isTextual()) {
        throw new PayloadException("the " + payload.event() + " payload has neither `cwd` nor"
            + " a `workspace_roots` list of paths");
      }
      cwd = payload.requiredPath("workspace_roots", workingDirectory, roots.get(0).asText());
    }
    return Mapping.context(payload, "conversation_id", cwd, mode);
  }

  private static Event stop(Payload payload, EventContext context) {
    String status = payload.optionalString("status").orElse("completed");
    if (status.equals("error")) {
      return new Event.StopFailure(context, "error");
    }
    return new Event.Stop(context, loopCount(payload) > 0);
  }

  private static int loopCount(Payload payload) {
    return payload.optionalIntOf("loop_count").orElse(0);
  }

  private static Optional<Event> beforeTool(Payload payload, EventContext context) {
    String tool = payload.requiredString("tool_name");
    if (SHELL_TOOLS.contains(tool)) {
      return Optional.of(new Event.CommandEvent(context,
          payload.requiredString("tool_input.command")));
    }
    if (WRITE_TOOLS.contains(tool)) {
      return Optional.of(ClaudeCodeAdapter.fileWrite(payload, context, Event.WriteKind.WRITE,
          payload.optionalString("tool_input.contents")
              .or(() -> payload.optionalString("tool_input.content"))));
    }
    if (EDIT_TOOLS.contains(tool)) {
      return Optional.of(ClaudeCodeAdapter.fileWrite(payload, context, Event.WriteKind.EDIT,
          Optional.empty()));
    }
    return Optional.empty();
  }

  private static Optional<Event> afterTool(Payload payload, EventContext context) {
    String tool = payload.requiredString("tool_name");
    if (SHELL_TOOLS.contains(tool)) {
      return Optional.of(new Event.CommandCompleted(context,
          payload.requiredString("tool_input.command"),
          payload.optionalIntOf("exit_code", "tool_output.exit_code", "tool_response.exit_code"),
          false));
    }
    if (WRITE_TOOLS.contains(tool) || EDIT_TOOLS.contains(tool)) {
      return Optional.of(new Event.ToolCompleted(context,
          WRITE_TOOLS.contains(tool) ? "Write" : "Edit",
          payload.optionalPath("tool_input.file_path", context.cwd())));
    }
    return Optional.of(new Event.ToolCompleted(context, tool));
  }

  // ---- answers ---------------------------------------------------------------------------

  @Override
  public RunnerAnswer answer(Call call, Decision decision) {
    Event event = call.event().orElseThrow();
    String hook = call.hook();
    String message = Mapping.message(decision);
    if (Mapping.beforeTool(event)) {
      // Only a refusal carries a permission. "allow" would grant what Cursor's own run mode
      // (its allowlist, its auto-review) might have asked the person about: finding no loss is
      // no reason to skip that prompt, so a call we let through is left to Cursor's own rules.
      ObjectNode root = Mapping.object();
      if (decision.denied()) {
        root.put("permission", "deny");
      }
      if (!message.isEmpty()) {
        root.put("user_message", message).put("agent_message", message);
      }
      return RunnerAnswer.json(Mapping.compact(root));
    }
    if (message.isEmpty()) {
      return nothing(hook);
    }
    if (event instanceof Event.Stop stop) {
      // Cursor shows a stop hook's answer to no one but the agent: a stop let through with
      // work left goes to standard error, which Cursor's hook log keeps.
      return decision.denied() && !stop.stopHookActive()
          ? RunnerAnswer.json(Mapping.field("followup_message", message))
          : new RunnerAnswer("{}", message, 0);
    }
    if (event instanceof Event.SubagentStop stop) {
      return decision.denied() && !stop.stopHookActive()
          ? RunnerAnswer.json(Mapping.field("followup_message", message))
          : new RunnerAnswer("{}", message, 0);
    }
    if (event instanceof Event.SessionStart || hook.equals("postToolUse")) {
      return RunnerAnswer.json(Mapping.field("additional_context", message));
    }
    return new RunnerAnswer("{}", message, 0);
  }

  @Override
  public RunnerAnswer nothing(String hook) {
    return RunnerAnswer.json("{}");
  }

  /**
   * Before a call, Cursor asks the person ({@code permission: ask}) with the reason; other hooks
   * get the empty answer, the reason on standard error. Exit 0 either way.
   */
  @Override
  public RunnerAnswer cannotJudge(String hook, String why) {
    String text = Mapping.cannotJudgeText(why);
    if (BEFORE.contains(hook)) {
      return RunnerAnswer.json(Mapping.compact(Mapping.object().put("permission", "ask")
          .put("user_message", text).put("agent_message", text)));
    }
    return new RunnerAnswer("{}", "", 0);
  }
}
