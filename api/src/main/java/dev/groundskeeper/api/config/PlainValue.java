package dev.groundskeeper.api.config;

import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.config.ValueType.EnumType;
import dev.groundskeeper.api.config.ValueType.ListType;
import dev.groundskeeper.api.config.ValueType.MapType;
import dev.groundskeeper.api.config.ValueType.ModeType;
import dev.groundskeeper.api.config.ValueType.OptionalType;
import dev.groundskeeper.api.config.ValueType.RecordType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A bound value as a plain, JSON-able tree: what a user would write in YAML (snake_case keys,
 * lower-case words, ISO timestamps, {@code null} for an empty Optional). Map keys are sorted so
 * the output is stable.
 */
final class PlainValue {

  private PlainValue() {}

  static Object of(ValueType type, Object value) {
    if (type instanceof OptionalType optional) {
      return ((Optional<?>) value).map(inner -> of(optional.element(), inner)).orElse(null);
    }
    if (type instanceof EnumType) {
      return EnumType.word(value);
    }
    if (type instanceof ModeType) {
      return ((Mode) value).word();
    }
    if (type instanceof ListType list) {
      List<Object> items = new ArrayList<>();
      ((List<?>) value).forEach(item -> items.add(of(list.element(), item)));
      return Collections.unmodifiableList(items);
    }
    if (type instanceof MapType map) {
      Map<String, Object> entries = new LinkedHashMap<>();
      new TreeMap<>((Map<?, ?>) value).forEach((key, item) ->
          entries.put((String) key, of(map.value(), item)));
      return Collections.unmodifiableMap(entries);
    }
    if (type instanceof RecordType record) {
      return ofRecord(record.model(), value);
    }
    return value instanceof Instant instant ? instant.toString() : value;
  }

  static Map<String, Object> ofRecord(RecordModel model, Object record) {
    Map<String, Object> entries = new LinkedHashMap<>();
    for (RecordModel.Component component : model.components()) {
      entries.put(component.key(), of(component.type(), model.value(record, component)));
    }
    return Collections.unmodifiableMap(entries);
  }
}
