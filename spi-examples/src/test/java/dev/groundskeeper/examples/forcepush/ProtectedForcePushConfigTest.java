package dev.groundskeeper.examples.forcepush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.config.ConfigException;
import dev.groundskeeper.api.config.ConfigLayer;
import org.junit.jupiter.api.Test;

/**
 * A rule set without configuration, as a repository's .groundskeeper.yaml meets it: its block
 * takes no keys, its rule runs at its default mode, and the engine's filters turn it off.
 */
class ProtectedForcePushConfigTest {

  @Test
  void withoutAFileTheRuleRunsAtItsDefaultMode() {
    assertThat(policy("").rules()).extracting(ConfiguredRule::mode).containsExactly(Mode.BLOCK);
  }

  @Test
  void anEmptyBlockIsAccepted() {
    assertThat(policy("example: {}\n").rules()).hasSize(1);
  }

  @Test
  void aKeyInItsBlockIsRefused() {
    ConfigException thrown = catchThrowableOfType(ConfigException.class, () -> policy("""
        example:
          protected_force_push:
            mode: advise
        """));

    assertThat(thrown).hasMessageStartingWith("invalid configuration:\n  <repository>:2:3: "
        + "example.protected_force_push: unknown key");
  }

  @Test
  void theEngineExcludesIt() {
    assertThat(policy("""
        engine:
          exclude: ["example.*"]
        """).rules()).isEmpty();
  }

  private static Policy policy(String yaml) {
    return Policy.builder().provider(new ProtectedForcePush())
        .config(ConfigLayer.ofText("repository", yaml)).build();
  }
}
