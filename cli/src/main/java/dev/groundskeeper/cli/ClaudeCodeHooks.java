package dev.groundskeeper.cli;

import dev.groundskeeper.api.Event;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which Claude Code hooks deliver each event type, so that the settings Groundskeeper documents
 * (and will install) can be held to what its rules read: a rule that reads an event the settings
 * never register judges nothing, silently.
 */
final class ClaudeCodeHooks {

  /** One hook, with the tool names its matcher must cover (empty for a hook without tools). */
  record Registration(String hook, Set<String> tools) {
    Registration {
      tools = Set.copyOf(tools);
    }
  }

  /** The tools whose completion names the file they wrote (the touch records read it). */
  static final Set<String> WRITING_TOOLS = Set.of("Write", "Edit", "MultiEdit", "NotebookEdit");

  private static final Map<Class<? extends Event>, List<Registration>> SOURCES = Map.ofEntries(
      Map.entry(Event.CommandEvent.class, List.of(new Registration("PreToolUse", Set.of("Bash")))),
      Map.entry(Event.FileWriteEvent.class,
          List.of(new Registration("PreToolUse", Set.of("Write", "Edit", "MultiEdit")))),
      Map.entry(Event.AgentDispatch.class,
          List.of(new Registration("PreToolUse", Set.of("Task", "Agent")))),
      // A command that fails after creating a branch or committing must reach the records too.
      Map.entry(Event.CommandCompleted.class, List.of(
          new Registration("PostToolUse", Set.of("Bash")),
          new Registration("PostToolUseFailure", Set.of("Bash")))),
      Map.entry(Event.ToolCompleted.class,
          List.of(new Registration("PostToolUse", WRITING_TOOLS))),
      Map.entry(Event.PromptSubmitted.class, List.of(hook("UserPromptSubmit"))),
      Map.entry(Event.SessionStart.class, List.of(hook("SessionStart"))),
      Map.entry(Event.Stop.class, List.of(hook("Stop"))),
      Map.entry(Event.SubagentStop.class, List.of(hook("SubagentStop"))),
      Map.entry(Event.SubagentStart.class, List.of(hook("SubagentStart"))),
      Map.entry(Event.PreCompact.class, List.of(hook("PreCompact"))),
      Map.entry(Event.WorktreeCreate.class, List.of(hook("WorktreeCreate"))),
      Map.entry(Event.WorktreeRemove.class, List.of(hook("WorktreeRemove"))));

  /**
   * Hooks a person opts into: with a {@code WorktreeCreate} hook Claude Code hands worktree
   * creation entirely to Groundskeeper, which is a choice, not a default.
   */
  static final Set<String> OPT_IN = Set.of("WorktreeCreate", "WorktreeRemove");

  private ClaudeCodeHooks() {}

  private static Registration hook(String name) {
    return new Registration(name, Set.of());
  }

  /** The hooks that deliver {@code type}; empty for an event no Claude Code hook produces. */
  static List<Registration> sourcesOf(Class<? extends Event> type) {
    return SOURCES.getOrDefault(type, List.of());
  }

  /**
   * The hooks, with the tools each matcher needs, that deliver every one of {@code events}
   * (opt-in hooks left out): the least a settings file must register.
   */
  static Map<String, Set<String>> required(Collection<Class<? extends Event>> events) {
    Map<String, Set<String>> hooks = new TreeMap<>();
    for (Class<? extends Event> type : events) {
      for (Registration registration : sourcesOf(type)) {
        if (!OPT_IN.contains(registration.hook())) {
          hooks.computeIfAbsent(registration.hook(), name -> new TreeSet<>())
              .addAll(registration.tools());
        }
      }
    }
    return hooks;
  }
}
