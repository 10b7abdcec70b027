package dev.groundskeeper.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.ProvidesRules;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.RuleProvider;
import dev.groundskeeper.api.Verdict;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The loader as the policy builder drives it: engine first, then the providers' namespaces. */
class PolicyConfigTest {

  /** A provider whose one rule takes its mode from {@code branches.wip.mode}. */
  @ProvidesRules(namespace = "branches", ids = "branches.wip-cap")
  public static final class BranchesProvider implements RuleProvider<SampleConfig> {

    @Override
    public Class<SampleConfig> configType() {
      return SampleConfig.class;
    }

    @Override
    public SampleConfig defaultConfig() {
      return SampleConfig.DEFAULTS;
    }

    @Override
    public List<ConfiguredRule> rules(SampleConfig config) {
      return List.of(new ConfiguredRule(new CapRule(config.wip().cap()), config.wip().mode()));
    }
  }

  record CapRule(int cap) implements Rule {
    @Override
    public RuleInfo info() {
      return new RuleInfo("branches.wip-cap", "WIP cap", "At most " + cap + " open branches.",
          Mode.BLOCK, Set.of(Event.CommandEvent.class), "rules/branches.wip-cap.md");
    }

    @Override
    public Verdict evaluate(Event event, Facts facts) {
      return Verdict.allow(info().id());
    }
  }

  @Test
  void providersGetTheirBoundBlock() {
    Policy policy = Policy.builder().provider(new BranchesProvider())
        .config(ConfigLayer.ofText("repository", "branches:\n  wip: {cap: 3, mode: warn}\n"))
        .build();
    assertThat(policy.rules()).containsExactly(new ConfiguredRule(new CapRule(3), Mode.WARN));
    assertThat(policy.config().origin("branches.wip.cap")).isEqualTo("repository");
  }

  @Test
  void aBlockOfAnExcludedProviderIsAcceptedUnread() {
    Policy policy = Policy.builder().provider(new BranchesProvider())
        .config(ConfigLayer.ofText("repository", """
            engine: {exclude: ["branches.*"]}
            branches: {not: [checked]}
            """))
        .build();
    assertThat(policy.rules()).isEmpty();
  }

  @Test
  void problemsStopTheBuildWithEveryMessage() {
    assertThatThrownBy(() -> Policy.builder().provider(new BranchesProvider())
        .config(ConfigLayer.ofText("repository", "branches: {wip: {cap: 0}}\nscratch: {}\n"))
        .build())
        .isInstanceOf(ConfigException.class)
        .hasMessage("""
            invalid configuration (2 problems):
              <repository>:1:23: branches.wip.cap: must be between 1 and 100, got 0
              <repository>:2:1: scratch: unknown namespace; expected one of branches, engine, log""");
  }

  @Test
  void engineProblemsAreFoundBeforeAnyProviderIsChosen() {
    assertThatThrownBy(() -> Policy.builder().provider(new BranchesProvider())
        .config(ConfigLayer.ofText("user", "engine: {include: branches.*}\n"))
        .build())
        .isInstanceOf(ConfigException.class)
        .hasMessage("""
            invalid configuration:
              <user>:1:19: engine.include: expected a list of strings, got `branches.*`""");
  }

  @Test
  void aWrongEngineBlockDoesNotHideTheProblemsOfTheOtherBlocks() {
    assertThatThrownBy(() -> Policy.builder().provider(new BranchesProvider())
        .config(ConfigLayer.ofText("repository", "engine: {on_eror: deny}\n"
            + "branches: {wip: {cap: 0}}\n"))
        .build())
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("(2 problems)")
        .hasMessageContaining("engine.on_eror: unknown key")
        .hasMessageContaining("branches.wip.cap: must be between 1 and 100, got 0");
  }

  @Test
  void aFilterGlobThatSelectsNoRuleIsAProblem() {
    assertThatThrownBy(() -> Policy.builder().provider(new BranchesProvider())
        .config(ConfigLayer.ofText("repository", "engine: {exclude: [branches.wip, \"x.*\"]}\n"))
        .build())
        .isInstanceOf(ConfigException.class)
        .hasMessage("""
            invalid configuration (2 problems):
              <repository>:1:19: engine.exclude[0]: `branches.wip` matches no rule id (1 known;\
             ids are namespace.name, and a whole namespace is namespace.*) (did you mean\
             `branches.wip-cap`?)
              <repository>:1:19: engine.exclude[1]: `x.*` matches no rule id (1 known; ids are\
             namespace.name, and a whole namespace is namespace.*)""");
  }

  @Test
  void aFilterGlobMayNameAFilteredRuleOrAWholeNamespace() {
    Policy policy = Policy.builder().provider(new BranchesProvider())
        .config(ConfigLayer.ofText("repository",
            "engine: {include: [\"branches.*\"], exclude: [branches.wip-cap]}\n"))
        .build();
    assertThat(policy.rules()).isEmpty();
  }
}
