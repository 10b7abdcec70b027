package dev.groundskeeper.testkit;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Event.AgentDispatch;
import dev.groundskeeper.api.Event.CommandCompleted;
import dev.groundskeeper.api.Event.CommandEvent;
import dev.groundskeeper.api.Event.CompactTrigger;
import dev.groundskeeper.api.Event.FileWriteEvent;
import dev.groundskeeper.api.Event.PreCompact;
import dev.groundskeeper.api.Event.PromptSubmitted;
import dev.groundskeeper.api.Event.SessionStart;
import dev.groundskeeper.api.Event.StartSource;
import dev.groundskeeper.api.Event.Stop;
import dev.groundskeeper.api.Event.SubagentStart;
import dev.groundskeeper.api.Event.SubagentStop;
import dev.groundskeeper.api.Event.SweepRequest;
import dev.groundskeeper.api.Event.ToolCompleted;
import dev.groundskeeper.api.Event.WorktreeCreate;
import dev.groundskeeper.api.Event.WorktreeRemove;
import dev.groundskeeper.api.Event.WriteKind;
import dev.groundskeeper.api.EventContext;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Short builders for every kind of {@link Event}, so that a rule test reads like the situation it
 * describes. Each returns an {@link EventBuilder} for the who and where; paths given relative
 * resolve against the event's working directory.
 *
 * <pre>{@code
 * Events.command("git push --force origin main").in("/work/app").agent("a1").build();
 * Events.write("notes/plan.md", "# plan").in("/work/app").build();
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL)
public final class Events {

  private Events() {}

  /**
   * A shell command about to run.
   *
   * @param command the command line, as the agent wrote it
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<CommandEvent> command(String command) {
    Objects.requireNonNull(command, "command");
    return new EventBuilder<>(context -> new CommandEvent(context, command));
  }

  /**
   * A new file about to be created, content unknown.
   *
   * @param path the file; a relative path resolves against the event's working directory
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<FileWriteEvent> write(String path) {
    return fileWrite(path, WriteKind.WRITE, false, Optional.empty());
  }

  /**
   * A new file about to be created with this content.
   *
   * @param path the file; a relative path resolves against the event's working directory
   * @param content the file's content after the write
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<FileWriteEvent> write(String path, String content) {
    return fileWrite(path, WriteKind.WRITE, false, Optional.of(content));
  }

  /**
   * An existing file about to be replaced with this content.
   *
   * @param path the file; a relative path resolves against the event's working directory
   * @param content the file's content after the write
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<FileWriteEvent> overwrite(String path, String content) {
    return fileWrite(path, WriteKind.WRITE, true, Optional.of(content));
  }

  /**
   * An existing file about to be edited in place.
   *
   * @param path the file; a relative path resolves against the event's working directory
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<FileWriteEvent> edit(String path) {
    return fileWrite(path, WriteKind.EDIT, true, Optional.empty());
  }

  /**
   * A command that ran and exited with this status.
   *
   * @param command the command line, as the agent wrote it
   * @param exitStatus the status the command exited with
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<CommandCompleted> completed(String command, int exitStatus) {
    Objects.requireNonNull(command, "command");
    return new EventBuilder<>(context ->
        new CommandCompleted(context, command, OptionalInt.of(exitStatus), false));
  }

  /**
   * A command that ran; the runner did not report how it exited.
   *
   * @param command the command line, as the agent wrote it
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<CommandCompleted> completedWithoutStatus(String command) {
    Objects.requireNonNull(command, "command");
    return new EventBuilder<>(context ->
        new CommandCompleted(context, command, OptionalInt.empty(), false));
  }

  /**
   * A command that was interrupted before it finished.
   *
   * @param command the command line, as the agent wrote it
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<CommandCompleted> interrupted(String command) {
    Objects.requireNonNull(command, "command");
    return new EventBuilder<>(context ->
        new CommandCompleted(context, command, OptionalInt.empty(), true));
  }

  /**
   * A tool other than the shell that has run.
   *
   * @param toolName the tool's name as the runner reports it
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<ToolCompleted> toolCompleted(String toolName) {
    Objects.requireNonNull(toolName, "toolName");
    return new EventBuilder<>(context -> new ToolCompleted(context, toolName));
  }

  /**
   * A tool that wrote or edited the file at {@code path} has run.
   *
   * @param toolName the tool's name as the runner reports it
   * @param path the file; a relative path resolves against the event's working directory
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<ToolCompleted> toolCompleted(String toolName, String path) {
    Objects.requireNonNull(toolName, "toolName");
    Objects.requireNonNull(path, "path");
    return new EventBuilder<>(context ->
        new ToolCompleted(context, toolName, Optional.of(resolve(context, path))));
  }

  /**
   * A prompt the person submitted.
   *
   * @param prompt the text the person submitted
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<PromptSubmitted> prompt(String prompt) {
    Objects.requireNonNull(prompt, "prompt");
    return new EventBuilder<>(context -> new PromptSubmitted(context, prompt));
  }

  /**
   * A session starting (a new one, a resume, a clear or a compaction).
   *
   * @param source how the session started
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<SessionStart> sessionStart(StartSource source) {
    Objects.requireNonNull(source, "source");
    return new EventBuilder<>(context -> new SessionStart(context, source));
  }

  /**
   * The main agent is about to stop for the first time this turn.
   *
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<Stop> stop() {
    return stop(false);
  }

  /**
   * The main agent is about to stop; {@code hookActive} when a blocked stop is continuing.
   *
   * @param hookActive true when a stop a hook blocked is continuing
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<Stop> stop(boolean hookActive) {
    return new EventBuilder<>(context -> new Stop(context, hookActive));
  }

  /**
   * A turn ended on an API error ({@code rate_limit}, ...) instead of a stop.
   *
   * @param error the runner's name for the error
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<Event.StopFailure> stopFailure(String error) {
    Objects.requireNonNull(error, "error");
    return new EventBuilder<>(context -> new Event.StopFailure(context, error));
  }

  /**
   * A sub-agent (name it with {@link EventBuilder#agent}) is about to stop.
   *
   * @param agentType the sub-agent's type
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<SubagentStop> subagentStop(String agentType) {
    return subagentStop(agentType, false);
  }

  /**
   * A sub-agent (name it with {@link EventBuilder#agent}) is about to stop.
   *
   * @param agentType the sub-agent's type
   * @param hookActive true when a stop a hook blocked is continuing
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<SubagentStop> subagentStop(String agentType, boolean hookActive) {
    Objects.requireNonNull(agentType, "agentType");
    return new EventBuilder<>(context -> new SubagentStop(context, agentType, hookActive));
  }

  /**
   * A sub-agent (name it with {@link EventBuilder#agent}) has started.
   *
   * @param agentType the sub-agent's type
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<SubagentStart> subagentStart(String agentType) {
    Objects.requireNonNull(agentType, "agentType");
    return new EventBuilder<>(context -> new SubagentStart(context, agentType));
  }

  /**
   * A sub-agent launch sharing the parent's checkout.
   *
   * @param description the task handed to the sub-agent
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<AgentDispatch> dispatch(String description) {
    Objects.requireNonNull(description, "description");
    return new EventBuilder<>(context ->
        new AgentDispatch(context, Optional.empty(), description));
  }

  /**
   * A sub-agent launch in a worktree of its own.
   *
   * @param description the task handed to the sub-agent
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<AgentDispatch> dispatchInWorktree(String description) {
    Objects.requireNonNull(description, "description");
    return new EventBuilder<>(context ->
        new AgentDispatch(context, Optional.of("worktree"), description));
  }

  /**
   * The runner asking for a new worktree (Claude Code's WorktreeCreate).
   *
   * @param name the name the runner gives the worktree
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<WorktreeCreate> worktreeCreate(String name) {
    Objects.requireNonNull(name, "name");
    return new EventBuilder<>(context -> new WorktreeCreate(context, name));
  }

  /**
   * The runner removing a worktree it created.
   *
   * @param path the file; a relative path resolves against the event's working directory
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<WorktreeRemove> worktreeRemove(String path) {
    Objects.requireNonNull(path, "path");
    return new EventBuilder<>(context -> new WorktreeRemove(context, resolve(context, path)));
  }

  /**
   * The runner about to compact the conversation.
   *
   * @param trigger what started the compaction
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<PreCompact> preCompact(CompactTrigger trigger) {
    Objects.requireNonNull(trigger, "trigger");
    return new EventBuilder<>(context -> new PreCompact(context, trigger));
  }

  /**
   * A request for the workspace report ({@code groundskeeper sweep}).
   *
   * @return a builder of the event, in the default context until told otherwise
   */
  public static EventBuilder<SweepRequest> sweep() {
    return new EventBuilder<>(SweepRequest::new);
  }

  /**
   * One line naming the event and its context, for failure messages.
   *
   * @param event any event
   * @return what it is, where, and in which session (and agent, and mode)
   */
  public static String describe(Event event) {
    String what = what(event);
    EventContext context = event.context();
    StringBuilder where = new StringBuilder(what).append(" in ").append(context.cwd())
        .append(" [session ").append(context.sessionId());
    if (!context.isMainThread()) {
      where.append(", agent ").append(context.agentId());
    }
    if (context.mode() != EventContext.SessionMode.NORMAL) {
      where.append(", ").append(context.mode().name().toLowerCase(java.util.Locale.ROOT))
          .append(" mode");
    }
    return where.append(']').toString();
  }

  private static String what(Event event) {
    if (event instanceof CommandEvent e) {
      return "command `" + e.command() + "`";
    } else if (event instanceof FileWriteEvent e) {
      String kind = e.kind() == WriteKind.EDIT ? "edit of " : e.exists() ? "overwrite of "
          : "write of new ";
      return kind + e.path();
    } else if (event instanceof CommandCompleted e) {
      String how = e.interrupted() ? " (interrupted)" : e.exitStatus().isPresent()
          ? " (exit " + e.exitStatus().getAsInt() + ")" : " (exit unknown)";
      return "completed `" + e.command() + "`" + how;
    } else if (event instanceof ToolCompleted e) {
      return "completed tool " + e.toolName();
    } else if (event instanceof PromptSubmitted e) {
      return "prompt \"" + e.prompt() + "\"";
    } else if (event instanceof SessionStart e) {
      return "session start (" + e.source() + ")";
    } else if (event instanceof Stop e) {
      return "stop" + (e.stopHookActive() ? " (stop hook active)" : "");
    } else if (event instanceof SubagentStop e) {
      return "sub-agent stop of " + e.agentType()
          + (e.stopHookActive() ? " (stop hook active)" : "");
    } else if (event instanceof SubagentStart e) {
      return "sub-agent start of " + e.agentType();
    } else if (event instanceof AgentDispatch e) {
      return "dispatch \"" + e.description() + "\""
          + e.isolation().map(i -> " (isolation " + i + ")").orElse("");
    } else if (event instanceof WorktreeCreate e) {
      return "worktree create " + e.name();
    } else if (event instanceof WorktreeRemove e) {
      return "worktree remove " + e.worktreePath();
    } else if (event instanceof PreCompact e) {
      return "pre-compact (" + e.trigger() + ")";
    } else if (event instanceof SweepRequest) {
      return "sweep request";
    }
    return event.toString();
  }

  private static EventBuilder<FileWriteEvent> fileWrite(String path, WriteKind kind,
      boolean exists, Optional<String> content) {
    Objects.requireNonNull(path, "path");
    return new EventBuilder<>(context ->
        new FileWriteEvent(context, resolve(context, path), kind, exists, content));
  }

  private static Path resolve(EventContext context, String path) {
    return context.cwd().resolve(path);
  }
}
