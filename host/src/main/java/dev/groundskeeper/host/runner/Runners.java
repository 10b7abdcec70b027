package dev.groundskeeper.host.runner;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.API;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The built-in runner adapters, and how a payload's runner is told when no one names it. Order
 * matters for detection: the runners with a distinctive field are asked first, Claude Code (any
 * capitalised hook name) last.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class Runners {

  /** Claude Code's hooks ({@code --runner claude}). */
  public static final RunnerAdapter CLAUDE_CODE = new ClaudeCodeAdapter();
  /** Codex CLI's hooks ({@code --runner codex}). */
  public static final RunnerAdapter CODEX = new CodexAdapter();
  /** Gemini CLI's hooks ({@code --runner gemini}). */
  public static final RunnerAdapter GEMINI = new GeminiAdapter();
  /** Cursor's hooks ({@code --runner cursor}). */
  public static final RunnerAdapter CURSOR = new CursorAdapter();

  private static final List<RunnerAdapter> ALL = List.of(CURSOR, GEMINI, CODEX, CLAUDE_CODE);

  private Runners() {}

  /** {@return every built-in adapter, in detection order} */
  public static List<RunnerAdapter> all() {
    return ALL;
  }

  /**
   * The built-in adapter of a name, as {@code --runner} takes it.
   *
   * @param name {@code claude}, {@code codex}, {@code gemini} or {@code cursor}, in any case
   * @return the adapter; empty for any other name
   */
  public static Optional<RunnerAdapter> named(String name) {
    String wanted = name.toLowerCase(Locale.ROOT);
    return ALL.stream().filter(a -> a.name().equals(wanted)).findFirst();
  }

  /**
   * {@return the names {@link #named} accepts, for messages: {@code claude|codex|gemini|cursor}}
   */
  public static String names() {
    return List.of(CLAUDE_CODE, CODEX, GEMINI, CURSOR).stream().map(RunnerAdapter::name)
        .collect(Collectors.joining("|"));
  }

  /**
   * Tells a payload's runner when no one names it.
   *
   * @param payload the parsed hook payload
   * @return the first adapter, in {@link #all()}'s order, that recognizes it; empty for a shape
   *     none knows or a payload that is not an object
   */
  public static Optional<RunnerAdapter> detect(JsonNode payload) {
    if (!payload.isObject()) {
      return Optional.empty();
    }
    return ALL.stream().filter(a -> a.recognizes(payload)).findFirst();
  }

  /**
   * The top-level strings, numbers, booleans and nulls of a JSON object read from its start as
   * far as it is well formed ({@code nested values skipped}): enough to tell the runner and the
   * hook of a payload too large to read whole. Nested values are left out (as an empty object or
   * array); an unreadable start gives an empty object. Never throws for malformed input.
   *
   * @param prefix the bytes read of the payload
   * @param length how many of them to parse, from the start
   * @return a new object with the fields read; empty when the start is not an object
   */
  public static ObjectNode topLevel(byte[] prefix, int length) {
    ObjectNode node = Mapping.object();
    try (JsonParser parser = Mapping.MAPPER.getFactory().createParser(prefix, 0, length)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return node;
      }
      JsonToken token;
      while ((token = parser.nextToken()) == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        if (value == JsonToken.START_OBJECT) {
          node.putObject(field);
          parser.skipChildren();
        } else if (value == JsonToken.START_ARRAY) {
          node.putArray(field);
          parser.skipChildren();
        } else if (value == JsonToken.VALUE_STRING) {
          node.put(field, parser.getText());
        } else if (value == JsonToken.VALUE_NULL) {
          node.putNull(field);
        } else if (value == JsonToken.VALUE_TRUE || value == JsonToken.VALUE_FALSE) {
          node.put(field, parser.getBooleanValue());
        } else if (value != null && value.isNumeric()) {
          node.put(field, parser.getText());
        } else {
          break;
        }
      }
    } catch (IOException e) {
      // As far as it was well formed: what was read is kept.
    }
    return node;
  }
}
