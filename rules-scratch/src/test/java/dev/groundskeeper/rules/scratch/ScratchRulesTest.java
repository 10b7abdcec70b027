package dev.groundskeeper.rules.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.ProvidesRules;
import dev.groundskeeper.api.RuleProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class ScratchRulesTest {

  @Test
  void theProviderIsDiscoverableAndBuildsExactlyTheRulesItDeclares() {
    List<String> found = ServiceLoader.load(RuleProvider.class).stream()
        .map(provider -> provider.type().getName()).toList();
    assertThat(found).contains(ScratchRules.class.getName());
    ProvidesRules declared = ScratchRules.class.getAnnotation(ProvidesRules.class);
    assertThat(declared.namespace()).isEqualTo("scratch");
    List<String> built = new ScratchRules().rules(ScratchConfig.DEFAULTS).stream()
        .map(ConfiguredRule::id).toList();
    assertThat(built).containsExactlyInAnyOrder(declared.ids());
  }

  @Test
  void modesComeFromTheConfiguration() {
    ScratchConfig d = ScratchConfig.DEFAULTS;
    ScratchConfig config = new ScratchConfig(d.roots(), d.directory(), d.shapes(), d.stores(),
        new ScratchConfig.ShapeDeny(Mode.ADVISE), d.consumeChain(), d.sweep(), d.spaces(),
        new ScratchConfig.Orientation(Mode.OFF, 40, 60_000));
    assertThat(new ScratchRules().rules(config)).extracting(ConfiguredRule::id,
        ConfiguredRule::mode).contains(
            org.assertj.core.groups.Tuple.tuple(ShapeRule.ID, Mode.ADVISE),
            org.assertj.core.groups.Tuple.tuple(OrientationRule.ID, Mode.OFF),
            org.assertj.core.groups.Tuple.tuple(StaleNotesRule.ID, Mode.OFF));
  }

  @Test
  void everyRuleHasItsDocumentationPage() {
    Path docs = Path.of("..", "docs");
    for (ConfiguredRule rule : new ScratchRules().rules(ScratchConfig.DEFAULTS)) {
      assertThat(docs.resolve(rule.rule().info().docsPage())).as(rule.id()).isRegularFile();
      assertThat(rule.rule().info().docsPage()).isEqualTo("rules/" + rule.id() + ".md");
    }
    assertThat(Files.isDirectory(docs)).isTrue();
  }

  @Test
  void aPolicyDiscoversTheRulesAndDeniesAnUnshapedNewFile() {
    Policy policy = Policy.builder().discover(ScratchRulesTest.class.getClassLoader()).build();
    assertThat(policy.rules()).extracting(ConfiguredRule::id).contains(ShapeRule.ID);
    Decision decision = policy.evaluate(Events.newFile("untracked/scratch/notes.md"),
        new MemoryFiles().facts());
    assertThat(decision.verdicts()).anySatisfy(v -> {
      assertThat(v.ruleId()).isEqualTo(ShapeRule.ID);
      assertThat(v.outcome()).isEqualTo(Outcome.DENY);
    });
  }
}
