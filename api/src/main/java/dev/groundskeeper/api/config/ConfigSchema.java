package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.config.ValueType.Bounds;
import dev.groundskeeper.api.config.ValueType.EnumType;
import dev.groundskeeper.api.config.ValueType.Kind;
import dev.groundskeeper.api.config.ValueType.ListType;
import dev.groundskeeper.api.config.ValueType.MapType;
import dev.groundskeeper.api.config.ValueType.ModeType;
import dev.groundskeeper.api.config.ValueType.OptionalType;
import dev.groundskeeper.api.config.ValueType.RecordType;
import dev.groundskeeper.api.config.ValueType.Scalar;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A JSON Schema (draft 2020-12) of the whole configuration file, generated from the same typed
 * model the loader binds, so editors complete and check what the loader accepts: every block an
 * object with {@code additionalProperties: false}, types, enums for words, {@code default}s from
 * the embedded defaults, descriptions from {@link Doc}, {@code minimum}/{@code maximum} from
 * {@link Range}, {@code pattern} from {@link Matches}. The output is deterministic (namespaces
 * sorted, {@code engine} first; keys in record order), so a checked-in copy can be compared byte
 * for byte.
 */
@API(status = API.Status.STABLE)
public final class ConfigSchema {

  /** The JSON Schema dialect of the generated document. */
  public static final String DIALECT = "https://json-schema.org/draft/2020-12/schema";

  private ConfigSchema() {}

  /**
   * The schema of a file holding the {@code engine:} block and the namespaces of {@code specs},
   * as JSON text ending in a newline.
   *
   * @param specs the providers' namespaces (the engine's is added)
   * @return the schema
   * @throws IllegalArgumentException when a spec's record type cannot be bound
   */
  public static String generate(Collection<ConfigSpec<?>> specs) {
    Map<String, ConfigSpec<?>> namespaces = new TreeMap<>();
    specs.forEach(spec -> namespaces.put(spec.namespace(), spec));
    namespaces.remove(EngineConfig.NAMESPACE);
    List<ConfigSpec<?>> ordered = new ArrayList<>();
    ordered.add(EngineConfig.spec());
    ordered.addAll(namespaces.values());

    Map<String, Object> properties = new LinkedHashMap<>();
    for (ConfigSpec<?> spec : ordered) {
      properties.put(spec.namespace(), record(RecordModel.of(spec.type()), spec.defaults(),
          RecordModel.of(spec.type()).doc()));
    }
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("$schema", DIALECT);
    schema.put("title", "Groundskeeper configuration");
    schema.put("description", "The repository's " + ConfigLayers.FILE_NAME
        + " and the user's groundskeeper/config.yaml: one block per namespace; every key is"
        + " optional and falls back to the embedded default.");
    schema.put("type", List.of("object", "null"));
    schema.put("additionalProperties", false);
    schema.put("properties", properties);
    return Json.write(schema);
  }

  private static Map<String, Object> record(RecordModel model, Object defaults,
      Optional<String> doc) {
    Map<String, Object> properties = new LinkedHashMap<>();
    for (RecordModel.Component component : model.components()) {
      Object base = defaults == null ? null : model.value(defaults, component);
      Optional<String> componentDoc = component.doc().or(() -> component.type()
          instanceof RecordType nested ? nested.model().doc() : Optional.empty());
      properties.put(component.key(), schema(component.type(), base, componentDoc));
    }
    Map<String, Object> schema = new LinkedHashMap<>();
    doc.ifPresent(text -> schema.put("description", text));
    schema.put("type", List.of("object", "null"));
    schema.put("additionalProperties", false);
    schema.put("properties", properties);
    return schema;
  }

  /** The schema of one value; {@code base} is its default, or null where there is none. */
  private static Map<String, Object> schema(ValueType type, Object base, Optional<String> doc) {
    if (type instanceof RecordType record) {
      return record(record.model(), base, doc);
    }
    Map<String, Object> schema = new LinkedHashMap<>();
    doc.ifPresent(text -> schema.put("description", text));
    describe(type, schema);
    if (base != null) {
      schema.put("default", PlainValue.of(type, base));
    }
    if (type instanceof ListType list) {
      schema.put("items", schema(list.element(), null, Optional.empty()));
    } else if (type instanceof MapType map) {
      schema.put("additionalProperties", schema(map.value(), null, Optional.empty()));
    }
    return schema;
  }

  /** Puts {@code type}, {@code format}, {@code enum}, {@code minimum} and {@code maximum}. */
  private static void describe(ValueType type, Map<String, Object> schema) {
    if (type instanceof OptionalType optional) {
      describe(optional.element(), schema);
      schema.put("type", List.of(schema.get("type"), "null"));
      schema.computeIfPresent("enum", (key, words) -> {
        List<Object> withNull = new ArrayList<>((List<?>) words);
        withNull.add(null);
        return withNull;
      });
    } else if (type instanceof ListType) {
      schema.put("type", List.of("array", "null"));
    } else if (type instanceof MapType) {
      schema.put("type", List.of("object", "null"));
    } else if (type instanceof EnumType enumType) {
      schema.put("type", "string");
      schema.put("enum", enumType.words());
    } else if (type instanceof ModeType mode) {
      schema.put("type", "string");
      schema.put("enum", mode.words());
    } else if (type instanceof Scalar scalar) {
      scalar(scalar, schema);
    }
  }

  private static void scalar(Scalar scalar, Map<String, Object> schema) {
    boolean integral = scalar.kind() == Kind.INT || scalar.kind() == Kind.LONG;
    schema.put("type", switch (scalar.kind()) {
      case BOOLEAN -> "boolean";
      case INT, LONG -> "integer";
      case DOUBLE -> "number";
      case STRING, INSTANT -> "string";
    });
    if (scalar.kind() == Kind.INSTANT) {
      schema.put("format", "date-time");
    }
    if (!scalar.words().isEmpty()) {
      schema.put("enum", scalar.words());
    }
    // JSON Schema patterns are unanchored; the loader matches the whole text.
    scalar.shape().ifPresent(shape -> schema.put("pattern",
        "^(?:" + shape.pattern().pattern() + ")$"));
    Bounds bounds = scalar.bounds();
    if (bounds.min() != Double.NEGATIVE_INFINITY) {
      schema.put("minimum", integral ? (Object) (long) bounds.min() : bounds.min());
    }
    if (bounds.max() != Double.POSITIVE_INFINITY) {
      schema.put("maximum", integral ? (Object) (long) bounds.max() : bounds.max());
    }
  }
}
