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

  /** The working directory; relative paths of the event resolve against it. */
  public EventBuilder<E> in(Path cwd) {
    Objects.requireNonNull(cwd, "cwd");
    return with(new EventContext(context.sessionId(), context.agentId(), cwd,
        context.transcriptPath(), context.mode(), context.turnId()));
  }

  public EventBuilder<E> in(String cwd) {
    return in(Path.of(cwd));
  }

  public EventBuilder<E> session(String sessionId) {
    Objects.requireNonNull(sessionId, "sessionId");
    return with(new EventContext(sessionId, context.agentId(), context.cwd(),
        context.transcriptPath(), context.mode(), context.turnId()));
  }

  /** The sub-agent the event comes from (the main thread when never set). */
  public EventBuilder<E> agent(String agentId) {
    return with(context.withAgent(Objects.requireNonNull(agentId, "agentId")));
  }

  public EventBuilder<E> mode(SessionMode mode) {
    return with(context.withMode(Objects.requireNonNull(mode, "mode")));
  }

  /** A non-committing scratch session. */
  public EventBuilder<E> scratch() {
    return mode(SessionMode.SCRATCH);
  }

  public EventBuilder<E> transcript(Path transcript) {
    return with(context.withTranscript(Objects.requireNonNull(transcript, "transcript")));
  }

  public EventBuilder<E> turn(String turnId) {
    return with(context.withTurn(Objects.requireNonNull(turnId, "turnId")));
  }

  /** Replaces the whole context, for example with one a jqwik arbitrary generated. */
  public EventBuilder<E> context(EventContext context) {
    return with(Objects.requireNonNull(context, "context"));
  }

  public EventContext context() {
    return context;
  }

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
