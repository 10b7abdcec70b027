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
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * jqwik arbitraries for {@link Event}s of every type, with generated contexts. Use
 * {@link #events()} for "anything a runner may report", {@link #commandEvents(Arbitrary)} to
 * steer the commands a rule cares about.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class EventArbitraries {

  private EventArbitraries() {}

  /**
   * Events of every type, each type about equally often.
   *
   * @return events of every type
   */
  public static Arbitrary<Event> events() {
    return Arbitraries.oneOf(List.of(
        commandEvents(), fileWrites(), commandsCompleted(), toolsCompleted(), prompts(),
        sessionStarts(), stops(), stopFailures(), subagentStops(), subagentStarts(), dispatches(),
        worktreeCreates(), worktreeRemoves(), preCompacts(), sweeps()));
  }

  /**
   * Events of every type except those {@code readTypes} cover.
   *
   * @param readTypes the event types to leave out (a rule's {@code RuleInfo.events()})
   * @return events of the other types only
   */
  public static Arbitrary<Event> eventsNotOf(java.util.Collection<Class<? extends Event>>
      readTypes) {
    return events().filter(event -> readTypes.stream().noneMatch(t -> t.isInstance(event)));
  }

  /**
   * {@return command events over mostly readable command lines ({@link
   * CommandArbitraries#anyCommands()})}
   */
  public static Arbitrary<Event> commandEvents() {
    return commandEvents(CommandArbitraries.anyCommands());
  }

  /**
   * Command events whose command lines come from {@code commands}.
   *
   * @param commands the command lines to draw from
   * @return command events over those command lines
   */
  public static Arbitrary<Event> commandEvents(Arbitrary<String> commands) {
    return Combinators.combine(ContextArbitraries.contexts(), commands).as(CommandEvent::new);
  }

  /**
   * {@return writes and edits of relative paths under the working directory, of existing files or
   * new ones, with or without content (an edit never has any)}
   */
  public static Arbitrary<Event> fileWrites() {
    Arbitrary<Optional<String>> content = Arbitraries.oneOf(Arbitraries.just(Optional.empty()),
        Arbitraries.strings().ofMaxLength(40).map(Optional::of));
    return Combinators.combine(ContextArbitraries.contexts(), PathArbitraries.relative(),
        Arbitraries.of(WriteKind.class), Arbitraries.of(true, false), content)
        .as((context, path, kind, exists, text) -> new FileWriteEvent(context,
            context.cwd().resolve(path), kind, exists || kind == WriteKind.EDIT,
            kind == WriteKind.EDIT ? Optional.empty() : text));
  }

  /** {@return completed commands, with or without an exit status, some of them failed} */
  public static Arbitrary<Event> commandsCompleted() {
    Arbitrary<OptionalInt> status = Arbitraries.oneOf(Arbitraries.just(OptionalInt.empty()),
        Arbitraries.of(0, 0, 1, 2, 128, 130).map(OptionalInt::of));
    return Combinators.combine(ContextArbitraries.contexts(), CommandArbitraries.anyCommands(),
        status, Arbitraries.of(false, false, true)).as(CommandCompleted::new);
  }

  /** {@return completed calls of tools other than the shell (Write, Edit, Read, ...)} */
  public static Arbitrary<Event> toolsCompleted() {
    return withContext(Arbitraries.of("Write", "Edit", "Read", "Grep", "Glob", "WebFetch"),
        ToolCompleted::new);
  }

  /** {@return prompts the person submitted, as short generated text} */
  public static Arbitrary<Event> prompts() {
    return withContext(Arbitraries.strings().ofMaxLength(40), PromptSubmitted::new);
  }

  /** {@return session starts from every source (startup, resume, clear, compact)} */
  public static Arbitrary<Event> sessionStarts() {
    return withContext(Arbitraries.of(StartSource.class), SessionStart::new);
  }

  /** {@return stops, with and without {@code stop_hook_active}} */
  public static Arbitrary<Event> stops() {
    return withContext(Arbitraries.of(true, false), Stop::new);
  }

  /** {@return turns that ended in an error (rate limit, overload, ...)} */
  public static Arbitrary<Event> stopFailures() {
    return withContext(Arbitraries.of("rate_limit", "overloaded", "server_error", "unknown"),
        Event.StopFailure::new);
  }

  /** {@return sub-agent stops of a few agent types, with and without {@code stop_hook_active}} */
  public static Arbitrary<Event> subagentStops() {
    return Combinators.combine(ContextArbitraries.contexts(), agentTypes(),
        Arbitraries.of(true, false)).as(SubagentStop::new);
  }

  /** {@return sub-agent starts of a few agent types} */
  public static Arbitrary<Event> subagentStarts() {
    return withContext(agentTypes(), SubagentStart::new);
  }

  /** {@return sub-agent launches, in a worktree of their own or not, with a short prompt} */
  public static Arbitrary<Event> dispatches() {
    Arbitrary<Optional<String>> isolation = Arbitraries.of(Optional.empty(),
        Optional.of("worktree"));
    return Combinators.combine(ContextArbitraries.contexts(), isolation,
        Arbitraries.strings().ofMaxLength(30)).as(AgentDispatch::new);
  }

  /** {@return requests to create a worktree named like a branch} */
  public static Arbitrary<Event> worktreeCreates() {
    return withContext(CommandArbitraries.branchNames(), WorktreeCreate::new);
  }

  /** {@return requests to remove the worktree at an absolute path} */
  public static Arbitrary<Event> worktreeRemoves() {
    return withContext(PathArbitraries.absolute(), WorktreeRemove::new);
  }

  /** {@return compactions, manual and automatic} */
  public static Arbitrary<Event> preCompacts() {
    return withContext(Arbitraries.of(CompactTrigger.class), PreCompact::new);
  }

  /** {@return sweep requests (the CLI's {@code sweep} verb)} */
  public static Arbitrary<Event> sweeps() {
    return ContextArbitraries.contexts().map(SweepRequest::new);
  }

  private static Arbitrary<String> agentTypes() {
    return Arbitraries.of("general-purpose", "Explore", "Plan", "reviewer");
  }

  private static <T> Arbitrary<Event> withContext(Arbitrary<T> values,
      java.util.function.BiFunction<EventContext, T, ? extends Event> make) {
    return Combinators.combine(ContextArbitraries.contexts(), values).as(make::apply);
  }
}
