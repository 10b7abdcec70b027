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
   */
  boolean recognizes(JsonNode payload);

  /**
   * The events of one payload. A hook this build has no event for maps to no events (answered
   * with {@link #nothing}); a payload lacking a field its event needs throws
   * {@link PayloadException} naming the event and the field.
   *
   * @param workingDirectory what a relative {@code cwd} is resolved against
   */
  Call map(JsonNode payload, SessionMode mode, Path workingDirectory);

  /** {@return the runner's answer to {@code call}, judged as {@code decision}} */
  RunnerAnswer answer(Call call, Decision decision);

  /** {@return the answer with nothing to say to the hook named {@code hook}} */
  RunnerAnswer nothing(String hook);

  /**
   * The answer to a call no guard could judge ({@code why}: a payload too large to read, an
   * unusable installation): it lets the runner continue without reading as a judgement, puts the
   * person in the loop where the runner can, and says why.
   */
  RunnerAnswer cannotJudge(String hook, String why);

  /**
   * {@return the hooks (with the tools their matchers must cover) that deliver events of {@code
   * type}}
   */
  List<Registration> sourcesOf(Class<? extends Event> type);

  /**
   * Every hook this adapter maps, merged per hook name, with the tools its matcher must cover
   * (empty: no matcher). What an installer registers for a runner.
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
   */
  record Registration(String hook, Set<String> tools, boolean optIn) {
    public Registration {
      Objects.requireNonNull(hook, "hook");
      tools = Set.copyOf(tools);
    }

    /** {@return a hook without tools, not opt-in} */
    public static Registration of(String hook) {
      return new Registration(hook, Set.of(), false);
    }

    /** {@return a tool hook whose matcher must cover {@code tools}} */
    public static Registration of(String hook, String... tools) {
      return new Registration(hook, Set.of(tools), false);
    }
  }

  /**
   * One mapped payload: the hook it came from and its events, in order (none for a hook this
   * build ignores; several when one call writes several files, as a Codex patch can). Every event
   * is judged and the decisions combined into one answer.
   */
  record Call(String hook, List<Event> events) {
    public Call {
      Objects.requireNonNull(hook, "hook");
      events = List.copyOf(events);
    }

    public static Call ignored(String hook) {
      return new Call(hook, List.of());
    }

    public static Call of(String hook, Optional<? extends Event> event) {
      return new Call(hook, event.<List<Event>>map(List::of).orElse(List.of()));
    }

    /** {@return the first event, which decides the shape of the answer; empty when ignored} */
    public Optional<Event> event() {
      return events.isEmpty() ? Optional.empty() : Optional.of(events.get(0));
    }
  }
}
