package dev.groundskeeper.cli.install;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A JSON document as text, with the offsets of every value, so that a settings file can be
 * changed by splicing: only the characters of what is added or removed change, and everything
 * else (key order, indentation, spacing, comments where the runner allows them) stays byte for
 * byte. A general-purpose JSON library re-prints the whole file, which is why this is not one.
 *
 * <p>Values are parsed strictly (RFC 8259; duplicate keys refused, since which one a runner
 * keeps is unknown); {@code //} and {@code /* *}{@code /} comments only when the runner's own
 * reader strips them (Gemini CLI).
 */
final class JsonText {

  /** A value and where it is: {@code start} inclusive, {@code end} exclusive. */
  sealed interface Value permits Obj, Arr, Scalar {
    int start();

    int end();

    /** The value itself, for comparisons. */
    JsonNode node();
  }

  /** One member of an object: its key's opening quote is where the member starts. */
  record Member(String key, int start, Value value) {}

  record Obj(int start, int end, List<Member> members, ObjectNode node) implements Value {
    Optional<Member> member(String key) {
      return members.stream().filter(m -> m.key().equals(key)).findFirst();
    }

    int indexOf(String key) {
      for (int i = 0; i < members.size(); i++) {
        if (members.get(i).key().equals(key)) {
          return i;
        }
      }
      return -1;
    }
  }

  record Arr(int start, int end, List<Value> elements, ArrayNode node) implements Value {}

  record Scalar(int start, int end, JsonNode node) implements Value {}

  /** Bad JSON: where (1-based) and what. */
  static final class Malformed extends Exception {
    final int line;
    final int column;

    Malformed(String message, int line, int column) {
      super(line + ":" + column + ": " + message);
      this.line = line;
      this.column = column;
    }
  }

  /** How the file is written, for what is added to it. */
  record Style(String unit, String newline) {
    static final Style DEFAULT = new Style("  ", "\n");
  }

  private final String text;
  private final boolean comments;
  private int at;

  private JsonText(String text, boolean comments) {
    this.text = text;
    this.comments = comments;
  }

  /** Parses a whole document: one value, nothing but whitespace (and comments) around it. */
  static Value parse(String text, boolean comments) throws Malformed {
    JsonText parser = new JsonText(text, comments);
    if (text.startsWith("\uFEFF")) {
      parser.at = 1;
    }
    parser.skip();
    if (parser.at >= text.length()) {
      throw parser.error("the file holds no JSON value");
    }
    Value value = parser.value(0);
    parser.skip();
    if (parser.at < text.length()) {
      throw parser.error("unexpected text after the JSON value");
    }
    return value;
  }

  private Value value(int depth) throws Malformed {
    if (depth > 200) {
      throw error("nested too deeply");
    }
    char c = text.charAt(at);
    return switch (c) {
      case '{' -> object(depth);
      case '[' -> array(depth);
      case '"' -> {
        int start = at;
        String s = string();
        yield new Scalar(start, at, JsonNodeFactory.instance.textNode(s));
      }
      case 't' -> literal("true", JsonNodeFactory.instance.booleanNode(true));
      case 'f' -> literal("false", JsonNodeFactory.instance.booleanNode(false));
      case 'n' -> literal("null", JsonNodeFactory.instance.nullNode());
      default -> {
        if (c == '-' || (c >= '0' && c <= '9')) {
          yield number();
        }
        throw error("unexpected character '" + c + "'");
      }
    };
  }

  private Obj object(int depth) throws Malformed {
    int start = at++;
    List<Member> members = new ArrayList<>();
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    Set<String> keys = new HashSet<>();
    skip();
    if (peek() == '}') {
      at++;
      return new Obj(start, at, List.of(), node);
    }
    while (true) {
      skip();
      if (peek() != '"') {
        throw error("expected a key in quotes");
      }
      int keyStart = at;
      String key = string();
      if (!keys.add(key)) {
        at = keyStart;
        throw error("the key \"" + key + "\" appears twice in one object");
      }
      skip();
      if (peek() != ':') {
        throw error("expected ':' after the key \"" + key + "\"");
      }
      at++;
      skip();
      requireMore();
      Value value = value(depth + 1);
      members.add(new Member(key, keyStart, value));
      node.set(key, value.node());
      skip();
      char c = peek();
      at++;
      if (c == '}') {
        return new Obj(start, at, List.copyOf(members), node);
      }
      if (c != ',') {
        at--;
        throw error("expected ',' or '}'");
      }
    }
  }

  private Arr array(int depth) throws Malformed {
    int start = at++;
    List<Value> elements = new ArrayList<>();
    ArrayNode node = JsonNodeFactory.instance.arrayNode();
    skip();
    if (peek() == ']') {
      at++;
      return new Arr(start, at, List.of(), node);
    }
    while (true) {
      skip();
      requireMore();
      Value value = value(depth + 1);
      elements.add(value);
      node.add(value.node());
      skip();
      char c = peek();
      at++;
      if (c == ']') {
        return new Arr(start, at, List.copyOf(elements), node);
      }
      if (c != ',') {
        at--;
        throw error("expected ',' or ']'");
      }
    }
  }

  private String string() throws Malformed {
    StringBuilder out = new StringBuilder();
    at++; // the opening quote
    while (true) {
      if (at >= text.length()) {
        throw error("a string is not closed");
      }
      char c = text.charAt(at++);
      if (c == '"') {
        return out.toString();
      }
      if (c < 0x20) {
        at--;
        throw error("a control character inside a string");
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      requireMore();
      char e = text.charAt(at++);
      switch (e) {
        case '"', '\\', '/' -> out.append(e);
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'u' -> {
          if (at + 4 > text.length()) {
            throw error("a \\u escape needs four hex digits");
          }
          try {
            out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
          } catch (NumberFormatException bad) {
            throw error("a \\u escape needs four hex digits");
          }
          at += 4;
        }
        default -> {
          at--;
          throw error("an unknown escape \\" + e);
        }
      }
    }
  }

  private Scalar number() throws Malformed {
    int start = at;
    if (peek() == '-') {
      at++;
    }
    if (peek() == '0') {
      at++;
    } else if (Character.isDigit(peek())) {
      while (Character.isDigit(peek())) {
        at++;
      }
    } else {
      throw error("a number needs digits");
    }
    if (peek() == '.') {
      at++;
      if (!Character.isDigit(peek())) {
        throw error("a number needs digits after '.'");
      }
      while (Character.isDigit(peek())) {
        at++;
      }
    }
    if (peek() == 'e' || peek() == 'E') {
      at++;
      if (peek() == '+' || peek() == '-') {
        at++;
      }
      if (!Character.isDigit(peek())) {
        throw error("a number needs digits in its exponent");
      }
      while (Character.isDigit(peek())) {
        at++;
      }
    }
    BigDecimal value = new BigDecimal(text.substring(start, at));
    JsonNode node;
    try {
      long whole = value.longValueExact();
      // as Jackson reads it, so that 30 in a file equals the 30 of a value built in code
      node = whole == (int) whole ? JsonNodeFactory.instance.numberNode((int) whole)
          : JsonNodeFactory.instance.numberNode(whole);
    } catch (ArithmeticException notWhole) {
      node = JsonNodeFactory.instance.numberNode(value);
    }
    return new Scalar(start, at, node);
  }

  private Scalar literal(String word, JsonNode node) throws Malformed {
    if (!text.startsWith(word, at)) {
      throw error("unexpected text (expected " + word + ")");
    }
    int start = at;
    at += word.length();
    return new Scalar(start, at, node);
  }

  /** Skips whitespace, and comments where they are allowed. */
  private void skip() throws Malformed {
    while (at < text.length()) {
      char c = text.charAt(at);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        at++;
      } else if (c == '/' && at + 1 < text.length()
          && (text.charAt(at + 1) == '/' || text.charAt(at + 1) == '*')) {
        if (!comments) {
          throw error("a comment; this runner reads its settings as strict JSON");
        }
        if (text.charAt(at + 1) == '/') {
          int end = text.indexOf('\n', at);
          at = end < 0 ? text.length() : end;
        } else {
          int end = text.indexOf("*/", at + 2);
          if (end < 0) {
            throw error("a comment is not closed");
          }
          at = end + 2;
        }
      } else {
        return;
      }
    }
  }

  private char peek() throws Malformed {
    requireMore();
    return text.charAt(at);
  }

  private void requireMore() throws Malformed {
    if (at >= text.length()) {
      throw error("the file ends in the middle of a value");
    }
  }

  private Malformed error(String message) {
    int line = 1;
    int column = 1;
    for (int i = 0; i < Math.min(at, text.length()); i++) {
      if (text.charAt(i) == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
    }
    return new Malformed(message, line, column);
  }

  // ------------------------------------------------------------------------------------------
  // Edits. Each returns the new text; callers parse again before the next edit.

  /** The indentation unit and line ending the file already uses. */
  static Style style(String text) {
    String newline = text.contains("\r\n") ? "\r\n" : "\n";
    for (String line : text.split("\n")) {
      int i = 0;
      while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
        i++;
      }
      if (i > 0 && i < line.length()) {
        return new Style(line.substring(0, i), newline);
      }
    }
    return new Style(Style.DEFAULT.unit(), newline);
  }

  /** Appends {@code key: value} as the last member of {@code object}. */
  static String appendMember(String text, Obj object, String key, JsonNode value, Style style) {
    String quoted = quote(key) + ": ";
    if (object.members().isEmpty()) {
      return intoEmpty(text, object, quoted, value, style);
    }
    Member last = object.members().get(object.members().size() - 1);
    return after(text, last.start(), last.value().end(), quoted, value, style);
  }

  /** Appends {@code value} as the last element of {@code array}. */
  static String appendElement(String text, Arr array, JsonNode value, Style style) {
    if (array.elements().isEmpty()) {
      return intoEmpty(text, array, "", value, style);
    }
    Value last = array.elements().get(array.elements().size() - 1);
    return after(text, last.start(), last.end(), "", value, style);
  }

  /** Removes member {@code index} of {@code object} with its separator. */
  static String removeMember(String text, Obj object, int index) {
    List<int[]> spans = new ArrayList<>();
    for (Member m : object.members()) {
      spans.add(new int[] {m.start(), m.value().end()});
    }
    return remove(text, object, spans, index);
  }

  /** Removes element {@code index} of {@code array} with its separator. */
  static String removeElement(String text, Arr array, int index) {
    List<int[]> spans = new ArrayList<>();
    for (Value v : array.elements()) {
      spans.add(new int[] {v.start(), v.end()});
    }
    return remove(text, array, spans, index);
  }

  private static String remove(String text, Value container, List<int[]> spans, int index) {
    if (spans.size() == 1) {
      return text.substring(0, container.start() + 1) + text.substring(container.end() - 1);
    }
    if (index == spans.size() - 1) {
      // the separator before it: from the end of the previous child
      return text.substring(0, spans.get(index - 1)[1]) + text.substring(spans.get(index)[1]);
    }
    return text.substring(0, spans.get(index)[0]) + text.substring(spans.get(index + 1)[0]);
  }

  private static String after(String text, int childStart, int childEnd, String prefix,
      JsonNode value, Style style) {
    Optional<String> indent = lineIndentBefore(text, childStart);
    String insert;
    if (indent.isPresent()) {
      insert = "," + style.newline() + indent.get() + prefix
          + render(value, indent.get(), style);
    } else {
      // the container is written on one line: stay on it
      insert = ", " + prefix + render(value, lineIndentOf(text, childStart), style);
    }
    return text.substring(0, childEnd) + insert + text.substring(childEnd);
  }

  private static String intoEmpty(String text, Value container, String prefix, JsonNode value,
      Style style) {
    String outer = lineIndentOf(text, container.start());
    String inner = outer + style.unit();
    return text.substring(0, container.start() + 1) + style.newline() + inner + prefix
        + render(value, inner, style) + style.newline() + outer
        + text.substring(container.end() - 1);
  }

  /** The whitespace before {@code offset} when only whitespace precedes it on its line. */
  private static Optional<String> lineIndentBefore(String text, int offset) {
    int i = offset;
    while (i > 0 && (text.charAt(i - 1) == ' ' || text.charAt(i - 1) == '\t')) {
      i--;
    }
    if (i == 0 || text.charAt(i - 1) == '\n') {
      return Optional.of(text.substring(i, offset));
    }
    return Optional.empty();
  }

  /** The leading whitespace of the line {@code offset} is on. */
  private static String lineIndentOf(String text, int offset) {
    int lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    int i = lineStart;
    while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
      i++;
    }
    return text.substring(lineStart, i);
  }

  /** {@code value} written in the file's style, its nested lines under {@code indent}. */
  static String render(JsonNode value, String indent, Style style) {
    StringBuilder out = new StringBuilder();
    render(value, indent, style, out);
    return out.toString();
  }

  private static void render(JsonNode value, String indent, Style style, StringBuilder out) {
    if (value.isObject()) {
      if (value.isEmpty()) {
        out.append("{}");
        return;
      }
      out.append('{');
      String inner = indent + style.unit();
      Iterator<Map.Entry<String, JsonNode>> fields = value.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        out.append(style.newline()).append(inner).append(quote(field.getKey())).append(": ");
        render(field.getValue(), inner, style, out);
        if (fields.hasNext()) {
          out.append(',');
        }
      }
      out.append(style.newline()).append(indent).append('}');
    } else if (value.isArray()) {
      if (value.isEmpty()) {
        out.append("[]");
        return;
      }
      out.append('[');
      String inner = indent + style.unit();
      for (int i = 0; i < value.size(); i++) {
        out.append(style.newline()).append(inner);
        render(value.get(i), inner, style, out);
        if (i < value.size() - 1) {
          out.append(',');
        }
      }
      out.append(style.newline()).append(indent).append(']');
    } else if (value.isTextual()) {
      out.append(quote(value.asText()));
    } else {
      out.append(value.toString());
    }
  }

  static String quote(String s) {
    StringBuilder out = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }
}
