package dev.groundskeeper.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Mode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Map keys and values that YAML reads as line breaks or blanks: `config show` prints them so that
 * they bind back (ConfigPropertiesTest found a key it printed as text that no longer parsed).
 */
class ConfigViewLineBreakTest {

  @ParameterizedTest
  @ValueSource(strings = {" ", "\u2028", "\u2029", "a\u2028b", "\u0085", "\n"})
  void aKeyOrValueHoldingALineBreakOrBlankBindsBack(String text) {
    SampleConfig config = new SampleConfig(text, List.of(text),
        new SampleConfig.Wip(1, Mode.BLOCK, true),
        new SampleConfig.Dormancy(SampleConfig.Preset.STANDARD, Optional.empty(),
            Optional.empty(), Optional.empty()),
        Map.of(text, new SampleConfig.Lane(text, 1, List.of(text))), 0.0, 0L, Optional.empty());
    String shown = ConfigView.text(new EffectiveConfig(Map.of("branches", config,
        "engine", EngineConfig.DEFAULTS, "log", LogConfig.DEFAULTS), Map.of(), Map.of()));

    EffectiveConfig again = ConfigLoader.load(List.of(ConfigLayer.ofText("shown", shown)),
        List.of(SampleConfig.SPEC), Set.of());

    assertThat(again.get(SampleConfig.SPEC)).isEqualTo(config);
  }
}
