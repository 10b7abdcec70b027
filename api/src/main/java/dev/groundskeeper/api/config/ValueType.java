package dev.groundskeeper.api.config;

import dev.groundskeeper.api.Mode;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The shape of one configuration value as the binder, the renderer and the schema generator see
 * it. Built once per record component from its generic type and its annotations, so the three
 * cannot disagree about what a key accepts.
 */
sealed interface ValueType {

  /** What a user must write, for "expected ..." messages. */
  String expected();

  /** Modes accepted when a {@code Mode} component does not say otherwise. */
  List<String> DEFAULT_MODE_WORDS = List.of("block", "advise", "off");

  enum Kind { BOOLEAN, INT, LONG, DOUBLE, STRING, INSTANT }

  /** Inclusive numeric bounds; infinite when unbounded. */
  record Bounds(double min, double max) {
    static final Bounds NONE = new Bounds(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);

    boolean bounded() {
      return !equals(NONE);
    }

    boolean contains(double value) {
      return value >= min && value <= max;
    }

    String describe() {
      if (min != Double.NEGATIVE_INFINITY && max != Double.POSITIVE_INFINITY) {
        return "between " + number(min) + " and " + number(max);
      }
      return min != Double.NEGATIVE_INFINITY ? "at least " + number(min) : "at most " + number(max);
    }

    static String number(double value) {
      return value == Math.rint(value) && Math.abs(value) < 1e15
          ? Long.toString((long) value) : Double.toString(value);
    }
  }

  /** A free-text shape from {@link Matches}: the compiled expression and what it means. */
  record TextShape(Pattern pattern, String description) {
    static TextShape of(Matches matches) {
      return new TextShape(Pattern.compile(matches.value()), matches.description());
    }

    boolean accepts(String text) {
      return pattern.matcher(text).matches();
    }
  }

  record Scalar(Kind kind, Bounds bounds, List<String> words, Optional<TextShape> shape)
      implements ValueType {
    public Scalar {
      words = List.copyOf(words);
    }

    @Override
    public String expected() {
      String base = switch (kind) {
        case BOOLEAN -> "`true` or `false`";
        case INT, LONG -> "an integer";
        case DOUBLE -> "a number";
        case STRING -> !words.isEmpty() ? "one of " + quoteAll(words)
            : shape.map(TextShape::description).orElse("a string");
        case INSTANT -> "an ISO-8601 timestamp such as `2026-01-31T12:00:00Z`";
      };
      return bounds.bounded() ? base + " " + bounds.describe() : base;
    }
  }

  record EnumType(Class<?> type, List<String> words) implements ValueType {
    static EnumType of(Class<?> type) {
      List<String> words = Arrays.stream(type.getEnumConstants())
          .map(constant -> ((Enum<?>) constant).name().toLowerCase(Locale.ROOT))
          .collect(Collectors.toUnmodifiableList());
      return new EnumType(type, words);
    }

    Object constant(String word) {
      return type.getEnumConstants()[words.indexOf(word)];
    }

    static String word(Object constant) {
      return ((Enum<?>) constant).name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String expected() {
      return "one of " + quoteAll(words);
    }
  }

  record ModeType(List<String> words) implements ValueType {
    public ModeType {
      words = List.copyOf(words);
    }

    @Override
    public String expected() {
      return "one of " + quoteAll(words);
    }
  }

  record ListType(ValueType element) implements ValueType {
    @Override
    public String expected() {
      return "a list of " + plural(element);
    }
  }

  record MapType(ValueType value) implements ValueType {
    @Override
    public String expected() {
      return "a mapping of names to " + plural(value);
    }
  }

  record OptionalType(ValueType element) implements ValueType {
    @Override
    public String expected() {
      return element.expected() + " or `null`";
    }
  }

  record RecordType(Class<?> type) implements ValueType {
    RecordModel model() {
      return RecordModel.of(type);
    }

    @Override
    public String expected() {
      List<String> keys = model().keys();
      return keys.isEmpty() ? "an empty mapping" : "a mapping with keys " + String.join(", ", keys);
    }
  }

  /** The type in the plural, for lists and map values: "integers at least 1", "strings". */
  private static String plural(ValueType type) {
    if (type instanceof Scalar scalar) {
      String base = switch (scalar.kind()) {
        case BOOLEAN -> "`true` or `false` values";
        case INT, LONG -> "integers";
        case DOUBLE -> "numbers";
        case STRING -> scalar.words().isEmpty() ? "strings"
            : "words among " + quoteAll(scalar.words());
        case INSTANT -> "ISO-8601 timestamps";
      };
      return scalar.bounds().bounded() ? base + " " + scalar.bounds().describe() : base;
    }
    if (type instanceof EnumType enumType) {
      return "words among " + quoteAll(enumType.words());
    }
    if (type instanceof ModeType mode) {
      return "words among " + quoteAll(mode.words());
    }
    if (type instanceof ListType) {
      return "lists";
    }
    return "mappings";
  }

  static String quoteAll(List<String> words) {
    return words.stream().map(w -> "`" + w + "`").collect(Collectors.joining(", "));
  }

  /**
   * The value type of a component's generic type, with the component's {@link Range},
   * {@link OneOf} and {@link Matches} pushed down to the scalar they constrain.
   *
   * @throws IllegalArgumentException for a type the binder does not support
   */
  static ValueType of(Type type, Optional<Range> range, Optional<OneOf> oneOf,
      Optional<Matches> matches) {
    if (type instanceof ParameterizedType parameterized
        && parameterized.getRawType() instanceof Class<?> raw) {
      Type[] arguments = parameterized.getActualTypeArguments();
      if (raw == List.class) {
        return new ListType(of(arguments[0], range, oneOf, matches));
      }
      if (raw == Map.class) {
        if (arguments[0] != String.class) {
          throw new IllegalArgumentException("map keys must be String, not " + arguments[0]);
        }
        return new MapType(of(arguments[1], range, oneOf, matches));
      }
      if (raw == Optional.class) {
        ValueType element = of(arguments[0], range, oneOf, matches);
        if (!(element instanceof Scalar || element instanceof EnumType
            || element instanceof ModeType)) {
          throw new IllegalArgumentException(
              "Optional holds a single value (a scalar, enum or Mode), not " + arguments[0]);
        }
        return new OptionalType(element);
      }
      throw new IllegalArgumentException("unsupported generic type " + type);
    }
    if (!(type instanceof Class<?> raw)) {
      throw new IllegalArgumentException("unsupported type " + type);
    }
    Kind kind = kindOf(raw);
    if (kind != null) {
      boolean numeric = kind == Kind.INT || kind == Kind.LONG || kind == Kind.DOUBLE;
      if (range.isPresent() && !numeric) {
        throw new IllegalArgumentException("@Range applies to numbers, not " + raw.getName());
      }
      if (oneOf.isPresent() && kind != Kind.STRING) {
        throw new IllegalArgumentException("@OneOf applies to String and Mode, not "
            + raw.getName());
      }
      if (matches.isPresent() && (kind != Kind.STRING || oneOf.isPresent())) {
        throw new IllegalArgumentException("@Matches applies to free-text String keys, not "
            + (oneOf.isPresent() ? "one with @OneOf" : raw.getName()));
      }
      Bounds bounds = range.map(r -> new Bounds(r.min(), r.max())).orElse(Bounds.NONE);
      if (bounds.min() > bounds.max()) {
        throw new IllegalArgumentException("@Range min is above max");
      }
      return new Scalar(kind, bounds, oneOf.map(o -> List.of(o.value())).orElse(List.of()),
          matches.map(TextShape::of));
    }
    if (range.isPresent()) {
      throw new IllegalArgumentException("@Range applies to numbers, not " + raw.getName());
    }
    if (matches.isPresent()) {
      throw new IllegalArgumentException("@Matches applies to free-text String keys, not "
          + raw.getName());
    }
    if (raw == Mode.class) {
      List<String> words = oneOf.map(o -> List.of(o.value())).orElse(DEFAULT_MODE_WORDS);
      words.forEach(Mode::of);
      return new ModeType(words);
    }
    if (oneOf.isPresent()) {
      throw new IllegalArgumentException("@OneOf applies to String and Mode, not "
          + raw.getName());
    }
    if (raw.isEnum()) {
      return EnumType.of(raw);
    }
    if (raw.isRecord()) {
      return new RecordType(raw);
    }
    throw new IllegalArgumentException("unsupported type " + raw.getName());
  }

  private static Kind kindOf(Class<?> raw) {
    if (raw == boolean.class || raw == Boolean.class) {
      return Kind.BOOLEAN;
    }
    if (raw == int.class || raw == Integer.class) {
      return Kind.INT;
    }
    if (raw == long.class || raw == Long.class) {
      return Kind.LONG;
    }
    if (raw == double.class || raw == Double.class) {
      return Kind.DOUBLE;
    }
    if (raw == String.class) {
      return Kind.STRING;
    }
    if (raw == Instant.class) {
      return Kind.INSTANT;
    }
    return null;
  }
}
