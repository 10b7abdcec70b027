package dev.groundskeeper.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Verdict;
import java.util.Locale;

/** The command's JSON: one mapper, and the one JSON form of verdicts and decisions. */
final class Json {

  static final ObjectMapper MAPPER = new ObjectMapper()
      .disable(JsonParser.Feature.AUTO_CLOSE_SOURCE);

  private Json() {}

  static ObjectNode object() {
    return MAPPER.createObjectNode();
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
