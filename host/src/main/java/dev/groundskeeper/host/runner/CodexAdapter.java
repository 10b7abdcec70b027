package dev.groundskeeper.host.runner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Codex CLI (0.171): Claude Code's hook names and most of its fields, with stricter answers.
 * Every output schema rejects unknown fields (the hook then counts as failed and the call goes
 * ahead), so answers hold only the fields each event's schema lists. Shell calls arrive as
 * {@code Bash} with {@code tool_input.command} (some builds name the tool {@code exec_command}
 * or {@code shell} and send {@code cmd} or an argument vector: all are read); file changes arrive
 * as {@code apply_patch}, whose patch text names the files it adds and updates: each is a file
 * write, so the scratch rules judge it.
 *
 * <p>Advice on PreToolUse is sent as {@code systemMessage}, never {@code additionalContext}:
 * some builds reject the latter there, and a rejected answer would also drop a denial. Ignored:
 * PostCompact, SessionEnd, PermissionRequest and Interrupt (no rule needs them), and
 * SessionStart with a source newer than this build ({@code fork}).
 */
final class CodexAdapter extends TableAdapter {

  static final Set<String> SHELL_TOOLS = Set.of("Bash", "shell", "exec_command", "local_shell",
      "container.exec", "unified_exec", "terminal");
  static final Set<String> PATCH_TOOLS = Set.of("apply_patch", "ApplyPatch");

  /** An exit status as a string tool response may start with it. */
  private static final Pattern EXIT_CODE =
      Pattern.compile("\\A(?:Exit code|Process exited with code):? (\\d{1,3})\\b");

  /**
   * Every name a build may give the shell and the patch tool: the hooks must reach all of them
   * (install writes no matcher for Codex, so every tool reaches the hook).
   */
  private static final Map<Class<? extends Event>, List<Registration>> SOURCES = Map.ofEntries(
      Map.entry(Event.CommandEvent.class,
          List.of(new Registration("PreToolUse", SHELL_TOOLS, false))),
      Map.entry(Event.FileWriteEvent.class,
          List.of(new Registration("PreToolUse", PATCH_TOOLS, false))),
      Map.entry(Event.CommandCompleted.class,
          List.of(new Registration("PostToolUse", SHELL_TOOLS, false))),
      Map.entry(Event.ToolCompleted.class,
          List.of(new Registration("PostToolUse", PATCH_TOOLS, false))),
      Map.entry(Event.PromptSubmitted.class, List.of(Registration.of("UserPromptSubmit"))),
      Map.entry(Event.SessionStart.class, List.of(Registration.of("SessionStart"))),
      Map.entry(Event.Stop.class, List.of(Registration.of("Stop"))),
      Map.entry(Event.SubagentStop.class, List.of(Registration.of("SubagentStop"))),
      Map.entry(Event.SubagentStart.class, List.of(Registration.of("SubagentStart"))),
      Map.entry(Event.PreCompact.class, List.of(Registration.of("PreCompact"))));

  CodexAdapter() {
    super("codex", "Codex CLI", SOURCES);
  }

  /**
   * Codex's payloads carry a {@code turn_id} on every event but SessionStart and SessionEnd, may
   * send {@code transcript_path} as null, and have an {@code Interrupt} hook Claude Code lacks. A
   * Codex SessionStart carries none of these and reads as Claude Code's, which is answered
   * the same way.
   */
  @Override
  public boolean recognizes(JsonNode payload) {
    // apply_patch is Codex's alone: some builds' payloads carry no turn_id, and read as Claude
    // Code's such a call would map to no event at all
    return payload.has("turn_id") || payload.path("transcript_path").isNull()
        || payload.path("hook_event_name").asText("").equals("Interrupt")
        || payload.path("tool_name").asText("").equals("apply_patch");
  }

  @Override
  Call map(String name, Payload payload, Supplier<EventContext> context) {
    return switch (name) {
      case "PreToolUse" -> new Call(name, beforeTool(payload, context.get()));
      case "PostToolUse" -> new Call(name, afterTool(payload, context.get()));
      case "UserPromptSubmit" -> Call.of(name, Optional.of(new Event.PromptSubmitted(
          context.get(), payload.requiredString("prompt"))));
      case "SessionStart" -> Call.of(name,
          Mapping.word(Event.StartSource.class, payload.requiredString("source"))
              .map(source -> new Event.SessionStart(context.get(), source)));
      case "Stop" -> Call.of(name, Optional.of(new Event.Stop(context.get(),
          payload.optionalBoolean("stop_hook_active"))));
      case "SubagentStop" -> Call.of(name, Optional.of(new Event.SubagentStop(context.get(),
          payload.optionalString("agent_type").orElse(""),
          payload.optionalBoolean("stop_hook_active"))));
      case "SubagentStart" -> Call.of(name, Optional.of(new Event.SubagentStart(context.get(),
          payload.optionalString("agent_type").orElse(""))));
      case "PreCompact" -> Call.of(name,
          Mapping.word(Event.CompactTrigger.class, payload.requiredString("trigger"))
              .map(trigger -> new Event.PreCompact(context.get(), trigger)));
      default -> Call.ignored(name);
    };
  }

  private static List<Event> beforeTool(Payload payload, EventContext context) {
    String tool = payload.requiredString("tool_name");
    if (SHELL_TOOLS.contains(tool)) {
      return List.of(new Event.CommandEvent(context, command(payload)));
    }
    if (PATCH_TOOLS.contains(tool)) {
      List<Event> events = new ArrayList<>();
      for (ApplyPatch.FileWrite write : ApplyPatch.writes(patch(payload))) {
        Path path = resolve(payload, context, write.path());
        events.add(new Event.FileWriteEvent(context, path, write.kind(), Files.exists(path),
            write.content()));
      }
      return events;
    }
    return List.of();
  }

  private static List<Event> afterTool(Payload payload, EventContext context) {
    String tool = payload.requiredString("tool_name");
    if (SHELL_TOOLS.contains(tool)) {
      return List.of(new Event.CommandCompleted(context, command(payload), status(payload),
          false));
    }
    if (PATCH_TOOLS.contains(tool)) {
      List<Event> events = new ArrayList<>();
      for (ApplyPatch.FileWrite write : ApplyPatch.writes(patch(payload))) {
        // Named as the rules name a whole-file write and an edit.
        events.add(new Event.ToolCompleted(context,
            write.kind() == Event.WriteKind.WRITE ? "Write" : "Edit",
            Optional.of(resolve(payload, context, write.path()))));
      }
      return events;
    }
    return List.of(new Event.ToolCompleted(context, tool));
  }

  private static String command(Payload payload) {
    return ShellInput.command(payload, "tool_input.command", "tool_input.cmd")
        .orElseThrow(() -> new PayloadException("the " + payload.event()
            + " payload lacks the string field `tool_input.command`"));
  }

  private static String patch(Payload payload) {
    return payload.requiredStringOf("tool_input.command", "tool_input.input",
        "tool_input.patch");
  }

  private static Path resolve(Payload payload, EventContext context, String path) {
    try {
      return context.cwd().resolve(path).normalize();
    } catch (java.nio.file.InvalidPathException e) {
      throw new PayloadException("the " + payload.event() + " payload's patch names a file that"
          + " is not a usable path: " + e.getMessage());
    }
  }

  /**
   * Codex's shell response is the command's output as a string, without its status (0.171
   * source); a status is read where a build sends one ({@code exit_code} in an object response,
   * or a leading "Exit code N" line); otherwise it is unknown, which never reads as success.
   */
  private static OptionalInt status(Payload payload) {
    JsonNode response = payload.node("tool_response");
    if (response.isObject()) {
      return payload.optionalIntOf("tool_response.exit_code", "tool_response.exitCode",
          "tool_response.metadata.exit_code");
    }
    return response.isTextual() ? Mapping.status(EXIT_CODE, response.asText())
        : OptionalInt.empty();
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
    if (Mapping.beforeTool(event)) {
      if (!decision.denied()) {
        return RunnerAnswer.json(Mapping.field("systemMessage", message));
      }
      ObjectNode root = Mapping.object();
      root.putObject("hookSpecificOutput").put("hookEventName", hook)
          .put("permissionDecision", "deny").put("permissionDecisionReason", message);
      return RunnerAnswer.json(Mapping.compact(root));
    }
    Optional<Boolean> stopping = Mapping.stopHookActive(event);
    if (stopping.isPresent()) {
      return Mapping.blockOrTell(decision.denied(), message, stopping.get());
    }
    if (event instanceof Event.PreCompact) {
      // No hookSpecificOutput in Codex's PreCompact schema: the person sees the text.
      return RunnerAnswer.json(Mapping.field("systemMessage", message));
    }
    // PostToolUse, SessionStart, SubagentStart, UserPromptSubmit: context for the model.
    return RunnerAnswer.json(Mapping.specific(hook, "additionalContext", message));
  }

  /** Empty standard output is Codex's "no opinion" for every hook. */
  @Override
  public RunnerAnswer nothing(String hook) {
    return RunnerAnswer.silent();
  }

  /**
   * Codex rejects {@code permissionDecision: ask} (a failed hook, and the call goes ahead with
   * nothing shown), so a call no guard judged is told to the person as a {@code systemMessage},
   * exit 0, on every hook.
   */
  @Override
  public RunnerAnswer cannotJudge(String hook, String why) {
    String text = Mapping.cannotJudgeText(why);
    if (hook.equals("PreToolUse")) {
      // Codex rejects ask and runs the call after a mere message: a call no guard judged is
      // refused instead, with the reason (which names the fix), as the launcher refuses it
      ObjectNode root = Mapping.object();
      root.putObject("hookSpecificOutput").put("hookEventName", "PreToolUse")
          .put("permissionDecision", "deny").put("permissionDecisionReason", text);
      return RunnerAnswer.json(Mapping.compact(root));
    }
    return RunnerAnswer.json(Mapping.field("systemMessage", text));
  }
}
