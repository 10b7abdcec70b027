package dev.groundskeeper.host.runner;

import com.fasterxml.jackson.databind.JsonNode;
import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext.SessionMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * One agent runner's hook protocol: its payload to {@link Event}s, a {@link Decision} back to the
 * runner's answer (standard output, standard error, exit code), and the hooks a runner's settings
 * must register for the events the rules read. The built-in adapters are in {@link Runners}; an
 * embedder with a runner of its own implements this and hands its events to the same host.
 *
 * <p>Every runner Groundskeeper knows sends one JSON object per hook call, so the payload arrives
 * parsed. An adapter never performs I/O beyond asking whether a file it maps exists.
 */
@API(status = API.Status.EXPERIMENTAL)
public interface RunnerAdapter {

  /** {@return the short name used on the command line ({@code --runner claude})} */
  String name();

  /** {@return the runner's own name, for texts ({@code Claude Code})} */
  String displayName();

  /**
   * True when {@code payload} has this runner's shape. Adapters are asked in the order of
   * {@link Runners#all()}; the first that recognizes a payload maps it.
   *
   * @param payload the parsed hook payload
   * @return true when this adapter can map it
   */
  boolean recognizes(JsonNode payload);

  /**
   * The events of one payload. A hook this build has no event for maps to no events (answered
   * with {@link #nothing}); a payload lacking a field its event needs throws
   * {@link PayloadException} naming the event and the field.
   *
   * @param payload the parsed hook payload
   * @param mode how the runner launched the session (scratch mode forbids commits)
   * @param workingDirectory what a relative {@code cwd} is resolved against
   * @return the hook's name and its events; no events for a hook this build ignores
   * @throws PayloadException when the payload lacks a field its event needs, or one has the
   *     wrong type
   */
  Call map(JsonNode payload, SessionMode mode, Path workingDirectory);

  /**
   * The runner's answer to a call: a denial in the form that makes the runner refuse, advice
   * where the runner shows it to the agent, silence for a plain allow.
   *
   * @param call the mapped call
   * @param decision the combined decision of its events
   * @return what the hook writes back
   */
  RunnerAnswer answer(Call call, Decision decision);

  /**
   * The answer with nothing to say, for a call without events.
   *
   * @param hook the hook's name, as the payload gave it
   * @return an answer the runner reads as "go on"
   */
  RunnerAnswer nothing(String hook);

  /**
   * The answer to a call no guard could judge ({@code why}: a payload too large to read, an
   * unusable installation): it lets the runner continue without reading as a judgement, puts the
   * person in the loop where the runner can, and says why.
   *
   * @param hook the hook's name, as the payload gave it (or as far as it could be read)
   * @param why what kept the guards from judging, as a person reads it
   * @return the answer; for a tool call, one that asks the person where the runner can
   */
  RunnerAnswer cannotJudge(String hook, String why);

  /**
   * The hooks that deliver events of one type.
   *
   * @param type an event type
   * @return the hooks with the tools their matchers must cover; empty when this runner has no
   *     hook for that event
   */
  List<Registration> sourcesOf(Class<? extends Event> type);

  /**
   * Every hook this adapter maps, merged per hook name, with the tools its matcher must cover
   * (empty: no matcher). What an installer registers for a runner.
   *
   * @return the registrations, opt-in hooks included, sorted by hook name
   */
  default List<Registration> registrations() {
    List<Class<? extends Event>> every = new ArrayList<>();
    for (Class<?> type : Event.class.getPermittedSubclasses()) {
      every.add(type.asSubclass(Event.class));
    }
    return registrations(every, true);
  }

  /**
   * The hooks that deliver every one of {@code events}, merged per hook name: the least a
   * runner's settings must register for rules reading those events. Opt-in hooks are left out
   * unless {@code withOptIn}.
   *
   * @param events the event types the rules read
   * @param withOptIn whether hooks a person opts into are included
   * @return the registrations sorted by hook name; a hook is opt-in only when every source of it
   *     is
   */
  default List<Registration> registrations(Collection<Class<? extends Event>> events,
      boolean withOptIn) {
    Map<String, Set<String>> tools = new LinkedHashMap<>();
    Map<String, Boolean> optIn = new LinkedHashMap<>();
    for (Class<? extends Event> type : events) {
      for (Registration registration : sourcesOf(type)) {
        if (registration.optIn() && !withOptIn) {
          continue;
        }
        tools.computeIfAbsent(registration.hook(), name -> new TreeSet<>())
            .addAll(registration.tools());
        optIn.merge(registration.hook(), registration.optIn(), Boolean::logicalAnd);
      }
    }
    List<Registration> merged = new ArrayList<>();
    tools.forEach((hook, names) -> merged.add(new Registration(hook, names, optIn.get(hook))));
    merged.sort((a, b) -> a.hook().compareTo(b.hook()));
    return List.copyOf(merged);
  }

  /**
   * One hook a runner's settings register: its event name, the tool names its matcher must
   * cover (empty for a hook without tools), and whether it is a choice a person makes rather
   * than a default (Claude Code's WorktreeCreate hands worktree creation to Groundskeeper).
   *
   * @param hook the hook's event name, as the runner's settings spell it
   * @param tools the tool names its matcher must cover; empty for a hook without tools
   * @param optIn whether a person must choose it
   */
  record Registration(String hook, Set<String> tools, boolean optIn) {
    /**
     * Checks the hook and keeps an immutable copy of the tools.
     *
     * @param hook the hook's event name
     * @param tools the tool names its matcher must cover
     * @param optIn whether a person must choose it
     * @throws NullPointerException if the hook, the tools or a tool is null
     */
    public Registration {
      Objects.requireNonNull(hook, "hook");
      tools = Set.copyOf(tools);
    }

    /**
     * A hook without tools, not opt-in.
     *
     * @param hook the hook's event name
     * @return the registration
     */
    public static Registration of(String hook) {
      return new Registration(hook, Set.of(), false);
    }

    /**
     * A tool hook, not opt-in.
     *
     * @param hook the hook's event name
     * @param tools the tool names its matcher must cover
     * @return the registration
     */
    public static Registration of(String hook, String... tools) {
      return new Registration(hook, Set.of(tools), false);
    }
  }

  /**
   * One mapped payload: the hook it came from and its events, in order (none for a hook this
   * build ignores; several when one call writes several files, as a Codex patch can). Every event
   * is judged and the decisions combined into one answer.
   *
   * @param hook the hook's name, as the payload gave it
   * @param events the events to judge, in order; empty for a hook this build ignores
   */
  record Call(String hook, List<Event> events) {
    /**
     * Checks the hook and keeps an immutable copy of the events.
     *
     * @param hook the hook's name
     * @param events the events to judge, in order
     * @throws NullPointerException if the hook, the events or an event is null
     */
    public Call {
      Objects.requireNonNull(hook, "hook");
      events = List.copyOf(events);
    }

    /**
     * A call this build has no event for.
     *
     * @param hook the hook's name
     * @return a call without events
     */
    public static Call ignored(String hook) {
      return new Call(hook, List.of());
    }

    /**
     * A call with at most one event.
     *
     * @param hook the hook's name
     * @param event its event; empty for a call to ignore
     * @return the call
     */
    public static Call of(String hook, Optional<? extends Event> event) {
      return new Call(hook, event.<List<Event>>map(List::of).orElse(List.of()));
    }

    /** {@return the first event, which decides the shape of the answer; empty when ignored} */
    public Optional<Event> event() {
      return events.isEmpty() ? Optional.empty() : Optional.of(events.get(0));
    }
  }
}
