package dev.groundskeeper.testkit;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.EventContext.SessionMode;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/**
 * An event under construction: what happens (fixed by the {@link Events} factory that made it)
 * and who and where (set fluently). Immutable: every step returns a new builder, so a base
 * builder can be shared between tests.
 *
 * <pre>{@code
 * Event event = Events.command("git commit -F m.txt").in("/repo").session("s1").build();
 * }</pre>
 *
 * @param <E> the type of event built
 */
@API(status = API.Status.EXPERIMENTAL)
public final class EventBuilder<E extends Event> {

  /** The working directory of events that do not name one. */
  public static final Path DEFAULT_CWD = Path.of("/repo");
  /** The session id of events that do not name one. */
  public static final String DEFAULT_SESSION = "test-session";

  private final Function<EventContext, E> factory;
  private final EventContext context;

  EventBuilder(Function<EventContext, E> factory) {
    this(factory, EventContext.of(DEFAULT_SESSION, DEFAULT_CWD));
  }

  private EventBuilder(Function<EventContext, E> factory, EventContext context) {
    this.factory = factory;
    this.context = context;
  }

  /**
   * The working directory; relative paths of the event resolve against it.
   *
   * @param cwd the directory
   * @return a new builder; this one is unchanged
   */
  public EventBuilder<E> in(Path cwd) {
    Objects.requireNonNull(cwd, "cwd");
    return with(new EventContext(context.sessionId(), context.agentId(), cwd,
        context.transcriptPath(), context.mode(), context.turnId()));
  }

  /**
   * As {@link #in(Path)}.
   *
   * @param cwd the directory's path
   * @return a new builder; this one is unchanged
   */
  public EventBuilder<E> in(String cwd) {
    return in(Path.of(cwd));
  }

  /**
   * The session the event belongs to ({@code test-session} when never set).
   *
   * @param sessionId the runner's session id
   * @return a new builder; this one is unchanged
   */
  public EventBuilder<E> session(String sessionId) {
    Objects.requireNonNull(sessionId, "sessionId");
    return with(new EventContext(sessionId, context.agentId(), context.cwd(),
        context.transcriptPath(), context.mode(), context.turnId()));
  }

  /**
   * The sub-agent the event comes from (the main thread when never set).
   *
   * @param agentId the sub-agent's id
   * @return a new builder; this one is unchanged
   */
  public EventBuilder<E> agent(String agentId) {
    return with(context.withAgent(Objects.requireNonNull(agentId, "agentId")));
  }

  /**
   * The session's mode ({@code NORMAL} when never set).
   *
   * @param mode the mode
   * @return a new builder; this one is unchanged
   */
  public EventBuilder<E> mode(SessionMode mode) {
    return with(context.withMode(Objects.requireNonNull(mode, "mode")));
  }

  /**
   * A non-committing scratch session.
   *
   * @return a new builder; this one is unchanged
   */
  public EventBuilder<E> scratch() {
    return mode(SessionMode.SCRATCH);
  }

  /**
   * The session's transcript file, as the runner names it.
   *
   * @param transcript the file
   * @return a new builder; this one is unchanged
   */
  public EventBuilder<E> transcript(Path transcript) {
    return with(context.withTranscript(Objects.requireNonNull(transcript, "transcript")));
  }

  /**
   * The turn the event belongs to, for runners that number turns.
   *
   * @param turnId the runner's turn id
   * @return a new builder; this one is unchanged
   */
  public EventBuilder<E> turn(String turnId) {
    return with(context.withTurn(Objects.requireNonNull(turnId, "turnId")));
  }

  /**
   * Replaces the whole context, for example with one a jqwik arbitrary generated.
   *
   * @param context the context
   * @return a new builder; this one is unchanged
   */
  public EventBuilder<E> context(EventContext context) {
    return with(Objects.requireNonNull(context, "context"));
  }

  /**
   * The context built so far.
   *
   * @return who and where
   */
  public EventContext context() {
    return context;
  }

  /**
   * The event.
   *
   * @return a new event in the context built so far
   */
  public E build() {
    return factory.apply(context);
  }

  @Override
  public String toString() {
    return Events.describe(build());
  }

  private EventBuilder<E> with(EventContext changed) {
    return new EventBuilder<>(factory, changed);
  }
}
