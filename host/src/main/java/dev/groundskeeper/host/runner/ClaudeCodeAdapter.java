package dev.groundskeeper.host.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Claude Code: one JSON payload per hook on standard input, named by {@code hook_event_name}.
 * A hook Groundskeeper has no event for (an unknown hook, a tool no rule reads, a source value
 * newer than this build) maps to no event and gets the empty answer; a payload that lacks a field
 * its event needs is an error. Denials are only enforced where Claude Code lets a hook refuse (a
 * tool call, a stop, a worktree creation); elsewhere the same text reaches the agent as context,
 * because it is still the way out.
 *
 * <p>Hooks read but not mapped, because no rule needs them: SessionEnd (the session is gone; the
 * next SessionStart's sweep reports what it left), PostCompact (SessionStart with source
 * {@code compact} brings the context back), PermissionDenied (the call never ran), CwdChanged
 * (every payload carries its cwd), and the rest of Claude Code's list (Notification,
 * PermissionRequest, PostToolBatch, ...).
 */
final class ClaudeCodeAdapter extends TableAdapter {

  /** The tools whose completion names the file they wrote (the touch records read it). */
  static final Set<String> WRITING_TOOLS = Set.of("Write", "Edit", "MultiEdit", "NotebookEdit");

  private static final Pattern EXIT_CODE = Pattern.compile("\\AExit code (\\d{1,3})\\b");

  private static final Map<Class<? extends Event>, List<Registration>> SOURCES = Map.ofEntries(
      Map.entry(Event.CommandEvent.class, List.of(Registration.of("PreToolUse", "Bash"))),
      Map.entry(Event.FileWriteEvent.class,
          List.of(Registration.of("PreToolUse", "Write", "Edit", "MultiEdit"))),
      Map.entry(Event.AgentDispatch.class,
          List.of(Registration.of("PreToolUse", "Task", "Agent"))),
      // A command that fails after creating a branch or committing must reach the records too.
      Map.entry(Event.CommandCompleted.class, List.of(
          Registration.of("PostToolUse", "Bash"), Registration.of("PostToolUseFailure", "Bash"))),
      Map.entry(Event.ToolCompleted.class,
          List.of(new Registration("PostToolUse", WRITING_TOOLS, false))),
      Map.entry(Event.PromptSubmitted.class, List.of(Registration.of("UserPromptSubmit"))),
      Map.entry(Event.SessionStart.class, List.of(Registration.of("SessionStart"))),
      Map.entry(Event.Stop.class, List.of(Registration.of("Stop"))),
      Map.entry(Event.StopFailure.class, List.of(Registration.of("StopFailure"))),
      Map.entry(Event.SubagentStop.class, List.of(Registration.of("SubagentStop"))),
      Map.entry(Event.SubagentStart.class, List.of(Registration.of("SubagentStart"))),
      Map.entry(Event.PreCompact.class, List.of(Registration.of("PreCompact"))),
      // With a WorktreeCreate hook Claude Code hands worktree creation entirely to
      // Groundskeeper, which is a choice, not a default.
      Map.entry(Event.WorktreeCreate.class,
          List.of(new Registration("WorktreeCreate", Set.of(), true))),
      Map.entry(Event.WorktreeRemove.class,
          List.of(new Registration("WorktreeRemove", Set.of(), true))));

  ClaudeCodeAdapter() {
    super("claude", "Claude Code", SOURCES);
  }

  /** Any payload naming its hook in Claude Code's style (the catch-all: asked last). */
  @Override
  public boolean recognizes(JsonNode payload) {
    String hook = payload.path("hook_event_name").asText("");
    return !hook.isEmpty() && Character.isUpperCase(hook.charAt(0));
  }

  @Override
  Call map(String name, Payload payload, Supplier<EventContext> context) {
    return Call.of(name, event(name, payload, context));
  }

  private static Optional<Event> event(String name, Payload payload,
      Supplier<EventContext> context) {
    switch (name) {
      case "PreToolUse":
        return beforeTool(payload, context.get());
      case "PostToolUse":
        return Optional.of(afterTool(payload, context.get(), true));
      case "PostToolUseFailure":
        return Optional.of(afterTool(payload, context.get(), false));
      case "UserPromptSubmit":
        return Optional.of(new Event.PromptSubmitted(context.get(),
            payload.requiredString("prompt")));
      case "SessionStart":
        return Mapping.word(Event.StartSource.class, payload.requiredString("source"))
            .map(source -> new Event.SessionStart(context.get(), source));
      case "Stop":
        return Optional.of(new Event.Stop(context.get(),
            payload.optionalBoolean("stop_hook_active")));
      case "StopFailure":
        return Optional.of(new Event.StopFailure(context.get(),
            payload.optionalString("error").orElse("unknown")));
      case "SubagentStop":
        return Optional.of(new Event.SubagentStop(context.get(),
            payload.optionalString("agent_type").orElse(""),
            payload.optionalBoolean("stop_hook_active")));
      case "SubagentStart":
        return Optional.of(new Event.SubagentStart(context.get(),
            payload.optionalString("agent_type").orElse("")));
      case "PreCompact":
        return Mapping.word(Event.CompactTrigger.class, payload.requiredString("trigger"))
            .map(trigger -> new Event.PreCompact(context.get(), trigger));
      case "WorktreeCreate":
        return Optional.of(new Event.WorktreeCreate(context.get(),
            payload.requiredStringOf("name", "worktree_name")));
      case "WorktreeRemove": {
        EventContext removing = context.get();
        return Optional.of(new Event.WorktreeRemove(removing,
            payload.requiredPath("worktree_path", removing.cwd())));
      }
      default:
        return Optional.empty();
    }
  }

  private static Optional<Event> beforeTool(Payload payload, EventContext context) {
    String tool = payload.requiredString("tool_name");
    switch (tool) {
      case "Bash":
        return Optional.of(new Event.CommandEvent(context,
            payload.requiredString("tool_input.command")));
      case "Write":
        return Optional.of(fileWrite(payload, context, Event.WriteKind.WRITE,
            payload.optionalString("tool_input.content")));
      case "Edit":
      case "MultiEdit":
        return Optional.of(fileWrite(payload, context, Event.WriteKind.EDIT, Optional.empty()));
      case "Task":
      case "Agent":
        return Optional.of(new Event.AgentDispatch(context,
            payload.optionalString("tool_input.isolation").filter(s -> !s.isEmpty()),
            payload.optionalString("tool_input.description").orElse("")));
      default:
        return Optional.empty();
    }
  }

  static Event fileWrite(Payload payload, EventContext context, Event.WriteKind kind,
      Optional<String> content) {
    Path path = payload.requiredPath("tool_input.file_path", context.cwd());
    return new Event.FileWriteEvent(context, path, kind, Files.exists(path), content);
  }

  /**
   * Claude Code sends PostToolUse only after a tool call succeeded and PostToolUseFailure after
   * one failed; its Bash response carries no exit status. So a Bash PostToolUse without an explicit
   * status that was not interrupted exited 0. A failure names its status only in its {@code error}
   * text ({@code "Exit code 1"}, then the output); without that it has an unknown, non-zero status
   * (left empty, which never reads as success), as it is for a success Claude Code read into a
   * non-zero status ({@code returnCodeInterpretation}) and a command it sent to the background
   * ({@code backgroundTaskId}). An interruption is the top-level
   * {@code is_interrupt} of a failure, or {@code tool_response.interrupted}.
   */
  private static Event afterTool(Payload payload, EventContext context, boolean succeeded) {
    String tool = payload.requiredString("tool_name");
    if (tool.equals("Bash")) {
      boolean interrupted = payload.optionalBoolean("tool_response.interrupted")
          || payload.optionalBoolean("is_interrupt");
      OptionalInt status =
          payload.optionalIntOf("tool_response.exit_code", "tool_response.exitCode");
      if (status.isEmpty() && !succeeded) {
        status = exitCodeIn(payload.optionalString("error").orElse(""));
      }
      // A success Claude Code reads into a non-zero status (grep finding nothing, diff finding a
      // difference: exit 1 with a returnCodeInterpretation) and a command sent to the background
      // (answered at once with a backgroundTaskId, before it ends) have no status to go by.
      boolean nonZeroSuccess = given(payload.node("tool_response.returnCodeInterpretation"));
      boolean background = given(payload.node("tool_response.backgroundTaskId"));
      if (status.isEmpty() && succeeded && !interrupted && !nonZeroSuccess && !background) {
        status = OptionalInt.of(0);
      }
      return new Event.CommandCompleted(context, payload.requiredString("tool_input.command"),
          status, interrupted);
    }
    return new Event.ToolCompleted(context, tool, writtenFile(tool, payload, context));
  }

  /**
   * The file a writing tool wrote, so that rules can tell which checkout (and branch) it
   * touched: {@code file_path} for Write, Edit and MultiEdit, {@code notebook_path} for
   * NotebookEdit, resolved against the working directory; empty for other tools.
   */
  private static Optional<Path> writtenFile(String tool, Payload payload, EventContext context) {
    return switch (tool) {
      case "Write", "Edit", "MultiEdit" -> payload.optionalPath("tool_input.file_path",
          context.cwd());
      case "NotebookEdit" -> payload.optionalPath("tool_input.notebook_path", context.cwd());
      default -> Optional.empty();
    };
  }

  /** A field that is there with a value: not missing, not null, not an empty string. */
  private static boolean given(com.fasterxml.jackson.databind.JsonNode node) {
    return !(node.isMissingNode() || node.isNull() || (node.isTextual() && node.asText().isEmpty()));
  }

  /** The status a failure's error text starts with; empty when it names none. */
  static OptionalInt exitCodeIn(String error) {
    return Mapping.status(EXIT_CODE, error);
  }

  // ---- answers ---------------------------------------------------------------------------

  @Override
  public RunnerAnswer answer(Call call, Decision decision) {
    Event event = call.event().orElseThrow();
    String hook = call.hook();
    String message = Mapping.message(decision);
    if (event instanceof Event.WorktreeCreate) {
      // Only a refused creation is answered here; the host's caller creates the allowed ones.
      return new RunnerAnswer("", message, 2);
    }
    if (event instanceof Event.WorktreeRemove || event instanceof Event.StopFailure) {
      // Claude Code only logs what these hooks say; the message goes where it can be found.
      return new RunnerAnswer("{}", message, 0);
    }
    if (message.isEmpty()) {
      return nothing(hook);
    }
    if (Mapping.beforeTool(event)) {
      ObjectNode specific = Mapping.object().put("hookEventName", hook);
      if (decision.denied()) {
        specific.put("permissionDecision", "deny").put("permissionDecisionReason", message);
      } else {
        specific.put("additionalContext", message);
      }
      ObjectNode root = Mapping.object();
      root.set("hookSpecificOutput", specific);
      return RunnerAnswer.json(Mapping.compact(root));
    }
    Optional<Boolean> stopping = Mapping.stopHookActive(event);
    if (stopping.isPresent()) {
      return Mapping.blockOrTell(decision.denied(), message, stopping.get());
    }
    if (event instanceof Event.PreCompact) {
      // Plain standard output of a PreCompact hook becomes part of the compaction instructions.
      return new RunnerAnswer(message, "", 0);
    }
    return RunnerAnswer.json(Mapping.specific(hook, "additionalContext", message));
  }

  /**
   * Claude Code takes a PreCompact hook's standard output as text for the compaction instructions
   * (even {@code {}}, which the person then sees in the summary prompt), so there nothing is
   * printed; every other hook reads {@code {}} as "no opinion".
   */
  @Override
  public RunnerAnswer nothing(String hook) {
    return hook.equals("PreCompact") ? RunnerAnswer.silent() : RunnerAnswer.json("{}");
  }

  /**
   * Exit 1 would read to Claude Code as "the hook failed, go ahead" and exit 2 as a deliberate
   * block, so a call no guard judged is exit 0 with an answer that puts the person in the loop:
   * PreToolUse asks them (the reason is shown in the prompt), other hooks show a message;
   * PreCompact (whose output joins the summary instructions) and WorktreeRemove get nothing;
   * WorktreeCreate fails (a non-zero exit refuses the creation, which only a judged call may
   * allow). The same shapes as the launcher's.
   */
  @Override
  public RunnerAnswer cannotJudge(String hook, String why) {
    String text = Mapping.cannotJudgeText(why);
    return switch (hook) {
      case "PreToolUse" -> {
        ObjectNode root = Mapping.object();
        root.putObject("hookSpecificOutput").put("hookEventName", "PreToolUse")
            .put("permissionDecision", "ask").put("permissionDecisionReason", text);
        root.put("systemMessage", text);
        yield RunnerAnswer.json(Mapping.compact(root));
      }
      case "PreCompact", "WorktreeRemove" -> RunnerAnswer.silent();
      case "WorktreeCreate" -> new RunnerAnswer("", "", 1);
      default -> RunnerAnswer.json(Mapping.field("systemMessage", text));
    };
  }
}
