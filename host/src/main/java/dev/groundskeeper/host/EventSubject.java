package dev.groundskeeper.host;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Event;
import java.util.Locale;
import java.util.Objects;

/**
 * What an event is about, as the decision log, replay and explain show it: a short kind
 * ({@code command}, {@code write}, {@code edit}, {@code session-start}, ...) and its subject (the
 * command, the path, the start source, the sub-agent's description). Never redacted here: the
 * log redacts what it stores.
 *
 * @param kind the short kind of the event
 * @param subject what it is about; empty for events without one (a stop, a prompt)
 */
@API(status = API.Status.EXPERIMENTAL)
public record EventSubject(String kind, String subject) {

  /**
   * Checks that no component is null.
   *
   * @param kind the short kind of the event
   * @param subject what it is about; may be empty
   * @throws NullPointerException if a component is null
   */
  public EventSubject {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(subject, "subject");
  }

  /**
   * The subject of an event. A prompt's text is the person's and is never taken.
   *
   * @param event any event
   * @return its kind and subject
   * @throws NullPointerException if {@code event} is null
   */
  public static EventSubject of(Event event) {
    Objects.requireNonNull(event, "event");
    if (event instanceof Event.CommandEvent command) {
      return new EventSubject("command", command.command());
    } else if (event instanceof Event.FileWriteEvent write) {
      return new EventSubject(write.kind() == Event.WriteKind.EDIT ? "edit" : "write",
          write.path().toString());
    } else if (event instanceof Event.CommandCompleted done) {
      return new EventSubject("command-completed", done.command());
    } else if (event instanceof Event.ToolCompleted tool) {
      return new EventSubject("tool-completed",
          tool.toolName() + tool.path().map(path -> " " + path).orElse(""));
    } else if (event instanceof Event.SessionStart start) {
      return new EventSubject("session-start", word(start.source()));
    } else if (event instanceof Event.SubagentStop stop) {
      return new EventSubject("subagent-stop", stop.agentType());
    } else if (event instanceof Event.SubagentStart start) {
      return new EventSubject("subagent-start", start.agentType());
    } else if (event instanceof Event.AgentDispatch dispatch) {
      return new EventSubject("agent-dispatch",
          dispatch.isolation().map(isolation -> "[" + isolation + "] ").orElse("")
              + dispatch.description());
    } else if (event instanceof Event.WorktreeCreate create) {
      return new EventSubject("worktree-create", create.name());
    } else if (event instanceof Event.WorktreeRemove remove) {
      return new EventSubject("worktree-remove", remove.worktreePath().toString());
    } else if (event instanceof Event.PreCompact compact) {
      return new EventSubject("pre-compact", word(compact.trigger()));
    }
    // A prompt's text is the person's, never logged; stop and sweep have no subject.
    String name = event.getClass().getSimpleName().replaceAll("([a-z])([A-Z])", "$1-$2");
    return new EventSubject(name.toLowerCase(Locale.ROOT).replace("-submitted", "")
        .replace("-request", ""), "");
  }

  private static String word(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT);
  }
}
