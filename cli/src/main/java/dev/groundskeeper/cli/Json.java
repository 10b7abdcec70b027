package dev.groundskeeper.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Verdict;
import java.util.List;
import java.util.Locale;

/**
 * The command's JSON: one mapper, the one JSON form of verdicts and decisions, and the writing
 * every verb's {@code --json} shares.
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
   * The text of {@code node}: one line, or indented with {@code pretty}.
   *
   * @param node the tree
   * @param pretty whether to indent
   * @return the text
   */
  public static String text(JsonNode node, boolean pretty) {
    return pretty ? pretty(node) : compact(node);
  }

  static ArrayNode array() {
    return MAPPER.createArrayNode();
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
