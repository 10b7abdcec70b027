package dev.groundskeeper.cli.branch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The JSON of {@code branch park} and {@code branch clean}: one object on one line (compact), or
 * indented with {@code --pretty}, the style of every verb's {@code --json}.
 */
final class BranchJson {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private BranchJson() {}

  static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  static ArrayNode strings(ObjectNode node, String field, List<String> values) {
    ArrayNode array = node.putArray(field);
    values.forEach(array::add);
    return array;
  }

  static String text(ObjectNode node, boolean pretty) {
    try {
      return pretty ? MAPPER.writer(SerializationFeature.INDENT_OUTPUT).writeValueAsString(node)
          : MAPPER.writeValueAsString(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree could not be written", e);
    }
  }
}
