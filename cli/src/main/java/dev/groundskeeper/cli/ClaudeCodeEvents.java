package dev.groundskeeper.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.EventContext.SessionMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps one Claude Code hook payload to an {@link Event}. A payload Groundskeeper has no event for
 * (an unknown hook, a tool no rule reads, a source value newer than this build) maps to empty and
 * is answered with {@code {}}; a payload that lacks a field its event needs is an error.
 */
final class ClaudeCodeEvents {

  private ClaudeCodeEvents() {}

  /** The payload's event with the hook name it came from. */
  record Mapped(String hookEventName, Optional<Event> event) {}

  static Mapped map(JsonNode root, SessionMode mode, Path workingDirectory) {
    if (!root.isObject()) {
      throw new CliException("the hook payload must be a JSON object, not "
          + root.getNodeType().toString().toLowerCase(Locale.ROOT));
    }
    String name = new Payload(root, "hook").requiredString("hook_event_name");
    Payload payload = new Payload(root, name);
    // The context is read only for an event this build maps: a hook added to Claude Code later
    // may carry other fields, and must get the empty answer, not a complaint about them.
    Supplier<EventContext> context = () -> context(payload, mode, workingDirectory);
    return new Mapped(name, event(name, payload, context));
  }

  private static EventContext context(Payload payload, SessionMode mode, Path workingDirectory) {
    String sessionId = payload.requiredString("session_id");
    Path cwd = payload.requiredPath("cwd", workingDirectory);
    EventContext context = EventContext.of(sessionId, cwd).withMode(mode);
    Optional<String> agent = payload.optionalString("agent_id");
    if (agent.isPresent()) {
      context = context.withAgent(agent.get());
    }
    Optional<Path> transcript = payload.optionalPath("transcript_path", cwd);
    if (transcript.isPresent()) {
      context = context.withTranscript(transcript.get());
    }
    Optional<String> turn = payload.optionalString("turn_id");
    if (turn.isPresent()) {
      context = context.withTurn(turn.get());
    }
    return context;
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
        return word(Event.StartSource.class, payload.requiredString("source"))
            .map(source -> new Event.SessionStart(context.get(), source));
      case "Stop":
        return Optional.of(new Event.Stop(context.get(),
            payload.optionalBoolean("stop_hook_active")));
      case "SubagentStop":
        return Optional.of(new Event.SubagentStop(context.get(),
            payload.optionalString("agent_type").orElse(""),
            payload.optionalBoolean("stop_hook_active")));
      case "SubagentStart":
        return Optional.of(new Event.SubagentStart(context.get(),
            payload.optionalString("agent_type").orElse("")));
      case "PreCompact":
        return word(Event.CompactTrigger.class, payload.requiredString("trigger"))
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

  private static Event fileWrite(Payload payload, EventContext context, Event.WriteKind kind,
      Optional<String> content) {
    Path path = payload.requiredPath("tool_input.file_path", context.cwd());
    return new Event.FileWriteEvent(context, path, kind, Files.exists(path), content);
  }

  /**
   * Claude Code sends PostToolUse only after a tool call succeeded and PostToolUseFailure after
   * one failed; its Bash response carries no exit status. So a Bash PostToolUse without an explicit
   * status that was not interrupted exited 0. A failure names its status only in its {@code error}
   * text ({@code "Exit code 1"}, then the output); without that it has an unknown, non-zero status
   * (left empty, which never reads as success). An interruption is the top-level
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
      if (status.isEmpty() && succeeded && !interrupted) {
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


  private static final Pattern EXIT_CODE = Pattern.compile("\\AExit code (\\d{1,3})\\b");

  /** The status a failure's error text starts with; empty when it names none. */
  static OptionalInt exitCodeIn(String error) {
    Matcher matcher = EXIT_CODE.matcher(error);
    return matcher.lookingAt() ? OptionalInt.of(Integer.parseInt(matcher.group(1)))
        : OptionalInt.empty();
  }

  /** A runner's lower-case word as an enum constant; empty for a word newer than this build. */
  private static <E extends Enum<E>> Optional<E> word(Class<E> type, String word) {
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equalsIgnoreCase(word)) {
        return Optional.of(constant);
      }
    }
    return Optional.empty();
  }
}
