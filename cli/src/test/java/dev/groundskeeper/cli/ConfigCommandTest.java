package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigCommandTest {

  /** The checked-in schema, relative to this module's directory (where Maven runs the tests). */
  static final Path SCHEMA_FILE = Path.of("..", "docs", "groundskeeper.schema.json");
  static final String REGENERATE =
      "bin/groundskeeper config schema > docs/groundskeeper.schema.json";

  @TempDir
  Path temp;

  Path repo;

  @BeforeEach
  void setUp() throws IOException {
    repo = Files.createDirectories(temp.resolve("repo"));
    Files.createDirectories(repo.resolve(".git"));
  }

  @Test
  void showNamesTheLayerOfEveryValue() throws IOException {
    Path userFile = temp.resolve("xdg/groundskeeper/config.yaml");
    Files.createDirectories(userFile.getParent());
    Files.writeString(userFile, "engine:\n  on_error: deny\n");
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "engine:\n  exclude: [clitest.notes]\n");
    CliRunner.Result result = new CliRunner(temp).run(repo, "config", "show");
    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out()).startsWith("# layers, weakest first: default, user (" + userFile
        + "), repository (" + repo.resolve(".groundskeeper.yaml") + ")\n")
        .containsPattern("on_error: deny +# from user\n")
        .containsPattern("exclude: \\[clitest.notes\\] +# from repository\n")
        .containsPattern("plugins: \\[\\] +# default\n");
  }

  @Test
  void showJsonHasLayersValuesAndOrigins() throws IOException {
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "engine:\n  on_error: deny\n");
    CliRunner.Result result = new CliRunner(temp).run(repo, "config", "show", "--json");
    assertThat(result.exit()).as(result.err()).isZero();
    JsonNode json = Json.MAPPER.readTree(result.out());
    assertThat(json.get("layers").get(0).get("name").asText()).isEqualTo("repository");
    assertThat(json.get("config").get("engine").get("on_error").asText()).isEqualTo("deny");
    assertThat(json.get("origins").get("engine.on_error").asText()).isEqualTo("repository");
    assertThat(json.get("origins").get("engine.plugins").asText()).isEqualTo("default");
  }

  @Test
  void showRefusesAnInvalidFileWithEveryProblem() throws IOException {
    Files.writeString(repo.resolve(".groundskeeper.yaml"),
        "engine:\n  on_eror: deny\n  plugins: 3\n");
    CliRunner.Result result = new CliRunner(temp).run(repo, "config", "show");
    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.out()).isEmpty();
    assertThat(result.err()).startsWith("groundskeeper config show: invalid configuration (2"
        + " problems):\n  " + repo.resolve(".groundskeeper.yaml") + ":2:3: engine.on_eror: ")
        .contains("did you mean `on_error`?");
  }

  @Test
  void anEngineProblemDoesNotHideTheOtherBlocksProblems() throws IOException {
    Files.writeString(repo.resolve(".groundskeeper.yaml"), """
        engine:
          on_eror: deny
          exclude: [branches.duplicates]
        branches:
          default: 42
        scratch:
          sweep: {baseline_before: "last tuesday"}
        """);
    CliRunner.Result result = CliRunner.builtInRulesOnly(temp).run(repo, "config", "show");
    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err()).contains("invalid configuration (4 problems)")
        .contains(":2:3: engine.on_eror: unknown key")
        .contains(":5:12: branches.default: expected a string, got the number `42`; quote it")
        .contains(":7:28: scratch.sweep.baseline_before: expected an ISO-8601 date or timestamp")
        .contains(":3:12: engine.exclude[0]: `branches.duplicates` matches no rule id")
        .contains("(did you mean `branches.duplicate-stem`?)");
  }

  @Test
  void showQuotesModeWordsThatYamlOneOneReadsAsBooleans() throws IOException {
    CliRunner.Result result = CliRunner.builtInRulesOnly(temp).run(repo, "config", "show");
    assertThat(result.out()).contains("mode: \"on\"").doesNotContain("mode: on ");
  }

  @Test
  void theConfigurationDecidesWhichRulesRun() throws IOException {
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "engine:\n  exclude: [clitest.n*]\n");
    CliRunner.Result result = new CliRunner(temp).run(repo, "rules");
    assertThat(result.output()).contains("clitest.guard").doesNotContain("clitest.notes");
    assertThat(new CliRunner(temp).run(repo, "check", "--", "echo note").exit()).isZero();
  }

  @Test
  void configuredPluginsAreRelativeToTheRepository() throws IOException {
    PluginsTest.jarListing(repo.resolve("tools/flag.jar"), PluginRules.class.getName());
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "engine:\n  plugins: [tools]\n");
    Path sub = Files.createDirectories(repo.resolve("src/deep"));
    // A repository's plugins load only once the person trusts it (trust reads a real one).
    Git.run(repo, "init", "-q");
    CliRunner.Result untrusted = new CliRunner(temp).run(sub, "check", "--", "plugin-check");
    assertThat(untrusted.output()).doesNotContain("the plugin saw it");
    assertThat(new CliRunner(temp).run(sub, "trust").exit()).isZero();
    CliRunner.Result result = new CliRunner(temp).run(sub, "check", "--", "plugin-check");
    assertThat(result.exit()).as(result.err()).isEqualTo(1);
    assertThat(result.output()).endsWith("[clitestplugin.flag] the plugin saw it");
  }

  @Test
  void schemaCoversEveryProviderNamespace() throws IOException {
    CliRunner.Result result = new CliRunner(temp).run(repo, "config", "schema");
    assertThat(result.exit()).as(result.err()).isZero();
    JsonNode schema = Json.MAPPER.readTree(result.out());
    assertThat(schema.get("$schema").asText())
        .isEqualTo("https://json-schema.org/draft/2020-12/schema");
    assertThat(schema.get("properties").fieldNames()).toIterable()
        .containsExactly("engine", "clitest", "log");
  }

  @Test
  void theCheckedInSchemaIsCurrent() throws IOException {
    CliRunner.Result result = CliRunner.builtInRulesOnly(temp).run(repo, "config", "schema");
    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(SCHEMA_FILE).as("docs/groundskeeper.schema.json is missing; generate it with: "
        + REGENERATE).exists();
    String checkedIn = Files.readString(SCHEMA_FILE, StandardCharsets.UTF_8);
    assertThat(checkedIn).as("docs/groundskeeper.schema.json is stale; regenerate it with: "
        + REGENERATE).isEqualTo(result.out());
  }
}
