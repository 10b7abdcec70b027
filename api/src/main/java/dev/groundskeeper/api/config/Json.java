package dev.groundskeeper.api.config;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * Writes plain trees as JSON: two-space indents, {@code \n} line ends, keys in given order.
 *
 * <p>Written by hand so that the api needs no JSON library: the trees it writes (the schema and
 * {@code config show --json}) hold only maps, lists, strings, numbers, booleans and null. The
 * layout is the one the api used to get from Jackson's pretty printer ({@code "key": value},
 * empty containers as {@code {}} and {@code []}, control characters as Jackson escapes them), so
 * checked-in copies such as {@code docs/groundskeeper.schema.json} stay byte for byte the same
 * ({@code JsonTest} holds the two writers to one answer).
 */
final class Json {

  private static final String INDENT = "  ";
  private static final String HEX = "0123456789ABCDEF";

  private Json() {}

  /**
   * The tree as JSON text ending in a line feed.
   *
   * @throws IllegalArgumentException when the tree holds a value that is not plain (a map key
   *     that is not a string, or an object of another type)
   */
  static String write(Object tree) {
    StringBuilder out = new StringBuilder();
    value(tree, 0, out);
    return out.append('\n').toString();
  }

  private static void value(Object value, int depth, StringBuilder out) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String text) {
      string(text, out);
    } else if (value instanceof Boolean bool) {
      out.append(bool.booleanValue());
    } else if (value instanceof Integer || value instanceof Long || value instanceof Short
        || value instanceof Byte || value instanceof BigInteger || value instanceof BigDecimal) {
      out.append(value);
    } else if (value instanceof Double || value instanceof Float) {
      double number = ((Number) value).doubleValue();
      // JSON has no NaN or infinity; like Jackson, write them as their names in quotes.
      if (Double.isNaN(number) || Double.isInfinite(number)) {
        string(value.toString(), out);
      } else {
        out.append(value);
      }
    } else if (value instanceof Map<?, ?> map) {
      object(map, depth, out);
    } else if (value instanceof List<?> list) {
      array(list, depth, out);
    } else {
      throw new IllegalArgumentException("not a plain JSON value: a "
          + value.getClass().getName());
    }
  }

  private static void object(Map<?, ?> map, int depth, StringBuilder out) {
    if (map.isEmpty()) {
      out.append("{}");
      return;
    }
    out.append('{');
    boolean first = true;
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      if (!(entry.getKey() instanceof String key)) {
        throw new IllegalArgumentException("not a plain JSON object: a key of type "
            + (entry.getKey() == null ? "null" : entry.getKey().getClass().getName()));
      }
      out.append(first ? "" : ",");
      first = false;
      newline(depth + 1, out);
      string(key, out);
      out.append(": ");
      value(entry.getValue(), depth + 1, out);
    }
    newline(depth, out);
    out.append('}');
  }

  private static void array(List<?> list, int depth, StringBuilder out) {
    if (list.isEmpty()) {
      out.append("[]");
      return;
    }
    out.append('[');
    for (int i = 0; i < list.size(); i++) {
      out.append(i == 0 ? "" : ",");
      newline(depth + 1, out);
      value(list.get(i), depth + 1, out);
    }
    newline(depth, out);
    out.append(']');
  }

  private static void newline(int depth, StringBuilder out) {
    out.append('\n');
    for (int i = 0; i < depth; i++) {
      out.append(INDENT);
    }
  }

  /** Quotes and backslashes escaped; control characters as short or six-character escapes. */
  private static void string(String text, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\b' -> out.append("\\b");
        case '\t' -> out.append("\\t");
        case '\n' -> out.append("\\n");
        case '\f' -> out.append("\\f");
        case '\r' -> out.append("\\r");
        default -> {
          if (c < 0x20) {
            out.append("\\u00").append(HEX.charAt(c >> 4))
                .append(HEX.charAt(c & 0xF));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }
}
