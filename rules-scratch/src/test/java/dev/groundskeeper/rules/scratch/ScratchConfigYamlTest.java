package dev.groundskeeper.rules.scratch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.config.ConfigException;
import dev.groundskeeper.api.config.ConfigLayer;
import dev.groundskeeper.api.config.ConfigLoader;
import dev.groundskeeper.api.config.ConfigSpec;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The scratch: block as a user writes it, bound by the project's configuration loader. */
class ScratchConfigYamlTest {

  private static final ConfigSpec<ScratchConfig> SPEC =
      new ConfigSpec<>("scratch", ScratchConfig.class, ScratchConfig.DEFAULTS);

  private static ScratchConfig load(String yaml) {
    return ConfigLoader.load(List.of(ConfigLayer.ofText("test.yaml", yaml)), List.of(SPEC),
        Set.of()).get(SPEC);
  }

  @Test
  void anEmptyFileGivesTheDefaults() {
    assertThat(load("")).isEqualTo(ScratchConfig.DEFAULTS);
  }

  @Test
  void theIssuesWholeBlockBinds() {
    ScratchConfig config = load("""
        scratch:
          roots: ["untracked/", ".claude/"]
          directory: "untracked/scratch/"
          shapes: {defaults: true, extra: ["notes-*.md"]}
          stores: ["untracked/venv/"]
          shape_deny: {mode: advise}
          consume_chain: {mode: block, consumers: ["mkplan.bash --journal * * {file}"]}
          sweep: {max_age_hours: 12, baseline_before: "2026-11-04", max_listed: 20}
          spaces: {pattern: ".frizz/threads/{session}/", ttl_days: 3}
          orientation: {mode: off, max_listed: 10, stale_tokens: 80000}
        """);
    assertThat(config.roots()).containsExactly("untracked/", ".claude/");
    assertThat(config.shapes().extra()).containsExactly("notes-*.md");
    assertThat(config.stores()).containsExactly("untracked/venv/");
    assertThat(config.shapeDeny().mode()).isEqualTo(Mode.ADVISE);
    assertThat(config.consumeChain().consumers()).hasSize(1);
    assertThat(config.sweep().maxAgeHours()).isEqualTo(12);
    assertThat(config.sweep().baseline()).contains(Instant.parse("2026-11-04T00:00:00Z"));
    assertThat(config.spaces().pattern()).contains(".frizz/threads/{session}/");
    assertThat(config.spaces().ttlDays()).isEqualTo(3);
    assertThat(config.orientation().mode()).isEqualTo(Mode.OFF);
    assertThat(config.orientation().staleTokens()).isEqualTo(80_000);
  }

  @Test
  void anUnquotedTimestampIsReadAsTheUserWroteIt() {
    assertThat(load("scratch:\n  sweep:\n    baseline_before: 2026-11-04T12:00:00Z\n")
        .sweep().baseline()).contains(Instant.parse("2026-11-04T12:00:00Z"));
    assertThat(load("scratch:\n  sweep:\n    baseline_before: 2026-11-04\n")
        .sweep().baseline()).contains(Instant.parse("2026-11-04T00:00:00Z"));
  }

  @Test
  void oneKeyOverridesOnlyItself() {
    ScratchConfig config = load("scratch:\n  sweep:\n    max_listed: 5\n");
    assertThat(config.sweep().maxListed()).isEqualTo(5);
    assertThat(config.sweep().maxAgeHours()).isEqualTo(24);
    assertThat(config.orientation().mode()).isEqualTo(Mode.ON);
  }

  @Test
  void invalidValuesAreReportedWithTheirKeys() {
    assertThatThrownBy(() -> load("scratch:\n  orientation:\n    mode: block\n"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("scratch.orientation.mode");
    assertThatThrownBy(() -> load("scratch:\n  directory: elsewhere/\n"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("scratch.directory");
    assertThatThrownBy(() -> load("scratch:\n  sweep:\n    max_listed: 0\n"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("scratch.sweep.max_listed");
    assertThatThrownBy(() -> load("scratch:\n  sweep:\n    baseline_before: soon\n"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("baseline_before");
    assertThatThrownBy(() -> load("scratch:\n  shape_deny:\n    mdoe: block\n"))
        .isInstanceOf(ConfigException.class).hasMessageContaining("mode");
  }
}
