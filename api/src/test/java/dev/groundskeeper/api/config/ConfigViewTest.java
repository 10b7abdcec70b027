package dev.groundskeeper.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ConfigViewTest {

  private static final ConfigLayer USER = new ConfigLayer("user",
      Optional.of(Path.of("/home/u/.config/groundskeeper/config.yaml")), """
      branches:
        wip: {mode: warn}
        lanes:
          docs: {base: main, cap: 1, owners: []}
      """);
  private static final ConfigLayer REPOSITORY = new ConfigLayer("repository",
      Optional.of(Path.of("/repo/.groundskeeper.yaml")), """
      branches:
        protected_names: [main, "release/*", "off", "*.tmp", "12"]
        wip: {cap: 4}
        since: 2026-01-31T12:00:00Z
        lanes:
          "web ui": {base: main, cap: 2, owners: [bo]}
      """);

  private static EffectiveConfig config() {
    return ConfigLoader.load(List.of(USER, REPOSITORY), List.of(SampleConfig.SPEC), Set.of());
  }

  @Test
  void textShowsEveryKeyWithItsLayer() {
    assertThat(ConfigView.text(config())).isEqualTo("""
        # layers, weakest first: default, user (/home/u/.config/groundskeeper/config.yaml), \
        repository (/repo/.groundskeeper.yaml)
        engine:
          on_error: allow                # default
          plugins: []                    # default
          include: []                    # default
          exclude: []                    # default
        branches:
          default: auto                  # default
          protected_names: [main, release/*, "off", "*.tmp", "12"]  # from repository
          wip:
            cap: 4                       # from repository
            mode: warn                   # from user
            count_remote: true           # default
          dormancy:
            preset: standard             # default
            advisory_days: null          # default
            noisy_days: null             # default
            block_days: null             # default
          lanes:
            docs:
              base: main                 # from user
              cap: 1                     # from user
              owners: []                 # from user
            "web ui":
              base: main                 # from repository
              cap: 2                     # from repository
              owners: [bo]               # from repository
          ratio: 0.5                     # default
          budget_ms: 3000                # default
          since: "2026-01-31T12:00:00Z"  # from repository
        log:
          decisions: advise              # default
          max_bytes: 1048576             # default
          keep: 3                        # default
        """);
  }

  @Test
  void textReadsBackToTheSameConfiguration() {
    EffectiveConfig config = config();
    EffectiveConfig again = ConfigLoader.load(
        List.of(ConfigLayer.ofText("shown", ConfigView.text(config))), List.of(SampleConfig.SPEC),
        Set.of());
    assertThat(again.get(SampleConfig.SPEC)).isEqualTo(config.get(SampleConfig.SPEC));
    assertThat(again.engine()).isEqualTo(config.engine());
  }

  @Test
  void jsonHoldsLayersTreeAndOrigins() throws Exception {
    String json = ConfigView.json(config());
    Map<?, ?> parsed = new ObjectMapper().readValue(json, Map.class);
    assertThat(parsed.get("layers")).isEqualTo(List.of(
        Map.of("name", "user", "source", "/home/u/.config/groundskeeper/config.yaml"),
        Map.of("name", "repository", "source", "/repo/.groundskeeper.yaml")));
    assertThat(parsed.get("config"))
        .isEqualTo(new ObjectMapper().readValue(Json.write(ConfigView.tree(config())), Map.class));
    @SuppressWarnings("unchecked")
    Map<String, String> origins = (Map<String, String>) parsed.get("origins");
    assertThat(origins).containsEntry("branches.wip.cap", "repository")
        .containsEntry("branches.wip.mode", "user")
        .containsEntry("branches.lanes.web ui.owners", "repository")
        .containsEntry("engine.on_error", "default")
        .containsEntry("log.decisions", "default")
        .hasSize(25);
    assertThat(json).startsWith("""
        {
          "layers": [
            {
              "name": "user",
        """);
  }

  @Test
  void treeIsPlainData() {
    Map<String, Object> tree = ConfigView.tree(config());
    assertThat(tree.keySet()).containsExactly("engine", "branches", "log");
    Map<?, ?> branches = (Map<?, ?>) tree.get("branches");
    assertThat(branches.get("wip")).isEqualTo(Map.of("cap", 4, "mode", "warn",
        "count_remote", true));
    assertThat(branches.get("since")).isEqualTo("2026-01-31T12:00:00Z");
    assertThat(((Map<?, ?>) branches.get("dormancy")).get("advisory_days")).isNull();
  }

  @Test
  void listsOfBlocksAreWrittenAsBlockSequencesAndReadBack() {
    ConfigLayer layer = ConfigLayer.ofText("repository", """
        extras:
          steps:
            - {id: lint, mode: advise}
            - {id: "x: y", mode: off, limit: 3}
          letters: [b]
        """);
    EffectiveConfig config = ConfigLoader.load(List.of(layer), List.of(ExtrasConfig.SPEC),
        Set.of());
    String text = ConfigView.text(config);
    assertThat(text.substring(text.indexOf("extras:"))).isEqualTo("""
        extras:
          steps:              # from repository
            - id: lint
              mode: advise
              limit: null
            - id: "x: y"
              mode: "off"
              limit: 3
          limits:
            x: 1              # default
          note: null          # default
          style: short        # default
          letters: [b]        # from repository
          nested:
            inner:
              flag: true      # default
        log:
          decisions: advise   # default
          max_bytes: 1048576  # default
          keep: 3             # default
        """);
    EffectiveConfig again = ConfigLoader.load(List.of(ConfigLayer.ofText("shown", text)),
        List.of(ExtrasConfig.SPEC), Set.of());
    assertThat(again.get(ExtrasConfig.SPEC)).isEqualTo(config.get(ExtrasConfig.SPEC));
  }
}
