package dev.groundskeeper.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The mutations the hook fuzzers apply to a runner's payload. Two kinds:
 *
 * <ul>
 *   <li>{@link #anything}: whatever a broken runner, a broken pipe or a hostile byte could make of
 *       it (cut, a byte replaced, NUL and invalid UTF-8, any field of another type or removed, a
 *       huge field, nesting past the JSON reader's limit, an unknown event or tool);
 *   <li>{@link #keepingTheLoss}: changes that leave what a guard needs to judge the call (the
 *       event, the tool, the command, the directory: the {@code needed} paths) as it was, so the
 *       payload still asks to run a loss command and must still be refused: every other field of
 *       another type, removed, huge, nested, holding NUL, control bytes, lone surrogates or bidi
 *       overrides; unknown fields; and the same JSON written differently (whitespace, {@code \\u}
 *       escapes of any character, a byte order mark).
 * </ul>
 */
final class PayloadMutator {

  /** Below the JSON reader's nesting limit (1,000 with the root), so a loss stays readable. */
  static final int READABLE_DEPTH = 900;

  private PayloadMutator() {}

  record Mutant(byte[] bytes, String how) {}

  /** One mutation that may make the payload unreadable or meaningless. */
  static Mutant anything(ObjectNode payload, Random random) {
    List<String> paths = paths(payload, Set.of());
    String path = paths.get(random.nextInt(paths.size()));
    byte[] json = bytes(payload);
    switch (random.nextInt(11)) {
      case 0 -> {
        int at = random.nextInt(json.length);
        return new Mutant(Arrays.copyOf(json, at), "cut at " + at);
      }
      case 1 -> {
        byte[] flipped = json.clone();
        int at = random.nextInt(flipped.length);
        flipped[at] = (byte) random.nextInt(256);
        return new Mutant(flipped, "byte " + at + " replaced");
      }
      case 2 -> {
        int at = random.nextInt(json.length + 1);
        byte[][] bad = {{0}, {(byte) 0xC3, 0x28}, {(byte) 0xFF}, {(byte) 0xED, (byte) 0xA0,
            (byte) 0x80}, {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80},
            {0x1b, '['}};
        byte[] insert = bad[random.nextInt(bad.length)];
        return new Mutant(insert(json, at, insert), "raw bytes "
            + Arrays.toString(insert) + " at " + at);
      }
      case 3 -> {
        set(payload, path, otherType(random));
        return new Mutant(bytes(payload), path + " of another type");
      }
      case 4 -> {
        remove(payload, path);
        return new Mutant(bytes(payload), path + " removed");
      }
      case 5 -> {
        set(payload, path, Json.MAPPER.getNodeFactory().textNode(huge(random)));
        return new Mutant(bytes(payload), path + " huge");
      }
      case 6 -> {
        int depth = 1000 + random.nextInt(5000);
        String text = new String(json, StandardCharsets.UTF_8);
        text = text.substring(0, text.length() - 1) + ",\"deep\":" + "[".repeat(depth)
            + "]".repeat(depth) + "}";
        return new Mutant(text.getBytes(StandardCharsets.UTF_8), "nested " + depth);
      }
      case 7 -> {
        payload.put("hook_event_name", random.nextBoolean() ? "Unknown" + random.nextInt(100)
            : "unknown" + random.nextInt(100));
        return new Mutant(bytes(payload), "unknown event");
      }
      case 8 -> {
        payload.put("tool_name", "Tool" + random.nextInt(100));
        return new Mutant(bytes(payload), "unknown tool");
      }
      case 9 -> {
        byte[][] whole = {new byte[0], "null".getBytes(StandardCharsets.UTF_8),
            "[]".getBytes(StandardCharsets.UTF_8), "\"x\"".getBytes(StandardCharsets.UTF_8),
            "42".getBytes(StandardCharsets.UTF_8), "{".getBytes(StandardCharsets.UTF_8),
            concat(json, json), concat(json, "garbage".getBytes(StandardCharsets.UTF_8))};
        int which = random.nextInt(whole.length);
        return new Mutant(whole[which], "whole input " + which);
      }
      default -> {
        payload.set("unexpected_" + random.nextInt(100), otherType(random));
        return new Mutant(bytes(payload), "extra field");
      }
    }
  }

  /** One to three changes that leave every {@code needed} path as it is. */
  static Mutant keepingTheLoss(ObjectNode payload, Set<String> needed, Random random) {
    List<String> how = new ArrayList<>();
    int changes = 1 + random.nextInt(3);
    for (int i = 0; i < changes; i++) {
      List<String> free = paths(payload, needed);
      String path = free.isEmpty() ? null : free.get(random.nextInt(free.size()));
      ObjectNode into = random.nextInt(4) == 0 && payload.path("tool_input").isObject()
          ? (ObjectNode) payload.get("tool_input") : payload;
      String extra = "x_" + random.nextInt(1000);
      switch (random.nextInt(7)) {
        case 0 -> {
          if (path != null) {
            set(payload, path, otherType(random));
            how.add(path + " of another type");
          }
        }
        case 1 -> {
          if (path != null) {
            remove(payload, path);
            how.add(path + " removed");
          }
        }
        case 2 -> {
          String text = huge(random);
          if (path != null && random.nextBoolean()) {
            set(payload, path, Json.MAPPER.getNodeFactory().textNode(text));
            how.add(path + " huge (" + text.length() + ")");
          } else {
            into.put(extra, text);
            how.add("huge extra field (" + text.length() + ")");
          }
        }
        case 3 -> {
          int depth = 1 + random.nextInt(READABLE_DEPTH - 2);
          into.set(extra, nested(depth, random.nextBoolean()));
          how.add("extra field nested " + depth);
        }
        case 4 -> {
          String odd = odd(random);
          if (path != null && random.nextBoolean()) {
            set(payload, path, Json.MAPPER.getNodeFactory().textNode(odd));
            how.add(path + " holding control text");
          } else {
            into.put(extra, odd);
            how.add("extra field holding control text");
          }
        }
        case 5 -> {
          into.set(extra, otherType(random));
          how.add("extra field");
        }
        default -> how.add("unchanged");
      }
    }
    byte[] out;
    if (random.nextBoolean()) {
      out = written(payload, random).getBytes(StandardCharsets.UTF_8);
      how.add("written with escapes and whitespace");
    } else {
      out = bytes(payload);
    }
    if (random.nextInt(10) == 0) {
      out = concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, out);
      how.add("byte order mark");
    }
    if (random.nextInt(4) == 0) {
      out = concat(out, "\n \t\r\n".substring(0, 1 + random.nextInt(5))
          .getBytes(StandardCharsets.UTF_8));
      how.add("trailing whitespace");
    }
    return new Mutant(out, String.join(", ", how));
  }

  /**
   * Every path in {@code node} ({@code /a/b}, {@code /a/0}) that neither is one of {@code needed}
   * nor holds one of them.
   */
  static List<String> paths(JsonNode node, Set<String> needed) {
    List<String> paths = new ArrayList<>();
    collect(node, "", needed, paths);
    return paths;
  }

  private static void collect(JsonNode node, String at, Set<String> needed, List<String> out) {
    if (node.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        String path = at + "/" + field.getKey();
        visit(field.getValue(), path, needed, out);
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        visit(node.get(i), at + "/" + i, needed, out);
      }
    }
  }

  private static void visit(JsonNode value, String path, Set<String> needed, List<String> out) {
    if (needed.contains(path)) {
      return; // nor anything inside it (a command given as an argument vector)
    }
    if (needed.stream().noneMatch(n -> n.startsWith(path + "/"))) {
      out.add(path);
    }
    collect(value, path, needed, out);
  }

  /** Replaces the value at {@code path} (whose parent exists). */
  static void set(ObjectNode root, String path, JsonNode value) {
    int cut = path.lastIndexOf('/');
    JsonNode parent = root.at(path.substring(0, cut));
    String last = path.substring(cut + 1);
    if (parent instanceof ObjectNode object) {
      object.set(last, value);
    } else if (parent instanceof ArrayNode array) {
      array.set(Integer.parseInt(last), value);
    }
  }

  static void remove(ObjectNode root, String path) {
    int cut = path.lastIndexOf('/');
    JsonNode parent = root.at(path.substring(0, cut));
    String last = path.substring(cut + 1);
    if (parent instanceof ObjectNode object) {
      object.remove(last);
    } else if (parent instanceof ArrayNode array) {
      array.remove(Integer.parseInt(last));
    }
  }

  /** A value of some JSON type, chosen at random. */
  static JsonNode otherType(Random random) {
    var json = Json.MAPPER.getNodeFactory();
    return switch (random.nextInt(10)) {
      case 0 -> json.numberNode(random.nextInt());
      case 1 -> json.numberNode(random.nextDouble() * 1e300);
      case 2 -> json.numberNode(new java.math.BigInteger("9".repeat(1 + random.nextInt(900))));
      case 3 -> json.booleanNode(random.nextBoolean());
      case 4 -> json.nullNode();
      case 5 -> json.arrayNode().add("x").add(1);
      case 6 -> json.objectNode().put("x", 1);
      case 7 -> json.textNode("");
      case 8 -> json.textNode(odd(random));
      default -> json.arrayNode();
    };
  }

  /** A text of 1 KiB to 1 MiB. */
  static String huge(Random random) {
    return "x".repeat(1 << (10 + random.nextInt(11)));
  }

  /** A short text holding NUL, control bytes, a lone surrogate or a bidi override. */
  static String odd(Random random) {
    String[] parts = {"\u0000", "\u001b[31m", "\u0007", "\r", "\n", "\u009b", "\u202e",
        "\ud800", "\udfff", "\u0085", "\u2028", "\ufeff", "\\", "\"", "../", "%00"};
    StringBuilder text = new StringBuilder("a");
    int n = 1 + random.nextInt(4);
    for (int i = 0; i < n; i++) {
      text.append(parts[random.nextInt(parts.length)]).append('b');
    }
    return text.toString();
  }

  private static JsonNode nested(int depth, boolean arrays) {
    JsonNode node = arrays ? Json.MAPPER.getNodeFactory().arrayNode()
        : Json.MAPPER.getNodeFactory().objectNode();
    for (int i = 1; i < depth; i++) {
      if (arrays) {
        node = Json.MAPPER.getNodeFactory().arrayNode().add(node);
      } else {
        ObjectNode outer = Json.MAPPER.getNodeFactory().objectNode();
        outer.set("a", node);
        node = outer;
      }
    }
    return node;
  }

  /** {@code node} as JSON; a lone surrogate, which UTF-8 cannot hold, as a {@code \\u} escape. */
  static byte[] bytes(JsonNode node) {
    try {
      return Json.MAPPER.writeValueAsBytes(node);
    } catch (JsonProcessingException e) {
      try {
        return Json.MAPPER.writer().with(JsonWriteFeature.ESCAPE_NON_ASCII)
            .writeValueAsBytes(node);
      } catch (JsonProcessingException again) {
        throw new UncheckedIOException(again);
      }
    }
  }

  /**
   * {@code node} as JSON that means the same but is written differently: whitespace between the
   * tokens and some characters of every string (names included) as {@code \\u} escapes.
   */
  static String written(JsonNode node, Random random) {
    StringBuilder out = new StringBuilder();
    write(node, random, out);
    return out.toString();
  }

  private static void write(JsonNode node, Random random, StringBuilder out) {
    space(random, out);
    if (node.isObject()) {
      out.append('{');
      Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
      boolean first = true;
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        if (!first) {
          out.append(',');
        }
        first = false;
        space(random, out);
        string(field.getKey(), random, out);
        space(random, out);
        out.append(':');
        write(field.getValue(), random, out);
      }
      space(random, out);
      out.append('}');
    } else if (node.isArray()) {
      out.append('[');
      for (int i = 0; i < node.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        write(node.get(i), random, out);
      }
      space(random, out);
      out.append(']');
    } else if (node.isTextual()) {
      string(node.asText(), random, out);
    } else {
      out.append(node.toString());
    }
    space(random, out);
  }

  private static void string(String text, Random random, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c == '"' || c == '\\' || Character.isSurrogate(c)
          || random.nextInt(8) == 0) {
        if (c == '/' && random.nextBoolean()) {
          out.append("\\/");
        } else {
          out.append(String.format("\\u%04x", (int) c));
        }
      } else {
        out.append(c);
      }
    }
    out.append('"');
  }

  private static void space(Random random, StringBuilder out) {
    if (random.nextInt(3) == 0) {
      String[] spaces = {" ", "\n", "\t", "\r\n", "  \n\t"};
      out.append(spaces[random.nextInt(spaces.length)]);
    }
  }

  static byte[] insert(byte[] into, int at, byte[] what) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(into, 0, at);
    out.write(what, 0, what.length);
    out.write(into, at, into.length - at);
    return out.toByteArray();
  }

  static byte[] concat(byte[] a, byte[] b) {
    return insert(a, a.length, b);
  }
}
