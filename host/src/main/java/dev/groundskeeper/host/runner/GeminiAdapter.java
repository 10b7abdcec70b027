package dev.groundskeeper.host.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Gemini CLI (0.61): events BeforeTool, AfterTool, BeforeAgent, AfterAgent, SessionStart,
 * PreCompress; tools {@code run_shell_command} (its {@code dir_path} is where the command runs),
 * {@code write_file} and {@code replace}. A refusal is the top-level
 * {@code {"decision":"deny","reason":...}}; context is {@code hookSpecificOutput.additionalContext}.
 * Gemini shows any non-JSON standard output to the person, so nothing to say prints nothing.
 * AfterAgent is the nearest to a stop: a denial there sends the agent back with the reason.
 *
 * <p>Ignored: SessionEnd, BeforeModel, AfterModel, BeforeToolSelection, Notification (no rule
 * needs them), and a SessionStart source newer than this build.
 */
final class GeminiAdapter extends TableAdapter {

  static final String SHELL = "run_shell_command";
  static final String WRITE = "write_file";
  static final String REPLACE = "replace";

  private static final Set<String> OWN_EVENTS = Set.of("BeforeTool", "AfterTool",
      "BeforeAgent", "AfterAgent", "BeforeModel", "AfterModel", "BeforeToolSelection",
      "PreCompress");

  /**
   * Gemini's shell result reports its status as a line "Exit Code: N" in the text for the model,
   * after the command's own output (which may hold such a line too, so the last one counts).
   */
  private static final Pattern EXIT_CODE = Pattern.compile("(?m)^Exit Code: (\\d{1,3})\\s*$");

  private static final Map<Class<? extends Event>, List<Registration>> SOURCES = Map.ofEntries(
      Map.entry(Event.CommandEvent.class, List.of(Registration.of("BeforeTool", SHELL))),
      Map.entry(Event.FileWriteEvent.class,
          List.of(Registration.of("BeforeTool", WRITE, REPLACE))),
      Map.entry(Event.CommandCompleted.class, List.of(Registration.of("AfterTool", SHELL))),
      Map.entry(Event.ToolCompleted.class,
          List.of(Registration.of("AfterTool", WRITE, REPLACE))),
      Map.entry(Event.PromptSubmitted.class, List.of(Registration.of("BeforeAgent"))),
      Map.entry(Event.SessionStart.class, List.of(Registration.of("SessionStart"))),
      Map.entry(Event.Stop.class, List.of(Registration.of("AfterAgent"))),
      Map.entry(Event.PreCompact.class, List.of(Registration.of("PreCompress"))));

  GeminiAdapter() {
    super("gemini", "Gemini CLI", SOURCES);
  }

  /** Gemini's own event names, or a shared one with the {@code timestamp} Gemini always sends. */
  @Override
  public boolean recognizes(JsonNode payload) {
    String hook = payload.path("hook_event_name").asText("");
    return OWN_EVENTS.contains(hook) || payload.path("timestamp").isTextual()
        && Set.of("SessionStart", "SessionEnd", "Notification").contains(hook);
  }

  @Override
  Call map(String name, Payload payload, Supplier<EventContext> context) {
    return switch (name) {
      case "BeforeTool" -> Call.of(name, beforeTool(payload, context.get()));
      case "AfterTool" -> Call.of(name, afterTool(payload, context.get()));
      case "BeforeAgent" -> Call.of(name, Optional.of(new Event.PromptSubmitted(context.get(),
          payload.optionalString("prompt").orElse(""))));
      case "AfterAgent" -> Call.of(name, Optional.of(new Event.Stop(context.get(),
          payload.optionalBoolean("stop_hook_active"))));
      case "SessionStart" -> Call.of(name,
          Mapping.word(Event.StartSource.class, payload.requiredString("source"))
              .map(source -> new Event.SessionStart(context.get(), source)));
      case "PreCompress" -> Call.of(name,
          Mapping.word(Event.CompactTrigger.class, payload.requiredString("trigger"))
              .map(trigger -> new Event.PreCompact(context.get(), trigger)));
      default -> Call.ignored(name);
    };
  }

  /** The shell's context: the payload's, moved to {@code dir_path} when the call names one. */
  private static EventContext shellContext(Payload payload, EventContext context) {
    Optional<Path> dir = payload.optionalPath("tool_input.dir_path", context.cwd());
    return dir.map(path -> new EventContext(context.sessionId(), context.agentId(), path,
        context.transcriptPath(), context.mode(), context.turnId())).orElse(context);
  }

  private static Optional<Event> beforeTool(Payload payload, EventContext context) {
    return switch (payload.requiredString("tool_name")) {
      case SHELL -> Optional.of(new Event.CommandEvent(shellContext(payload, context),
          payload.requiredString("tool_input.command")));
      case WRITE -> Optional.of(ClaudeCodeAdapter.fileWrite(payload, context,
          Event.WriteKind.WRITE, payload.optionalString("tool_input.content")));
      case REPLACE -> Optional.of(ClaudeCodeAdapter.fileWrite(payload, context,
          Event.WriteKind.EDIT, Optional.empty()));
      default -> Optional.empty();
    };
  }

  private static Optional<Event> afterTool(Payload payload, EventContext context) {
    String tool = payload.requiredString("tool_name");
    return switch (tool) {
      case SHELL -> Optional.of(new Event.CommandCompleted(shellContext(payload, context),
          payload.requiredString("tool_input.command"), status(payload), false));
      case WRITE -> Optional.of(new Event.ToolCompleted(context, "Write",
          payload.optionalPath("tool_input.file_path", context.cwd())));
      case REPLACE -> Optional.of(new Event.ToolCompleted(context, "Edit",
          payload.optionalPath("tool_input.file_path", context.cwd())));
      default -> Optional.of(new Event.ToolCompleted(context, tool));
    };
  }

  /**
   * The shell's status from its response: an {@code exit_code} field where a build sends one,
   * else the last "Exit Code: N" line its text for the model carries. Since early 2026 Gemini
   * writes that line only for a non-zero status, so a text in that format ({@code "Output: …"})
   * without one, from a command that neither ran in the background nor reported an error, exited
   * 0 (builds before always wrote the line). Unknown (never success) otherwise.
   */
  private static OptionalInt status(Payload payload) {
    OptionalInt explicit = payload.node("tool_response").isObject()
        ? payload.optionalIntOf("tool_response.exit_code", "tool_response.exitCode")
        : OptionalInt.empty();
    if (explicit.isPresent()) {
      return explicit;
    }
    JsonNode text = payload.node("tool_response").isTextual() ? payload.node("tool_response")
        : payload.node("tool_response.llmContent");
    if (!text.isTextual()) {
      return OptionalInt.empty();
    }
    OptionalInt named = Mapping.lastStatus(EXIT_CODE, text.asText());
    if (named.isPresent()) {
      return named;
    }
    JsonNode error = payload.node("tool_response.error");
    boolean reportedError = !(error.isMissingNode() || error.isNull()
        || (error.isTextual() && error.asText().isEmpty()));
    boolean background = payload.node("tool_input.is_background").asBoolean(false);
    return text.asText().startsWith("Output: ") && !reportedError && !background
        ? OptionalInt.of(0) : OptionalInt.empty();
  }

  // ---- answers ---------------------------------------------------------------------------

  @Override
  public RunnerAnswer answer(Call call, Decision decision) {
    Event event = call.event().orElseThrow();
    String hook = call.hook();
    String message = Mapping.message(decision);
    if (message.isEmpty()) {
      return nothing(hook);
    }
    if (Mapping.beforeTool(event) && decision.denied()) {
      return deny(message);
    }
    if (event instanceof Event.Stop stop) {
      return decision.denied() && !stop.stopHookActive() ? deny(message)
          : RunnerAnswer.json(Mapping.field("systemMessage", message));
    }
    if (event instanceof Event.PreCompact) {
      return RunnerAnswer.json(Mapping.field("systemMessage", message));
    }
    // Advice before a tool, a completed tool, a prompt (never refused: it would erase what the
    // person typed), a session start: context for the model.
    return RunnerAnswer.json(Mapping.specific(hook, "additionalContext", message));
  }

  private static RunnerAnswer deny(String message) {
    return RunnerAnswer.json(Mapping.compact(Mapping.object()
        .put("decision", "deny").put("reason", message)));
  }

  @Override
  public RunnerAnswer nothing(String hook) {
    return RunnerAnswer.silent();
  }

  /**
   * BeforeTool asks the person ({@code decision: ask}, with the reason); every other hook shows
   * them the message. Exit 0: Gemini reads exit 2 as a refusal and exit 1 as a warning that lets
   * the call go ahead unremarked.
   */
  @Override
  public RunnerAnswer cannotJudge(String hook, String why) {
    String text = Mapping.cannotJudgeText(why);
    if (hook.equals("BeforeTool")) {
      ObjectNode root = Mapping.object().put("decision", "ask").put("reason", text)
          .put("systemMessage", text);
      return RunnerAnswer.json(Mapping.compact(root));
    }
    return RunnerAnswer.json(Mapping.field("systemMessage", text));
  }
}
