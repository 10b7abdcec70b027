package dev.groundskeeper.api;

import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Shell;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A moment in an agent's session that a runner reports, independent of any runner's wire format.
 * Adapters map their runner's payloads onto these records; rules read them.
 */
@API(status = API.Status.STABLE)
public sealed interface Event {

  /** {@return who and where: session, agent and working directory} */
  EventContext context();

  /**
   * A shell command about to run.
   *
   * @param context who runs it and where
   * @param command the command text as the agent wrote it
   */
  record CommandEvent(EventContext context, String command) implements Event {
    /**
     * Checks the components.
     *
     * @param context who runs it and where
     * @param command the command text as the agent wrote it
     */
    public CommandEvent {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(command, "command");
    }

    /**
     * The command parsed, once per evaluation: every rule judging this event gets the same
     * script from the evaluation's memo ({@link Facts#memo()}, entry {@link Shell#SCRIPT}).
     *
     * @param facts the evaluation's facts, whose memo holds the parse
     * @return the parsed script
     */
    @API(status = API.Status.EXPERIMENTAL)
    public Script script(Facts facts) {
      return Shell.parse(command, facts);
    }
  }

  /**
   * A file about to be written. {@code exists} says whether the path existed before the write;
   * {@code content} is the new full content when the runner reports it (never for an edit).
   *
   * @param context who writes and where
   * @param path the file, as the runner names it
   * @param kind a whole write or an edit
   * @param exists whether the file existed before
   * @param content the new full content, when reported
   */
  record FileWriteEvent(EventContext context, Path path, WriteKind kind, boolean exists,
      Optional<String> content) implements Event {
    /**
     * Checks the components.
     *
     * @param context who writes and where
     * @param path the file, as the runner names it
     * @param kind a whole write or an edit
     * @param exists whether the file existed before
     * @param content the new full content, when reported
     */
    public FileWriteEvent {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(content, "content");
    }
  }

  /** How a {@link FileWriteEvent} changes its file. */
  enum WriteKind {
    /** The whole file is written (created, or replaced when it exists). */
    WRITE,
    /** Part of an existing file is replaced. */
    EDIT
  }

  /**
   * A shell command that has run. The exit status is empty when the runner does not report it.
   *
   * @param context who ran it and where
   * @param command the command text
   * @param exitStatus its exit status, when reported
   * @param interrupted whether the person or the runner interrupted it
   */
  record CommandCompleted(EventContext context, String command, OptionalInt exitStatus,
      boolean interrupted) implements Event {
    /**
     * Checks the components.
     *
     * @param context who ran it and where
     * @param command the command text
     * @param exitStatus its exit status, when reported
     * @param interrupted whether the person or the runner interrupted it
     */
    public CommandCompleted {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(command, "command");
      Objects.requireNonNull(exitStatus, "exitStatus");
    }

    /**
     * The command parsed, once per evaluation (see {@link CommandEvent#script}).
     *
     * @param facts the evaluation's facts, whose memo holds the parse
     * @return the parsed script
     */
    @API(status = API.Status.EXPERIMENTAL)
    public Script script(Facts facts) {
      return Shell.parse(command, facts);
    }

    /**
     * Whether the command is known to have exited with status 0 and was not interrupted.
     *
     * @return false when the status is unknown
     */
    public boolean succeeded() {
      return !interrupted && exitStatus.isPresent() && exitStatus.getAsInt() == 0;
    }
  }

  /**
   * A tool other than the shell that has run (a write, an edit, a search, ...). {@code path} is
   * the file the tool wrote or edited, absolute, when the tool writes one file and the runner
   * names it; empty for other tools.
   *
   * @param context who ran it and where
   * @param toolName the runner's name for the tool ({@code Write}, {@code Edit}, ...)
   * @param path the file written or edited, when there is one
   */
  record ToolCompleted(EventContext context, String toolName, Optional<Path> path)
      implements Event {
    /**
     * Checks the components.
     *
     * @param context who ran it and where
     * @param toolName the runner's name for the tool ({@code Write}, {@code Edit}, ...)
     * @param path the file written or edited, when there is one
     */
    public ToolCompleted {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(toolName, "toolName");
      Objects.requireNonNull(path, "path");
    }

    /**
     * A completed tool that names no file.
     *
     * @param context who ran it and where
     * @param toolName the runner's name for the tool
     */
    public ToolCompleted(EventContext context, String toolName) {
      this(context, toolName, Optional.empty());
    }
  }

  /**
   * The person submitted a prompt.
   *
   * @param context the session and where it runs
   * @param prompt the prompt's text
   */
  record PromptSubmitted(EventContext context, String prompt) implements Event {
    /**
     * Checks the components.
     *
     * @param context the session and where it runs
     * @param prompt the prompt's text
     */
    public PromptSubmitted {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(prompt, "prompt");
    }
  }

  /**
   * A session began or lost its context.
   *
   * @param context the session and where it runs
   * @param source why it (re)started
   */
  record SessionStart(EventContext context, StartSource source) implements Event {
    /**
     * Checks the components.
     *
     * @param context the session and where it runs
     * @param source why it (re)started
     */
    public SessionStart {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(source, "source");
    }
  }

  /** Why a session (re)started. */
  enum StartSource {
    /** A new session. */
    STARTUP,
    /** A session resumed from its transcript. */
    RESUME,
    /** The person cleared the conversation. */
    CLEAR,
    /** The conversation was compacted. */
    COMPACT;

    /**
     * Whether the agent has lost what it knew (everything but a fresh start).
     *
     * @return false for {@link #STARTUP} only
     */
    public boolean lostContext() {
      return this != STARTUP;
    }
  }

  /**
   * The main agent is about to stop. {@code stopHookActive} is true when it is already continuing
   * because a stop was blocked; blocking again would loop.
   *
   * @param context the session and where it runs
   * @param stopHookActive whether a blocked stop already made it continue
   */
  record Stop(EventContext context, boolean stopHookActive) implements Event {
    /**
     * Checks the components.
     *
     * @param context the session and where it runs
     * @param stopHookActive whether a blocked stop already made it continue
     */
    public Stop {
      Objects.requireNonNull(context, "context");
    }
  }

  /**
   * A turn ended on an API error (a rate limit, an overload, a lost credential) instead of a
   * stop: no Stop or SubagentStop hook fires for it, so nothing judged what the stopping thread
   * left. {@code error} is the runner's word for the failure ({@code rate_limit}).
   *
   * @param context the session and where it runs
   * @param error the runner's word for the failure
   */
  record StopFailure(EventContext context, String error) implements Event {
    /**
     * Checks the components.
     *
     * @param context the session and where it runs
     * @param error the runner's word for the failure
     */
    public StopFailure {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(error, "error");
    }
  }

  /**
   * A sub-agent is about to stop; {@link EventContext#agentId()} names it.
   *
   * @param context the session, the sub-agent and where it runs
   * @param agentType the runner's name for the kind of sub-agent
   * @param stopHookActive whether a blocked stop already made it continue
   */
  record SubagentStop(EventContext context, String agentType, boolean stopHookActive)
      implements Event {
    /**
     * Checks the components.
     *
     * @param context the session, the sub-agent and where it runs
     * @param agentType the runner's name for the kind of sub-agent
     * @param stopHookActive whether a blocked stop already made it continue
     */
    public SubagentStop {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(agentType, "agentType");
    }
  }

  /**
   * A sub-agent has started; {@link EventContext#agentId()} names it.
   *
   * @param context the session, the sub-agent and where it runs
   * @param agentType the runner's name for the kind of sub-agent
   */
  record SubagentStart(EventContext context, String agentType) implements Event {
    /**
     * Checks the components.
     *
     * @param context the session, the sub-agent and where it runs
     * @param agentType the runner's name for the kind of sub-agent
     */
    public SubagentStart {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(agentType, "agentType");
    }
  }

  /**
   * The agent is about to launch a sub-agent, optionally isolated (for example in a worktree).
   *
   * @param context the launching session and where it runs
   * @param isolation the runner's isolation word ({@code worktree}), when it asks for one
   * @param description the task the sub-agent is given, as the agent described it
   */
  record AgentDispatch(EventContext context, Optional<String> isolation, String description)
      implements Event {
    /**
     * Checks the components.
     *
     * @param context the launching session and where it runs
     * @param isolation the runner's isolation word ({@code worktree}), when it asks for one
     * @param description the task the sub-agent is given, as the agent described it
     */
    public AgentDispatch {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(isolation, "isolation");
      Objects.requireNonNull(description, "description");
    }

    /**
     * Whether the sub-agent gets a worktree of its own.
     *
     * @return true when the isolation is {@code worktree}
     */
    public boolean isolatedInWorktree() {
      return isolation.filter("worktree"::equals).isPresent();
    }
  }

  /**
   * The runner is about to create a worktree with this name.
   *
   * @param context the session and where it runs
   * @param name the worktree's name
   */
  record WorktreeCreate(EventContext context, String name) implements Event {
    /**
     * Checks the components.
     *
     * @param context the session and where it runs
     * @param name the worktree's name
     */
    public WorktreeCreate {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(name, "name");
    }
  }

  /**
   * The runner is about to remove the worktree at this path.
   *
   * @param context the session and where it runs
   * @param worktreePath the worktree's directory
   */
  record WorktreeRemove(EventContext context, Path worktreePath) implements Event {
    /**
     * Checks the components.
     *
     * @param context the session and where it runs
     * @param worktreePath the worktree's directory
     */
    public WorktreeRemove {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(worktreePath, "worktreePath");
    }
  }

  /**
   * The runner is about to compact the conversation.
   *
   * @param context the session and where it runs
   * @param trigger who asked for it
   */
  record PreCompact(EventContext context, CompactTrigger trigger) implements Event {
    /**
     * Checks the components.
     *
     * @param context the session and where it runs
     * @param trigger who asked for it
     */
    public PreCompact {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(trigger, "trigger");
    }
  }

  /**
   * A person or runner asked for a report of the workspace ({@code groundskeeper sweep}, or a
   * runner at a session boundary). Rules answer with advice listing their findings, or allow when
   * there is nothing to report; a sweep never denies anything.
   *
   * @param context who asked and for which directory
   */
  record SweepRequest(EventContext context) implements Event {
    /**
     * Checks the components.
     *
     * @param context who asked and for which directory
     */
    public SweepRequest {
      Objects.requireNonNull(context, "context");
    }
  }

  /** Who asked for a compaction. */
  enum CompactTrigger {
    /** The person asked ({@code /compact}). */
    MANUAL,
    /** The runner did, as the context filled. */
    AUTO
  }
}
