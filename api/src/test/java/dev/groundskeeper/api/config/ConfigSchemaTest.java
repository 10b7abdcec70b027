package dev.groundskeeper.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.NoConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ConfigSchemaTest {

  @Doc("Tiny rules.")
  record Tiny(@Doc("How hard.") @OneOf({"block", "off"}) Mode mode,
      @Range(min = 1, max = 9) int cap) {}

  private static final ConfigSpec<Tiny> TINY =
      new ConfigSpec<>("tiny", Tiny.class, new Tiny(Mode.BLOCK, 3));

  @Test
  void schemaOfASmallModelIsExactlyThis() {
    assertThat(ConfigSchema.generate(List.of(TINY))).isEqualTo("""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "Groundskeeper configuration",
          "description": "The repository's .groundskeeper.yaml and the user's \
        groundskeeper/config.yaml: one block per namespace; every key is optional and falls back \
        to the embedded default.",
          "type": [
            "object",
            "null"
          ],
          "additionalProperties": false,
          "properties": {
            "engine": {
              "description": "How the engine runs: what a failing rule turns into, extra rule \
        jars, and which rules run.",
              "type": [
                "object",
                "null"
              ],
              "additionalProperties": false,
              "properties": {
                "on_error": {
                  "description": "What an internal error of a rule turns into: allow (the rule \
        could not judge; the agent is not blocked) or deny.",
                  "type": "string",
                  "enum": [
                    "allow",
                    "deny"
                  ],
                  "default": "allow"
                },
                "plugins": {
                  "description": "Extra rule jars: paths of jars or of directories holding jars.",
                  "type": [
                    "array",
                    "null"
                  ],
                  "default": [],
                  "items": {
                    "type": "string"
                  }
                },
                "include": {
                  "description": "Rule-id globs to run (* any run of characters, ? one); empty \
        means every rule.",
                  "type": [
                    "array",
                    "null"
                  ],
                  "default": [],
                  "items": {
                    "type": "string"
                  }
                },
                "exclude": {
                  "description": "Rule-id globs never to run; exclusion wins over inclusion.",
                  "type": [
                    "array",
                    "null"
                  ],
                  "default": [],
                  "items": {
                    "type": "string"
                  }
                }
              }
            },
            "tiny": {
              "description": "Tiny rules.",
              "type": [
                "object",
                "null"
              ],
              "additionalProperties": false,
              "properties": {
                "mode": {
                  "description": "How hard.",
                  "type": "string",
                  "enum": [
                    "block",
                    "off"
                  ],
                  "default": "block"
                },
                "cap": {
                  "type": "integer",
                  "minimum": 1,
                  "maximum": 9,
                  "default": 3
                }
              }
            }
          }
        }
        """);
  }

  private static JsonNode sample() throws Exception {
    return new ObjectMapper().readTree(ConfigSchema.generate(List.of(SampleConfig.SPEC)))
        .path("properties").path("branches");
  }

  @Test
  void everyTypeMapsToItsSchema() throws Exception {
    JsonNode branches = sample().path("properties");
    assertThat(branches.path("default").toString())
        .isEqualTo("{\"description\":\"The default branch, or auto.\",\"type\":\"string\","
            + "\"default\":\"auto\"}");
    assertThat(branches.path("protected_names").path("default").toString())
        .isEqualTo("[\"main\",\"master\"]");
    assertThat(branches.path("dormancy").path("properties").path("preset").toString())
        .isEqualTo("{\"type\":\"string\",\"enum\":[\"standard\",\"strict\"],"
            + "\"default\":\"standard\"}");
    assertThat(branches.path("dormancy").path("properties").path("advisory_days").toString())
        .isEqualTo("{\"type\":[\"integer\",\"null\"],\"minimum\":1,\"default\":null}");
    assertThat(branches.path("wip").path("properties").path("mode").path("enum").toString())
        .isEqualTo("[\"block\",\"warn\",\"off\"]");
    assertThat(branches.path("lanes").toString()).isEqualTo("{\"type\":[\"object\",\"null\"],"
        + "\"default\":{},\"additionalProperties\":{\"type\":[\"object\",\"null\"],"
        + "\"additionalProperties\":false,\"properties\":{\"base\":{\"type\":\"string\"},"
        + "\"cap\":{\"type\":\"integer\",\"minimum\":1},\"owners\":{\"type\":[\"array\","
        + "\"null\"],\"items\":{\"type\":\"string\"}}}}}");
    assertThat(branches.path("ratio").toString()).isEqualTo("{\"type\":\"number\","
        + "\"minimum\":0.0,\"maximum\":1.0,\"default\":0.5}");
    assertThat(branches.path("budget_ms").toString())
        .isEqualTo("{\"type\":\"integer\",\"default\":3000}");
    assertThat(branches.path("since").toString()).isEqualTo("{\"type\":[\"string\",\"null\"],"
        + "\"format\":\"date-time\",\"default\":null}");
    assertThat(sample().path("description").asText()).isEqualTo("Branch limits for the tests.");
  }

  @Test
  void everyObjectOfARecordForbidsUnknownKeys() throws Exception {
    JsonNode schema = new ObjectMapper().readTree(ConfigSchema.generate(List.of(
        SampleConfig.SPEC, new ConfigSpec<>("quiet", NoConfig.class, NoConfig.INSTANCE))));
    List<String> open = new ArrayList<>();
    collectOpenObjects(schema, "", open);
    assertThat(open).containsExactly("/properties/branches/properties/lanes");
    assertThat(schema.path("properties").path("quiet").path("properties").size()).isZero();
  }

  private static void collectOpenObjects(JsonNode node, String at, List<String> open) {
    if (node.has("properties") && !node.path("additionalProperties").isBoolean()) {
      open.add(at);
    }
    if (node.path("additionalProperties").isObject()) {
      open.add(at);
    }
    node.fields().forEachRemaining(field -> {
      if (field.getValue().isObject()) {
        collectOpenObjects(field.getValue(), at + "/" + field.getKey(), open);
      }
    });
  }

  @Test
  void outputIsStableWhateverTheSpecOrder() {
    ConfigSpec<NoConfig> quiet = new ConfigSpec<>("quiet", NoConfig.class, NoConfig.INSTANCE);
    assertThat(ConfigSchema.generate(List.of(quiet, SampleConfig.SPEC, TINY)))
        .isEqualTo(ConfigSchema.generate(List.of(TINY, SampleConfig.SPEC, quiet)))
        .isEqualTo(ConfigSchema.generate(Set.of(TINY, quiet, SampleConfig.SPEC)));
  }

  record Unsupported(java.io.File file) {}

  @Test
  void anUnsupportedComponentTypeIsTheProvidersMistake() {
    assertThatThrownBy(() -> ConfigSchema.generate(List.of(new ConfigSpec<>("odd",
        Unsupported.class, new Unsupported(new java.io.File("x"))))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("configuration record " + Unsupported.class.getName()
            + ", component file: unsupported type java.io.File");
  }
}
