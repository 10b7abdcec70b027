package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.RuleInfo;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The packaged rule modules are found through ServiceLoader and every rule has its page. */
class BuiltInProvidersTest {

  private static final Set<String> BUILT_IN = Set.of("scratch", "branches", "worktrees");

  @Test
  void everyBuiltInProviderIsDiscoveredAndEveryRuleHasItsDocumentationPage() {
    Policy policy = Policy.builder().discover(Main.class.getClassLoader()).build();
    List<RuleInfo> builtIn = policy.rules().stream().map(ConfiguredRule::rule)
        .map(rule -> rule.info()).filter(info -> BUILT_IN.contains(info.namespace())).toList();

    assertThat(builtIn).extracting(RuleInfo::namespace).containsAll(BUILT_IN);
    for (RuleInfo info : builtIn) {
      assertThat(Path.of("..", "docs").resolve(info.docsPage())).as(info.id()).isRegularFile();
    }
  }
}
