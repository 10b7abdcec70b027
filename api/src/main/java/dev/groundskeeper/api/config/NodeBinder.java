package dev.groundskeeper.api.config;

import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.config.Problems.Location;
import dev.groundskeeper.api.config.Setting.Block;
import dev.groundskeeper.api.config.Setting.Leaf;
import dev.groundskeeper.api.config.ValueType.EnumType;
import dev.groundskeeper.api.config.ValueType.ListType;
import dev.groundskeeper.api.config.ValueType.MapType;
import dev.groundskeeper.api.config.ValueType.ModeType;
import dev.groundskeeper.api.config.ValueType.OptionalType;
import dev.groundskeeper.api.config.ValueType.RecordType;
import dev.groundskeeper.api.config.ValueType.Scalar;
import java.math.BigInteger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.DumperOptions.ScalarStyle;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Binds one layer's YAML nodes to {@link Setting}s of the typed model, strictly: every unknown
 * key, wrong type, out-of-range value and duplicate key is recorded with its file, line, column
 * and key path, and binding goes on so that all problems are found in one pass.
 */
final class NodeBinder {

  private static final Pattern INTEGER = Pattern.compile("[-+]?[0-9]+");
  private static final Pattern DECIMAL =
      Pattern.compile("[-+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+)?");
  private static final List<String> BOOLEAN_TRUE = List.of("true", "True", "TRUE");
  private static final List<String> BOOLEAN_FALSE = List.of("false", "False", "FALSE");

  private final String layer;
  private final String source;
  private final Problems problems;
  private final Assembler assembler;
  // The nodes being bound right now: an alias may point back at its own container.
  private final Set<Node> open = Collections.newSetFromMap(new IdentityHashMap<>());

  NodeBinder(ConfigLayer layer, Problems problems) {
    this.layer = layer.name();
    this.source = layer.source();
    this.problems = problems;
    this.assembler = new Assembler(problems);
  }

  static String join(String path, String key) {
    return path.isEmpty() ? key : path + "." + key;
  }

  /** A key and its value node from a mapping, after duplicate and key-shape checks. */
  record Entry(String key, Node keyNode, Node value) {}

  Location at(Node node) {
    return Location.of(source, node);
  }

  /**
   * The entries of a mapping in order; a duplicate key or a key that is not a scalar is
   * recorded as a problem and skipped.
   */
  List<Entry> entries(MappingNode mapping, String path) {
    List<Entry> entries = new ArrayList<>();
    Map<String, Node> seen = new HashMap<>();
    for (NodeTuple tuple : mapping.getValue()) {
      Node keyNode = tuple.getKeyNode();
      if (!(keyNode instanceof ScalarNode scalar)) {
        problems.add(at(keyNode), path, "a key must be a plain word, got " + describe(keyNode));
        continue;
      }
      String key = scalar.getValue();
      Node first = seen.putIfAbsent(key, keyNode);
      if (first != null) {
        problems.add(at(keyNode), join(path, key), "duplicate key (first set at line "
            + at(first).line() + ")");
        continue;
      }
      if (keyNode.getTag().equals(Tag.MERGE)) {
        problems.add(at(keyNode), path, "merge keys (`<<`) are not supported; write the keys out");
        continue;
      }
      entries.add(new Entry(key, keyNode, tuple.getValueNode()));
    }
    return entries;
  }

  /** An unknown key: names the valid ones and the nearest of them. */
  void unknownKey(Entry entry, String path, String what, List<String> valid) {
    String expected = valid.isEmpty() ? "this block takes no keys"
        : "expected one of " + String.join(", ", valid);
    problems.addHarmless(at(entry.keyNode()), join(path, entry.key()),
        "unknown " + what + "; " + expected, Nearest.to(entry.key(), valid));
  }

  /**
   * Binds {@code node} as a value of {@code type}; {@code keyAt} is where its key was written.
   * Empty when the value is unusable (the problem is recorded).
   */
  Optional<Setting> bind(ValueType type, Node node, Location keyAt, String path) {
    if (!open.add(node)) {
      problems.add(at(node), path, "a value may not contain itself (through an alias)");
      return Optional.empty();
    }
    try {
      return bindOpen(type, node, keyAt, path);
    } finally {
      open.remove(node);
    }
  }

  private Optional<Setting> bindOpen(ValueType type, Node node, Location keyAt, String path) {
    if (type instanceof RecordType record) {
      return bindBlock(node, keyAt, path, type, (entry, entries) -> {
        Optional<RecordModel.Component> component = record.model().component(entry.key());
        if (component.isEmpty()) {
          unknownKey(entry, path, "key", record.model().keys());
          return;
        }
        bind(component.get().type(), entry.value(), at(entry.keyNode()),
            join(path, entry.key())).ifPresent(s -> entries.put(entry.key(), s));
      });
    }
    if (type instanceof MapType map) {
      return bindBlock(node, keyAt, path, type, (entry, entries) ->
          bind(map.value(), entry.value(), at(entry.keyNode()), join(path, entry.key()))
              .ifPresent(s -> entries.put(entry.key(), s)));
    }
    return value(type, node, path, type).map(value -> new Leaf(value, layer, at(node)));
  }

  private interface EntryBinder {
    void bind(Entry entry, Map<String, Setting> into);
  }

  private Optional<Setting> bindBlock(Node node, Location keyAt, String path, ValueType type,
      EntryBinder binder) {
    if (isNull(node)) {
      return Optional.of(Block.empty(layer, keyAt));
    }
    if (!(node instanceof MappingNode mapping)) {
      problems.add(at(node), path, "expected " + type.expected() + ", got " + describe(node));
      return Optional.empty();
    }
    Map<String, Setting> entries = new LinkedHashMap<>();
    for (Entry entry : entries(mapping, path)) {
      binder.bind(entry, entries);
    }
    return Optional.of(new Block(entries, layer, keyAt));
  }

  /** The value of a leaf; {@code shown} is the type named in messages (the Optional, if any). */
  private Optional<Object> value(ValueType type, Node node, String path, ValueType shown) {
    if (type instanceof OptionalType optional) {
      if (isNull(node)) {
        return Optional.of(Optional.empty());
      }
      return value(optional.element(), node, path, shown).map(Optional::of);
    }
    if (type instanceof ListType list) {
      return list(list, node, path);
    }
    if (!(node instanceof ScalarNode scalar) || isNull(node)) {
      return mismatch(shown, node, path);
    }
    String text = scalar.getValue();
    boolean plain = scalar.getScalarStyle() == ScalarStyle.PLAIN;
    if (type instanceof EnumType enumType) {
      return enumType.words().contains(text) ? Optional.of(enumType.constant(text))
          : word(shown, enumType.words(), node, text, path);
    }
    if (type instanceof ModeType mode) {
      return mode.words().contains(text) ? Optional.of(Mode.of(text))
          : word(shown, mode.words(), node, text, path);
    }
    Scalar kind = (Scalar) type;
    return switch (kind.kind()) {
      case STRING -> !kind.words().isEmpty()
          ? kind.words().contains(text) ? Optional.of(text)
              : word(shown, kind.words(), node, text, path)
          : text(kind, scalar, shown, path);
      case BOOLEAN -> plain && BOOLEAN_TRUE.contains(text) ? Optional.of(Boolean.TRUE)
          : plain && BOOLEAN_FALSE.contains(text) ? Optional.of(Boolean.FALSE)
          : mismatch(shown, node, path);
      case INT -> plain && INTEGER.matcher(text).matches()
          ? bounded(kind, new BigInteger(text), Integer.MIN_VALUE, Integer.MAX_VALUE, node, path)
              .map(BigInteger::intValueExact)
          : mismatch(shown, node, path);
      case LONG -> plain && INTEGER.matcher(text).matches()
          ? bounded(kind, new BigInteger(text), Long.MIN_VALUE, Long.MAX_VALUE, node, path)
              .map(BigInteger::longValueExact)
          : mismatch(shown, node, path);
      case DOUBLE -> plain && DECIMAL.matcher(text).matches()
          ? decimal(kind, Double.parseDouble(text), node, path)
          : mismatch(shown, node, path);
      case INSTANT -> instant(text).<Object>map(i -> i).or(() -> mismatch(shown, node, path));
    };
  }

  private Optional<Object> list(ListType list, Node node, String path) {
    if (isNull(node)) {
      return Optional.of(List.of());
    }
    if (!(node instanceof SequenceNode sequence)) {
      return mismatch(list, node, path);
    }
    List<Object> values = new ArrayList<>();
    boolean complete = true;
    List<Node> items = sequence.getValue();
    for (int i = 0; i < items.size(); i++) {
      Node item = items.get(i);
      String itemPath = path + "[" + i + "]";
      Optional<Object> value = bind(list.element(), item, at(item), itemPath)
          .flatMap(setting -> assembler.build(list.element(), null, setting, itemPath, at(item)));
      value.ifPresent(values::add);
      complete &= value.isPresent();
    }
    return complete ? Optional.of(List.copyOf(values)) : Optional.empty();
  }

  /**
   * A free-text value. A plain scalar that YAML 1.2, which editors check the schema with, reads
   * as a number or as {@code true}/{@code false} ({@code 42}, {@code 1.5}, {@code false}) is
   * refused rather than turned into text: accepting it would make the loader and the schema
   * disagree. Quoted, it is the text it spells. The YAML 1.1 booleans {@code yes}, {@code no},
   * {@code on} and {@code off} are text in YAML 1.2 and stay words here.
   */
  private Optional<Object> text(Scalar kind, ScalarNode scalar, ValueType shown, String path) {
    String text = scalar.getValue();
    Tag tag = scalar.getTag();
    boolean trueOrFalse = tag.equals(Tag.BOOL)
        && (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false"));
    if (scalar.getScalarStyle() == ScalarStyle.PLAIN
        && (tag.equals(Tag.INT) || tag.equals(Tag.FLOAT) || trueOrFalse)) {
      String what = tag.equals(Tag.BOOL) ? "the boolean" : "the number";
      problems.add(at(scalar), path, "expected " + shown.expected() + ", got " + what + " `"
          + text + "`; quote it to mean the text: \"" + text + "\"");
      return Optional.empty();
    }
    if (kind.shape().isPresent() && !kind.shape().get().accepts(text)) {
      return mismatch(shown, scalar, path);
    }
    return Optional.of(text);
  }

  private Optional<BigInteger> bounded(Scalar kind, BigInteger value,
      long min, long max, Node node, String path) {
    if (value.compareTo(BigInteger.valueOf(min)) < 0
        || value.compareTo(BigInteger.valueOf(max)) > 0) {
      problems.add(at(node), path, "must be between " + min + " and " + max + ", got "
          + value);
      return Optional.empty();
    }
    return inBounds(kind, value.doubleValue(), value.toString(), node, path)
        ? Optional.of(value) : Optional.empty();
  }

  private Optional<Object> decimal(Scalar kind, double value, Node node, String path) {
    if (Double.isInfinite(value)) {
      problems.add(at(node), path, "expected a finite number, got `"
          + ((ScalarNode) node).getValue() + "`");
      return Optional.empty();
    }
    return inBounds(kind, value, ((ScalarNode) node).getValue(), node, path)
        ? Optional.of(value) : Optional.empty();
  }

  private boolean inBounds(Scalar kind, double value, String text, Node node, String path) {
    if (kind.bounds().contains(value)) {
      return true;
    }
    problems.add(at(node), path, "must be " + kind.bounds().describe() + ", got " + text);
    return false;
  }

  private static Optional<Instant> instant(String text) {
    try {
      return Optional.of(OffsetDateTime.parse(text).toInstant());
    } catch (DateTimeParseException e) {
      try {
        return Optional.of(Instant.parse(text));
      } catch (DateTimeParseException again) {
        return Optional.empty();
      }
    }
  }

  private Optional<Object> word(ValueType type, List<String> words, Node node, String text,
      String path) {
    problems.add(at(node), path, "expected " + type.expected() + ", got " + describe(node),
        Nearest.to(text, words));
    return Optional.empty();
  }

  private Optional<Object> mismatch(ValueType type, Node node, String path) {
    problems.add(at(node), path, "expected " + type.expected() + ", got " + describe(node));
    return Optional.empty();
  }

  static boolean isNull(Node node) {
    return node instanceof ScalarNode && node.getTag().equals(Tag.NULL);
  }

  /** How a node reads in a message: its text for a scalar, its kind otherwise. */
  static String describe(Node node) {
    if (isNull(node)) {
      return "`null`";
    }
    if (node instanceof ScalarNode scalar) {
      String value = shortened(scalar.getValue());
      return scalar.getScalarStyle() == ScalarStyle.PLAIN ? "`" + value + "`"
          : "the quoted string `" + value + "`";
    }
    return node instanceof SequenceNode ? "a list" : "a mapping";
  }

  /** The most characters of a value an error message repeats. */
  static final int SHOWN_CHARS = 80;

  /**
   * {@code value}, cut to its first {@link #SHOWN_CHARS} characters with its length said when it
   * is longer (found by ConfigFuzzTest: a 200 KiB value was repeated whole in the error).
   */
  static String shortened(String value) {
    if (value.length() <= SHOWN_CHARS) {
      return value;
    }
    int end = Character.isHighSurrogate(value.charAt(SHOWN_CHARS - 1)) ? SHOWN_CHARS - 1
        : SHOWN_CHARS;
    return value.substring(0, end) + "… (" + value.length() + " characters)";
  }
}
