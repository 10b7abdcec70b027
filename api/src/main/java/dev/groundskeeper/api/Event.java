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

  /** Who and where: session, agent and working directory. */
  EventContext context();

  /** A shell command about to run. */
  record CommandEvent(EventContext context, String command) implements Event {
    public CommandEvent {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(command, "command");
    }

    /**
     * The command parsed, once per evaluation: every rule judging this event gets the same
     * script from the evaluation's memo ({@link Facts#memo()}, entry {@link Shell#SCRIPT}).
     */
    @API(status = API.Status.EXPERIMENTAL)
    public Script script(Facts facts) {
      return Shell.parse(command, facts);
    }
  }

  /**
   * A file about to be written. {@code exists} says whether the path existed before the write;
   * {@code content} is the new full content when the runner reports it (never for an edit).
   */
  record FileWriteEvent(EventContext context, Path path, WriteKind kind, boolean exists,
      Optional<String> content) implements Event {
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

  /** A shell command that has run. The exit status is empty when the runner does not report it. */
  record CommandCompleted(EventContext context, String command, OptionalInt exitStatus,
      boolean interrupted) implements Event {
    public CommandCompleted {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(command, "command");
      Objects.requireNonNull(exitStatus, "exitStatus");
    }

    /** The command parsed, once per evaluation (see {@link CommandEvent#script}). */
    @API(status = API.Status.EXPERIMENTAL)
    public Script script(Facts facts) {
      return Shell.parse(command, facts);
    }

    /** True when the command is known to have exited with status 0 and was not interrupted. */
    public boolean succeeded() {
      return !interrupted && exitStatus.isPresent() && exitStatus.getAsInt() == 0;
    }
  }

  /**
   * A tool other than the shell that has run (a write, an edit, a search, ...). {@code path} is
   * the file the tool wrote or edited, absolute, when the tool writes one file and the runner
   * names it; empty for other tools.
   */
  record ToolCompleted(EventContext context, String toolName, Optional<Path> path)
      implements Event {
    public ToolCompleted {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(toolName, "toolName");
      Objects.requireNonNull(path, "path");
    }

    /** A completed tool that names no file. */
    public ToolCompleted(EventContext context, String toolName) {
      this(context, toolName, Optional.empty());
    }
  }

  /** The person submitted a prompt. */
  record PromptSubmitted(EventContext context, String prompt) implements Event {
    public PromptSubmitted {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(prompt, "prompt");
    }
  }

  /** A session began or lost its context. */
  record SessionStart(EventContext context, StartSource source) implements Event {
    public SessionStart {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(source, "source");
    }
  }

  /** Why a session (re)started. */
  enum StartSource {
    STARTUP, RESUME, CLEAR, COMPACT;

    /** True when the agent has lost what it knew (everything but a fresh start). */
    public boolean lostContext() {
      return this != STARTUP;
    }
  }

  /**
   * The main agent is about to stop. {@code stopHookActive} is true when it is already continuing
   * because a stop was blocked; blocking again would loop.
   */
  record Stop(EventContext context, boolean stopHookActive) implements Event {
    public Stop {
      Objects.requireNonNull(context, "context");
    }
  }

  /**
   * A turn ended on an API error (a rate limit, an overload, a lost credential) instead of a
   * stop: no Stop or SubagentStop hook fires for it, so nothing judged what the stopping thread
   * left. {@code error} is the runner's word for the failure ({@code rate_limit}).
   */
  record StopFailure(EventContext context, String error) implements Event {
    public StopFailure {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(error, "error");
    }
  }

  /** A sub-agent is about to stop; {@link EventContext#agentId()} names it. */
  record SubagentStop(EventContext context, String agentType, boolean stopHookActive)
      implements Event {
    public SubagentStop {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(agentType, "agentType");
    }
  }

  /** A sub-agent has started; {@link EventContext#agentId()} names it. */
  record SubagentStart(EventContext context, String agentType) implements Event {
    public SubagentStart {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(agentType, "agentType");
    }
  }

  /** The agent is about to launch a sub-agent, optionally isolated (for example in a worktree). */
  record AgentDispatch(EventContext context, Optional<String> isolation, String description)
      implements Event {
    public AgentDispatch {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(isolation, "isolation");
      Objects.requireNonNull(description, "description");
    }

    /** True when the sub-agent gets a worktree of its own. */
    public boolean isolatedInWorktree() {
      return isolation.filter("worktree"::equals).isPresent();
    }
  }

  /** The runner is about to create a worktree with this name. */
  record WorktreeCreate(EventContext context, String name) implements Event {
    public WorktreeCreate {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(name, "name");
    }
  }

  /** The runner is about to remove the worktree at this path. */
  record WorktreeRemove(EventContext context, Path worktreePath) implements Event {
    public WorktreeRemove {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(worktreePath, "worktreePath");
    }
  }

  /** The runner is about to compact the conversation. */
  record PreCompact(EventContext context, CompactTrigger trigger) implements Event {
    public PreCompact {
      Objects.requireNonNull(context, "context");
      Objects.requireNonNull(trigger, "trigger");
    }
  }

  /**
   * A person or runner asked for a report of the workspace ({@code groundskeeper sweep}, or a
   * runner at a session boundary). Rules answer with advice listing their findings, or allow when
   * there is nothing to report; a sweep never denies anything.
   */
  record SweepRequest(EventContext context) implements Event {
    public SweepRequest {
      Objects.requireNonNull(context, "context");
    }
  }

  /** Who asked for a compaction. */
  enum CompactTrigger { MANUAL, AUTO }
}
