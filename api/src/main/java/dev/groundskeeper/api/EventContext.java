package dev.groundskeeper.api;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * What every event carries: the session, the agent inside it (empty for the main thread), the
 * working directory, the session's transcript when the runner has one, the session mode, and the
 * turn when the runner numbers turns.
 *
 * @param sessionId the runner's id of the session
 * @param agentId the sub-agent's id, empty for the main thread
 * @param cwd the working directory of the step
 * @param transcriptPath the session's transcript file, when the runner has one
 * @param mode how the runner launched the session
 * @param turnId the turn, when the runner numbers turns
 */
@API(status = API.Status.STABLE)
public record EventContext(String sessionId, String agentId, Path cwd,
    Optional<Path> transcriptPath, SessionMode mode, Optional<String> turnId) {

  /**
   * Checks the components.
   *
   * @param sessionId the runner's id of the session
   * @param agentId the sub-agent's id, empty for the main thread
   * @param cwd the working directory of the step
   * @param transcriptPath the session's transcript file, when the runner has one
   * @param mode how the runner launched the session
   * @param turnId the turn, when the runner numbers turns
   */
  public EventContext {
    Objects.requireNonNull(sessionId, "sessionId");
    Objects.requireNonNull(agentId, "agentId");
    Objects.requireNonNull(cwd, "cwd");
    Objects.requireNonNull(transcriptPath, "transcriptPath");
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(turnId, "turnId");
  }

  /**
   * A main-thread context in a normal session, without transcript or turn.
   *
   * @param sessionId the runner's id of the session
   * @param cwd the working directory
   * @return the context
   */
  public static EventContext of(String sessionId, Path cwd) {
    return new EventContext(sessionId, "", cwd, Optional.empty(), SessionMode.NORMAL,
        Optional.empty());
  }

  /**
   * Whether the event comes from the main thread rather than a sub-agent.
   *
   * @return true when the agent id is empty
   */
  public boolean isMainThread() {
    return agentId.isEmpty();
  }

  /**
   * This context for a sub-agent.
   *
   * @param agentId the sub-agent's id
   * @return a copy
   */
  public EventContext withAgent(String agentId) {
    return new EventContext(sessionId, agentId, cwd, transcriptPath, mode, turnId);
  }

  /**
   * This context in another session mode.
   *
   * @param mode the mode
   * @return a copy
   */
  public EventContext withMode(SessionMode mode) {
    return new EventContext(sessionId, agentId, cwd, transcriptPath, mode, turnId);
  }

  /**
   * This context with a transcript.
   *
   * @param transcript the transcript file
   * @return a copy
   */
  public EventContext withTranscript(Path transcript) {
    return new EventContext(sessionId, agentId, cwd, Optional.of(transcript), mode, turnId);
  }

  /**
   * This context in a numbered turn.
   *
   * @param turnId the runner's id of the turn
   * @return a copy
   */
  public EventContext withTurn(String turnId) {
    return new EventContext(sessionId, agentId, cwd, transcriptPath, mode, Optional.of(turnId));
  }

  /** How the runner launched the session. */
  public enum SessionMode {
    /** An ordinary session. */
    NORMAL,
    /** A session that may explore but never commit, push or publish (seed 003). */
    SCRATCH
  }
}
