package dev.groundskeeper.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.host.ProgramWord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The command's JSON: one mapper, the one JSON form of verdicts and decisions, and the writing
 * every verb's {@code --json} shares: one compact line by default, indented with
 * {@code --pretty}, never a {@code null}.
 */
@API(status = API.Status.INTERNAL)
public final class Json {

  static final ObjectMapper MAPPER = new ObjectMapper()
      .disable(JsonParser.Feature.AUTO_CLOSE_SOURCE);

  private Json() {}

  /**
   * A new empty object.
   *
   * @return the object
   */
  public static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  /**
   * Puts {@code values} as an array of strings under {@code field} (empty, never null).
   *
   * @param node the object to put into
   * @param field the field's name
   * @param values the strings
   * @return the array put
   */
  public static ArrayNode strings(ObjectNode node, String field, List<String> values) {
    ArrayNode array = node.putArray(field);
    values.forEach(array::add);
    return array;
  }

  /**
   * The text of {@code node}: one line, or indented with {@code pretty}. No JSON {@code null}
   * is ever printed: a field whose value is absent is left out (and a null element of an array
   * dropped), so a reader tests for a field's presence, never for null.
   *
   * @param node the tree
   * @param pretty whether to indent
   * @return the text
   */
  public static String text(JsonNode node, boolean pretty) {
    JsonNode plain = withoutNulls(node);
    return pretty ? pretty(plain) : compact(plain);
  }

  /**
   * A new empty array.
   *
   * @return the array
   */
  public static ArrayNode array() {
    return MAPPER.createArrayNode();
  }

  /**
   * A plain value (maps, lists, strings, numbers, booleans) as a tree.
   *
   * @param value the value
   * @return the tree
   */
  public static JsonNode tree(Object value) {
    return MAPPER.valueToTree(value);
  }

  /**
   * {@code node} with each {@code groundskeeper VERB} command in its strings written as
   * {@code program} runs it, so that what a --json report recommends runs as printed (as the
   * verb's text form does). Names of things (paths, branches) hold no such command and stay.
   *
   * @param node the tree, changed in place
   * @param program the program word of the call
   * @return the same tree
   */
  public static JsonNode render(JsonNode node, ProgramWord program) {
    if (node instanceof ObjectNode object) {
      List<String> names = new ArrayList<>();
      object.fieldNames().forEachRemaining(names::add);
      for (String name : names) {
        JsonNode child = object.get(name);
        if (child.isTextual()) {
          object.put(name, program.render(child.asText()));
        } else {
          render(child, program);
        }
      }
    } else if (node instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        JsonNode child = array.get(i);
        if (child.isTextual()) {
          array.set(i, TextNode.valueOf(program.render(child.asText())));
        } else {
          render(child, program);
        }
      }
    }
    return node;
  }

  /** A copy of {@code node} with no null field and no null element. */
  static JsonNode withoutNulls(JsonNode node) {
    if (node instanceof ObjectNode object) {
      ObjectNode copy = object();
      object.fields().forEachRemaining(field -> {
        if (!field.getValue().isNull()) {
          copy.set(field.getKey(), withoutNulls(field.getValue()));
        }
      });
      return copy;
    }
    if (node instanceof ArrayNode array) {
      ArrayNode copy = array();
      array.forEach(element -> {
        if (!element.isNull()) {
          copy.add(withoutNulls(element));
        }
      });
      return copy;
    }
    return node;
  }

  static String compact(JsonNode node) {
    try {
      return MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree could not be written", e);
    }
  }

  static String pretty(JsonNode node) {
    try {
      return MAPPER.writer(SerializationFeature.INDENT_OUTPUT).writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree could not be written", e);
    }
  }

  static String word(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  static ObjectNode decision(Decision decision) {
    ObjectNode node = object();
    node.put("outcome", word(decision.outcome()));
    node.put("message", decision.message());
    ArrayNode verdicts = node.putArray("verdicts");
    decision.verdicts().forEach(v -> verdicts.add(verdict(v)));
    return node;
  }

  static ObjectNode verdict(Verdict verdict) {
    ObjectNode node = object();
    node.put("rule", verdict.ruleId());
    node.put("outcome", word(verdict.outcome()));
    node.put("reason", verdict.reason());
    verdict.remedy().ifPresent(remedy -> node.set("remedy", remedy(remedy)));
    ArrayNode findings = node.putArray("findings");
    for (Finding finding : verdict.findings()) {
      findings.addObject()
          .put("kind", word(finding.kind()))
          .put("subject", finding.subject())
          .put("detail", finding.detail());
    }
    ArrayNode effects = node.putArray("effects");
    for (Effect effect : verdict.effects()) {
      effects.add(effect.describe());
    }
    return node;
  }

  private static ObjectNode remedy(Remedy remedy) {
    ObjectNode node = object();
    node.put("description", remedy.description());
    ArrayNode commands = node.putArray("commands");
    remedy.commands().forEach(commands::add);
    return node;
  }
}
