package dev.groundskeeper.testkit;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.EventContext.SessionMode;
import java.nio.file.Path;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * jqwik arbitraries for the who and where of events: sessions, the main thread or a sub-agent,
 * working directories, normal and scratch sessions, with and without transcript and turn.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class ContextArbitraries {

  private ContextArbitraries() {}

  /**
   * {@return session ids: a few fixed ones (the default builder session among them) and generated
   * hex ones}
   */
  public static Arbitrary<String> sessionIds() {
    return Arbitraries.oneOf(Arbitraries.of("s1", "s2", EventBuilder.DEFAULT_SESSION),
        Arbitraries.strings().withChars("0123456789abcdef-").ofLength(12));
  }

  /** {@return the main thread (empty) about half of the time, else a sub-agent id} */
  public static Arbitrary<String> agentIds() {
    return Arbitraries.oneOf(Arbitraries.just(""),
        Arbitraries.strings().withChars("abcdef0123456789").ofMinLength(1).ofMaxLength(8)
            .map(id -> "agent-" + id));
  }

  /**
   * {@return contexts with any working directory ({@link PathArbitraries#workingDirectories()}),
   * session, agent, mode, transcript and turn}
   */
  public static Arbitrary<EventContext> contexts() {
    return contexts(PathArbitraries.workingDirectories());
  }

  /**
   * Contexts whose working directory comes from {@code cwds}.
   *
   * @param cwds the working directories to draw from
   * @return contexts over those working directories
   */
  public static Arbitrary<EventContext> contexts(Arbitrary<Path> cwds) {
    Arbitrary<Optional<Path>> transcripts = Arbitraries.oneOf(Arbitraries.just(Optional.empty()),
        PathArbitraries.under(Path.of("/home/agent/.claude/projects")).map(Optional::of));
    Arbitrary<Optional<String>> turns = Arbitraries.oneOf(Arbitraries.just(Optional.empty()),
        Arbitraries.integers().between(1, 500).map(n -> Optional.of("turn-" + n)));
    Arbitrary<SessionMode> modes = Arbitraries.frequency(
        net.jqwik.api.Tuple.of(4, SessionMode.NORMAL), net.jqwik.api.Tuple.of(1,
            SessionMode.SCRATCH));
    return Combinators.combine(sessionIds(), agentIds(), cwds, transcripts, modes, turns)
        .as(EventContext::new);
  }
}
