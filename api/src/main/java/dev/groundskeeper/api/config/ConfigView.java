package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
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
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * The effective configuration as users read it ({@code groundskeeper config show}): a plain tree
 * of snake_case keys and JSON-able values, with the layer every leaf came from. The text form is
 * YAML that the loader reads back to the same configuration; the JSON form is for tools.
 *
 * <p>Namespaces come in a stable order ({@code engine} first, then alphabetical), keys in their
 * record's order, map entries sorted by key. A leaf is a scalar, an optional or a whole list
 * (lists replace, they do not merge); records and maps are walked into.
 */
@API(status = API.Status.STABLE)
public final class ConfigView {

  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./][A-Za-z0-9_./*@+=~-]*");
  private static final int COMMENT_COLUMN_LIMIT = 48;

  private ConfigView() {}

  /**
   * Every namespace's block as a plain tree: maps, lists, strings, numbers, booleans, null.
   *
   * @param config the configuration
   * @return the tree, namespaces in the order of the class comment
   */
  public static Map<String, Object> tree(EffectiveConfig config) {
    Map<String, Object> tree = new LinkedHashMap<>();
    namespaces(config).forEach((namespace, section) ->
        tree.put(namespace, PlainValue.ofRecord(RecordModel.of(section.getClass()), section)));
    return Collections.unmodifiableMap(tree);
  }

  /**
   * Every leaf key path of the tree, in tree order, with the layer it came from
   * ({@value EffectiveConfig#DEFAULT_LAYER} when no layer set it).
   *
   * @param config the configuration
   * @return key path to layer name
   */
  public static Map<String, String> origins(EffectiveConfig config) {
    Map<String, String> origins = new LinkedHashMap<>();
    namespaces(config).forEach((namespace, section) ->
        walk(new RecordType(section.getClass()), section, namespace, namespace, 0, (path, line) -> {
          if (line.leaf()) {
            origins.put(path, config.origin(path));
          }
        }));
    return Collections.unmodifiableMap(origins);
  }

  /**
   * The JSON form: {@code layers} (name and source of each, weakest first), {@code config} (the
   * {@link #tree}) and {@code origins} (every leaf key path with its layer).
   *
   * @param config the configuration
   * @return JSON text ending in a line feed
   */
  public static String json(EffectiveConfig config) {
    List<Map<String, String>> layers = new ArrayList<>();
    config.layerSources().forEach((name, source) -> {
      Map<String, String> layer = new LinkedHashMap<>();
      layer.put("name", name);
      layer.put("source", source);
      layers.add(layer);
    });
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("layers", layers);
    document.put("config", tree(config));
    document.put("origins", origins(config));
    return Json.write(document);
  }

  /**
   * The text form: YAML with a {@code # from <layer>} comment on every leaf ({@code # default}
   * when no layer set it), preceded by a comment listing the layers.
   *
   * @param config the configuration
   * @return YAML text ending in a line feed
   */
  public static String text(EffectiveConfig config) {
    List<String> values = new ArrayList<>();
    List<String> comments = new ArrayList<>();
    namespaces(config).forEach((namespace, section) ->
        walk(new RecordType(section.getClass()), section, namespace, namespace, 0, (path, line) -> {
          values.add(line.text());
          String origin = config.origin(path);
          comments.add(!line.commented() ? ""
              : origin.equals(EffectiveConfig.DEFAULT_LAYER) ? "# default" : "# from " + origin);
        }));
    int column = values.stream().mapToInt(String::length).filter(n -> n <= COMMENT_COLUMN_LIMIT)
        .max().orElse(0) + 2;
    StringBuilder out = new StringBuilder("# layers, weakest first: default");
    config.layerSources().forEach((name, source) ->
        out.append(", ").append(name).append(" (").append(source).append(')'));
    out.append('\n');
    for (int i = 0; i < values.size(); i++) {
      String value = values.get(i);
      out.append(value);
      if (!comments.get(i).isEmpty()) {
        out.append(" ".repeat(Math.max(2, column - value.length()))).append(comments.get(i));
      }
      out.append('\n');
    }
    return out.toString();
  }

  private static Map<String, Object> namespaces(EffectiveConfig config) {
    Map<String, Object> ordered = new LinkedHashMap<>();
    Object engine = config.sections().get(EngineConfig.NAMESPACE);
    if (engine != null) {
      ordered.put(EngineConfig.NAMESPACE, engine);
    }
    new TreeMap<>(config.sections()).forEach(ordered::putIfAbsent);
    return ordered;
  }

  /** One line of the text form; {@code leaf} lines carry a value that came from one layer. */
  private record Line(String text, boolean leaf, boolean commented) {}

  private interface LineSink {
    void accept(String path, Line line);
  }

  /**
   * Walks a keyed value: a block (record or map) becomes its key line and its entries; anything
   * else becomes one leaf line, or a key line and block-style items for a list of blocks.
   */
  private static void walk(ValueType type, Object value, String name, String path, int depth,
      LineSink sink) {
    String indent = "  ".repeat(depth);
    String key = scalar(name);
    if (type instanceof RecordType || type instanceof MapType) {
      Map<String, ValueType> types = new LinkedHashMap<>();
      Map<String, Object> values = entries(type, value, types);
      if (values.isEmpty()) {
        sink.accept(path, new Line(indent + key + ": {}", false, true));
        return;
      }
      sink.accept(path, new Line(indent + key + ":", false, false));
      values.forEach((child, childValue) ->
          walk(types.get(child), childValue, child, path + "." + child, depth + 1, sink));
      return;
    }
    if (type instanceof ListType list && isBlock(list.element()) && !((List<?>) value).isEmpty()) {
      sink.accept(path, new Line(indent + key + ":", true, true));
      for (Object item : (List<?>) value) {
        List<String> lines = new ArrayList<>();
        items(list.element(), item, lines);
        for (int i = 0; i < lines.size(); i++) {
          sink.accept(path, new Line(indent + (i == 0 ? "  - " : "    ") + lines.get(i), false,
              false));
        }
      }
      return;
    }
    sink.accept(path, new Line(indent + key + ": " + inline(type, value), true, true));
  }

  private static boolean isBlock(ValueType type) {
    return type instanceof RecordType || type instanceof MapType || type instanceof ListType;
  }

  private static Map<String, Object> entries(ValueType type, Object value,
      Map<String, ValueType> types) {
    Map<String, Object> entries = new LinkedHashMap<>();
    if (type instanceof RecordType record) {
      RecordModel model = record.model();
      for (RecordModel.Component component : model.components()) {
        entries.put(component.key(), model.value(value, component));
        types.put(component.key(), component.type());
      }
    } else {
      ValueType valueType = ((MapType) type).value();
      new TreeMap<>((Map<?, ?>) value).forEach((key, item) -> {
        entries.put((String) key, item);
        types.put((String) key, valueType);
      });
    }
    return entries;
  }

  /** The lines of one block-style list item, without the {@code - } prefix or indentation. */
  private static void items(ValueType type, Object value, List<String> lines) {
    if (type instanceof ListType list) {
      lines.add(inline(list, value));
      return;
    }
    Map<String, ValueType> types = new LinkedHashMap<>();
    Map<String, Object> entries = entries(type, value, types);
    if (entries.isEmpty()) {
      lines.add("{}");
      return;
    }
    entries.forEach((key, item) -> {
      String shownKey = scalar(key);
      ValueType itemType = types.get(key);
      if (isBlock(itemType) && !(itemType instanceof ListType)) {
        List<String> nested = new ArrayList<>();
        items(itemType, item, nested);
        if (nested.size() == 1 && nested.get(0).equals("{}")) {
          lines.add(shownKey + ": {}");
        } else {
          lines.add(shownKey + ":");
          nested.forEach(line -> lines.add("  " + line));
        }
      } else {
        lines.add(shownKey + ": " + inline(itemType, item));
      }
    });
  }

  /** A value in flow style: scalars, and lists of them (nested blocks as flow mappings). */
  private static String inline(ValueType type, Object value) {
    if (type instanceof OptionalType optional) {
      return ((Optional<?>) value).map(inner -> inline(optional.element(), inner)).orElse("null");
    }
    if (type instanceof ListType list) {
      return ((List<?>) value).stream().map(item -> inline(list.element(), item))
          .collect(Collectors.joining(", ", "[", "]"));
    }
    if (type instanceof RecordType || type instanceof MapType) {
      Map<String, ValueType> types = new LinkedHashMap<>();
      return entries(type, value, types).entrySet().stream()
          .map(e -> scalar(e.getKey()) + ": " + inline(types.get(e.getKey()), e.getValue()))
          .collect(Collectors.joining(", ", "{", "}"));
    }
    // Words go through scalar() too: YAML 1.1 tools read a plain on, off, yes or no as a
    // boolean, so the mode word `on` is printed quoted to read back as the word.
    Object plain = PlainValue.of(type, value);
    return plain instanceof String text ? scalar(text) : String.valueOf(plain);
  }

  /** A string as a YAML scalar: plain when it reads back as the same string, else quoted. */
  static String scalar(String text) {
    if (PLAIN.matcher(text).matches()
        && new Resolver().resolve(NodeId.scalar, text, true).equals(Tag.STR)) {
      return text;
    }
    StringBuilder quoted = new StringBuilder("\"");
    text.codePoints().forEach(c -> {
      switch (c) {
        case '"' -> quoted.append("\\\"");
        case '\\' -> quoted.append("\\\\");
        case '\n' -> quoted.append("\\n");
        case '\t' -> quoted.append("\\t");
        default -> {
          // U+2028 and U+2029 are line breaks to YAML even inside quotes: written raw, a key
          // holding one broke the text that `config show` prints
          if (c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0xFEFF || (c >= 0xD800 && c <= 0xDFFF)
              || c == 0xFFFE || c == 0xFFFF || c == 0x2028 || c == 0x2029) {
            quoted.append(String.format("\\u%04x", c));
          } else {
            quoted.appendCodePoint(c);
          }
        }
      }
    });
    return quoted.append('"').toString();
  }
}
