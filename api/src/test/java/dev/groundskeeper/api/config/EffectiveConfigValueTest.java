package dev.groundskeeper.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Mode;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link EffectiveConfig#value}: the bound value at a key path, by the keys a file writes. */
class EffectiveConfigValueTest {

  private static EffectiveConfig config() {
    return ConfigLoader.load(List.of(ConfigLayer.ofText("repository", """
        branches:
          default: trunk
          wip: {cap: 4, mode: warn}
          budget_ms: 1500
          lanes:
            docs: {base: main, cap: 1, owners: [bo]}
        """)), List.of(SampleConfig.SPEC), Set.of());
  }

  @Test
  void aPathWalksRecordsByTheirConfigurationKeysAndMapsByTheirKeys() {
    EffectiveConfig config = config();

    // @Key("default") and snake_case names, not the Java component names
    assertThat(config.value("branches.default")).contains("trunk");
    assertThat(config.value("branches.budget_ms")).contains(1500L);
    assertThat(config.value("branches.wip.cap")).contains(4);
    assertThat(config.value("branches.wip.mode")).contains(Mode.WARN);
    assertThat(config.value("branches.lanes.docs.owners")).contains(List.of("bo"));
    assertThat(config.value("branches.wip")).containsInstanceOf(SampleConfig.Wip.class);
    // a value nobody set is the default it was bound to
    assertThat(config.value("branches.protected_names")).contains(List.of("main", "master"));
  }

  @Test
  void aPathThatNamesNothingIsEmpty() {
    EffectiveConfig config = config();

    assertThat(config.value("branches.defaultBranch")).isEmpty();
    assertThat(config.value("branches.wip.cap.more")).isEmpty();
    assertThat(config.value("branches.lanes.web")).isEmpty();
    assertThat(config.value("nowhere.at.all")).isEmpty();
    assertThat(config.value("")).isEmpty();
  }
}
