package dev.groundskeeper.api;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * What every event carries: the session, the agent inside it (empty for the main thread), the
 * working directory, the session's transcript when the runner has one, the session mode, and the
 * turn when the runner numbers turns.
 */
@API(status = API.Status.STABLE)
public record EventContext(String sessionId, String agentId, Path cwd,
    Optional<Path> transcriptPath, SessionMode mode, Optional<String> turnId) {

  public EventContext {
    Objects.requireNonNull(sessionId, "sessionId");
    Objects.requireNonNull(agentId, "agentId");
    Objects.requireNonNull(cwd, "cwd");
    Objects.requireNonNull(transcriptPath, "transcriptPath");
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(turnId, "turnId");
  }

  /** A main-thread context in a normal session, without transcript or turn. */
  public static EventContext of(String sessionId, Path cwd) {
    return new EventContext(sessionId, "", cwd, Optional.empty(), SessionMode.NORMAL,
        Optional.empty());
  }

  /** True when the event comes from the main thread rather than a sub-agent. */
  public boolean isMainThread() {
    return agentId.isEmpty();
  }

  public EventContext withAgent(String agentId) {
    return new EventContext(sessionId, agentId, cwd, transcriptPath, mode, turnId);
  }

  public EventContext withMode(SessionMode mode) {
    return new EventContext(sessionId, agentId, cwd, transcriptPath, mode, turnId);
  }

  public EventContext withTranscript(Path transcript) {
    return new EventContext(sessionId, agentId, cwd, Optional.of(transcript), mode, turnId);
  }

  public EventContext withTurn(String turnId) {
    return new EventContext(sessionId, agentId, cwd, transcriptPath, mode, Optional.of(turnId));
  }

  /** How the runner launched the session. */
  public enum SessionMode {
    NORMAL,
    /** A session that may explore but never commit, push or publish (seed 003). */
    SCRATCH
  }
}
