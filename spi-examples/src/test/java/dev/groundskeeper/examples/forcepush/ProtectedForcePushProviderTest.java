package dev.groundskeeper.examples.forcepush;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.testkit.Events;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ProtectedForcePushProviderTest {

  @Test
  void theProviderIsFoundThroughItsServiceFile() {
    Policy policy = Policy.builder().discover(getClass().getClassLoader())
        .include("example.*").build();

    assertThat(policy.rules()).extracting(ConfiguredRule::id)
        .containsExactly("example.protected-force-push");
    assertThat(policy.rules()).extracting(ConfiguredRule::mode).containsExactly(Mode.BLOCK);
  }

  @Test
  void theDiscoveredRuleDeniesThroughTheEngine() {
    Policy policy = Policy.builder().discover(getClass().getClassLoader())
        .include("example.*").build();

    Decision decision = policy.evaluate(Events.command("git push --force origin main").build(),
        Facts.none());

    assertThat(decision.outcome()).isEqualTo(Outcome.DENY);
    assertThat(decision.message()).isEqualTo("[example.protected-force-push] A force push "
        + "replaces the history of main on origin: commits pushed there since your last fetch "
        + "would be lost.\n"
        + "Push with a lease: it updates only what you last fetched.\n"
        + "  git push --force-with-lease origin main");
  }

  @Test
  void excludingTheRuleLeavesTheProviderUnbuilt() {
    Policy policy = Policy.builder().discover(getClass().getClassLoader())
        .include("example.*").exclude("example.protected-force-push").build();

    assertThat(policy.rules()).isEmpty();
  }

  @Test
  void theRulesDocumentationPageExists() {
    RuleInfo info = ProtectedForcePush.RULE.info();
    Path page = Path.of("..", "docs", info.docsPage());

    assertThat(page).exists();
    assertThat(readString(page)).startsWith("# " + info.id() + "\n").contains(info.title());
  }

  private static String readString(Path path) {
    try {
      return Files.readString(path);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
