package dev.groundskeeper.host.runner;

import com.fasterxml.jackson.databind.JsonNode;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.EventContext.SessionMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The shape every built-in adapter shares: a name, a table of the hooks that deliver each event,
 * and a mapping that reads the hook's name, then the payload's context only for a hook this
 * build maps. A hook added to a runner later may carry other fields, and must get the empty
 * answer, not a complaint about them.
 */
abstract class TableAdapter implements RunnerAdapter {

  private final String name;
  private final String displayName;
  private final Map<Class<? extends Event>, List<Registration>> sources;

  TableAdapter(String name, String displayName,
      Map<Class<? extends Event>, List<Registration>> sources) {
    this.name = Objects.requireNonNull(name, "name");
    this.displayName = Objects.requireNonNull(displayName, "displayName");
    this.sources = Map.copyOf(sources);
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final String displayName() {
    return displayName;
  }

  @Override
  public final List<Registration> sourcesOf(Class<? extends Event> type) {
    return sources.getOrDefault(type, List.of());
  }

  @Override
  public final Call map(JsonNode root, SessionMode mode, Path workingDirectory) {
    Mapping.requireObject(root);
    String hook = new Payload(root, "hook").requiredString("hook_event_name");
    Payload payload = new Payload(root, hook);
    return map(hook, payload, () -> context(payload, mode, workingDirectory));
  }

  /** The events of the hook named {@code hook}; {@code context} reads the payload's context. */
  abstract Call map(String hook, Payload payload, Supplier<EventContext> context);

  /** The context most runners send: {@code session_id} and {@code cwd}, and the optional ones. */
  EventContext context(Payload payload, SessionMode mode, Path workingDirectory) {
    return Mapping.context(payload, "session_id", payload.requiredPath("cwd", workingDirectory),
        mode);
  }
}
