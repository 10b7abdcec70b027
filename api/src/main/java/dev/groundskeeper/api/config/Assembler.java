package dev.groundskeeper.api.config;

import dev.groundskeeper.api.config.Problems.Location;
import dev.groundskeeper.api.config.Setting.Block;
import dev.groundskeeper.api.config.Setting.Leaf;
import dev.groundskeeper.api.config.ValueType.ListType;
import dev.groundskeeper.api.config.ValueType.MapType;
import dev.groundskeeper.api.config.ValueType.OptionalType;
import dev.groundskeeper.api.config.ValueType.RecordType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Applies settings to a base value (the embedded default, or nothing for a new map entry or list
 * item) and builds the typed result. Records are built through their canonical constructor, so a
 * cross-field rule a record enforces becomes a problem at that block's key path.
 */
final class Assembler {

  private final Problems problems;

  Assembler(Problems problems) {
    this.problems = problems;
  }

  /**
   * The value at {@code path}: {@code setting} laid over {@code base}. Either may be null (not
   * both unless the type has an empty value). Empty when something was wrong (recorded).
   * {@code where} is blamed for what is missing when there is no setting to blame.
   */
  Optional<Object> build(ValueType type, Object base, Setting setting, String path,
      Location where) {
    if (setting instanceof Leaf leaf) {
      return Optional.of(leaf.value());
    }
    Block block = (Block) setting;
    if (block == null && base != null) {
      return Optional.of(base);
    }
    if (type instanceof RecordType record) {
      return record(record.model(), base, block, path, block == null ? where : block.where());
    }
    if (type instanceof MapType map) {
      return map(map, base, block, path, where);
    }
    return Optional.ofNullable(emptyValue(type));
  }

  private Optional<Object> record(RecordModel model, Object base, Block block, String path,
      Location where) {
    List<Object> values = new ArrayList<>();
    boolean complete = true;
    for (RecordModel.Component component : model.components()) {
      String keyPath = NodeBinder.join(path, component.key());
      Setting setting = block == null ? null : block.entries().get(component.key());
      Object baseValue = base == null ? null : model.value(base, component);
      Optional<Object> value;
      if (setting == null && baseValue == null && emptyValue(component.type()) == null
          && !(component.type() instanceof RecordType)) {
        if (!problems.lostWithin(keyPath)) {
          problems.add(where, keyPath, "missing key: a new entry needs "
              + component.type().expected());
        }
        value = Optional.empty();
      } else {
        value = build(component.type(), baseValue, setting, keyPath, where);
      }
      value.ifPresent(values::add);
      complete &= value.isPresent();
    }
    if (!complete || problems.lostWithin(path)) {
      return Optional.empty();
    }
    try {
      return Optional.of(model.construct(values));
    } catch (IllegalArgumentException e) {
      reportInvalid(where, path, String.valueOf(e.getMessage()));
      return Optional.empty();
    }
  }

  /**
   * A record's own check often names the key it refused ({@code "a.b[0]: why"}) so that it reads
   * well outside the loader too; that key, when it lies within {@code path}, becomes the problem's
   * key instead of being printed twice ({@code "a: a.b[0]: why"}).
   */
  private void reportInvalid(Location where, String path, String message) {
    int colon = message.indexOf(": ");
    String named = colon > 0 ? message.substring(0, colon) : "";
    boolean within = named.equals(path) || named.startsWith(path + ".")
        || named.startsWith(path + "[");
    if (within && named.chars().noneMatch(Character::isWhitespace)) {
      problems.add(where, named, message.substring(colon + 2));
    } else {
      problems.add(where, path, message);
    }
  }

  private Optional<Object> map(MapType type, Object base, Block block, String path,
      Location where) {
    Map<String, Object> result = new LinkedHashMap<>();
    if (base != null) {
      ((Map<?, ?>) base).forEach((key, value) -> result.put((String) key, value));
    }
    boolean complete = true;
    if (block != null) {
      for (Map.Entry<String, Setting> entry : block.entries().entrySet()) {
        Optional<Object> value = build(type.value(), result.get(entry.getKey()), entry.getValue(),
            NodeBinder.join(path, entry.getKey()), entry.getValue().where());
        value.ifPresent(v -> result.put(entry.getKey(), v));
        complete &= value.isPresent();
      }
    }
    return complete ? Optional.of(Collections.unmodifiableMap(result)) : Optional.empty();
  }

  /** The value of a key nobody set and that has no default: only containers have one. */
  private static Object emptyValue(ValueType type) {
    if (type instanceof OptionalType) {
      return Optional.empty();
    }
    if (type instanceof ListType) {
      return List.of();
    }
    if (type instanceof MapType) {
      return Map.of();
    }
    return null;
  }
}
