package dev.groundskeeper.examples.forcepush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.config.ConfigException;
import dev.groundskeeper.api.config.ConfigLayer;
import dev.groundskeeper.testkit.Events;
import org.junit.jupiter.api.Test;

/** The {@code example:} block read from YAML, as a repository's .groundskeeper.yaml gives it. */
class ProtectedForcePushConfigTest {

  @Test
  void theBranchesAndModeComeFromTheFile() {
    Policy policy = policy("""
        example:
          protected_force_push:
            mode: advise
            branches: [release]
        """);

    assertThat(policy.rules()).extracting(ConfiguredRule::mode).containsExactly(Mode.ADVISE);
    assertThat(outcome(policy, "git push -f origin release")).isEqualTo(Outcome.ADVISE);
    assertThat(outcome(policy, "git push -f origin main")).isEqualTo(Outcome.ALLOW);
    assertThat(policy.config().origin("example.protected_force_push.branches"))
        .isEqualTo("repository");
  }

  @Test
  void withoutAFileTheDefaultsProtectMainAndMaster() {
    Policy policy = policy("");

    assertThat(outcome(policy, "git push -f origin main")).isEqualTo(Outcome.DENY);
    assertThat(outcome(policy, "git push -f origin master")).isEqualTo(Outcome.DENY);
  }

  @Test
  void aMisspeltKeyIsNamedWithTheNearestValidOne() {
    ConfigException thrown = catchThrowableOfType(ConfigException.class, () -> policy("""
        example:
          protected_force_push:
            branch: [main]
        """));

    assertThat(thrown).hasMessage("invalid configuration:\n  <repository>:3:5: "
        + "example.protected_force_push.branch: unknown key; expected one of mode, branches "
        + "(did you mean `branches`?)");
  }

  @Test
  void aModeOutsideItsWordsIsRefused() {
    ConfigException thrown = catchThrowableOfType(ConfigException.class, () -> policy("""
        example:
          protected_force_push:
            mode: loud
        """));

    assertThat(thrown).hasMessage("invalid configuration:\n  <repository>:3:11: "
        + "example.protected_force_push.mode: expected one of `block`, `advise`, `off`, got "
        + "`loud`");
  }

  @Test
  void aBranchNameWithWhitespaceIsRefusedWithTheReason() {
    ConfigException thrown = catchThrowableOfType(ConfigException.class, () -> policy("""
        example:
          protected_force_push:
            branches: ["my branch"]
        """));

    assertThat(thrown).hasMessage("invalid configuration:\n  <repository>:2:3: "
        + "example.protected_force_push: a protected branch is a branch name without "
        + "whitespace, got 'my branch'");
  }

  private static Policy policy(String yaml) {
    return Policy.builder().provider(new ProtectedForcePushProvider())
        .config(ConfigLayer.ofText("repository", yaml)).build();
  }

  private static Outcome outcome(Policy policy, String command) {
    return policy.evaluate(Events.command(command).build(), Facts.none()).outcome();
  }
}
