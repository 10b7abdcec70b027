package dev.groundskeeper.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.Mode;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ConfigLoaderTest {

  private static final ConfigLayer EMPTY = ConfigLayer.ofText("repository", "");

  private static EffectiveConfig load(ConfigLayer... layers) {
    return ConfigLoader.load(List.of(layers), List.of(SampleConfig.SPEC), Set.of("scratch"));
  }

  private static ConfigLayer repo(String yaml) {
    return new ConfigLayer("repository", Optional.of(Path.of("/repo/.groundskeeper.yaml")), yaml);
  }

  private static String problemsOf(ConfigLayer... layers) {
    try {
      load(layers);
    } catch (ConfigException e) {
      return e.getMessage();
    }
    throw new AssertionError("expected a configuration problem");
  }

  @Test
  void noLayersGiveTheDefaults() {
    EffectiveConfig config = load();
    assertThat(config.get(SampleConfig.SPEC)).isEqualTo(SampleConfig.DEFAULTS);
    assertThat(config.engine()).isEqualTo(EngineConfig.DEFAULTS);
    assertThat(config.origins()).isEmpty();
    assertThat(config.origin("branches.wip.cap")).isEqualTo("default");
  }

  @Test
  void blankAndCommentOnlyLayersChangeNothing() {
    EffectiveConfig config = load(EMPTY, repo("# nothing yet\n"), repo("branches:\n"));
    assertThat(config.get(SampleConfig.SPEC)).isEqualTo(SampleConfig.DEFAULTS);
  }

  @Test
  void bindsEveryKindOfValue() {
    SampleConfig config = load(repo("""
        branches:
          default: trunk
          protected_names: [trunk, "release/*"]
          wip:
            cap: 12
            mode: off
            count_remote: false
          dormancy:
            preset: strict
            advisory_days: 3
            noisy_days: 3
            block_days: 7
          lanes:
            docs:
              base: main
              cap: 2
              owners: [ann]
          ratio: 0.25
          budget_ms: 5000000000
          since: 2026-01-31T12:00:00Z
        engine:
          on_error: deny
          plugins: [/opt/rules.jar]
        scratch:
          anything: goes
        """)).get(SampleConfig.SPEC);
    assertThat(config).isEqualTo(new SampleConfig("trunk", List.of("trunk", "release/*"),
        new SampleConfig.Wip(12, Mode.OFF, false),
        new SampleConfig.Dormancy(SampleConfig.Preset.STRICT, Optional.of(3), Optional.of(3),
            Optional.of(7)),
        Map.of("docs", new SampleConfig.Lane("main", 2, List.of("ann"))), 0.25, 5_000_000_000L,
        Optional.of(Instant.parse("2026-01-31T12:00:00Z"))));
  }

  @Test
  void engineBlockIsBoundByBothEntryPoints() {
    ConfigLayer layer = repo("engine:\n  on_error: deny\n  include: ['branches.*']\nbranches:\n");
    EngineConfig expected = new EngineConfig(EngineConfig.OnError.DENY, List.of(),
        List.of("branches.*"), List.of());
    assertThat(ConfigLoader.loadEngine(List.of(layer))).isEqualTo(expected);
    assertThat(load(layer).engine()).isEqualTo(expected);
  }

  @Test
  void loadEngineLeavesOtherNamespacesForLoad() {
    assertThat(ConfigLoader.loadEngine(List.of(repo("nobody_claims: 1\n"))))
        .isEqualTo(EngineConfig.DEFAULTS);
  }

  @Test
  void laterLayersWinKeyByKeyAndOriginsNameThem() {
    ConfigLayer user = new ConfigLayer("user", Optional.of(Path.of("/home/u/config.yaml")), """
        branches:
          wip:
            cap: 20
            mode: warn
          protected_names: [main, develop]
          lanes:
            docs: {base: main, cap: 1, owners: []}
        """);
    ConfigLayer repository = repo("""
        branches:
          wip:
            cap: 5
          protected_names: [trunk]
          lanes:
            docs: {cap: 3}
            web: {base: trunk, cap: 2, owners: [bo]}
        """);
    EffectiveConfig config = load(user, repository);
    SampleConfig bound = config.get(SampleConfig.SPEC);
    assertThat(bound.wip()).isEqualTo(new SampleConfig.Wip(5, Mode.WARN, true));
    assertThat(bound.protectedNames()).containsExactly("trunk");
    assertThat(bound.lanes()).isEqualTo(Map.of(
        "docs", new SampleConfig.Lane("main", 3, List.of()),
        "web", new SampleConfig.Lane("trunk", 2, List.of("bo"))));
    assertThat(config.origins()).containsExactlyInAnyOrderEntriesOf(Map.of(
        "branches.wip.cap", "repository",
        "branches.wip.mode", "user",
        "branches.protected_names", "repository",
        "branches.lanes.docs.base", "user",
        "branches.lanes.docs.cap", "repository",
        "branches.lanes.docs.owners", "user",
        "branches.lanes.web.base", "repository",
        "branches.lanes.web.cap", "repository",
        "branches.lanes.web.owners", "repository"));
    assertThat(config.origin("branches.wip.count_remote")).isEqualTo("default");
    assertThat(config.layerSources()).containsExactly(
        Map.entry("user", "/home/u/config.yaml"),
        Map.entry("repository", "/repo/.groundskeeper.yaml"));
  }

  @Test
  void unknownKeySuggestsTheNearestValidOne() {
    assertThat(problemsOf(repo("branches:\n  wip:\n    cpa: 3\n"))).isEqualTo("""
        invalid configuration:
          /repo/.groundskeeper.yaml:3:5: branches.wip.cpa: unknown key; expected one of cap, \
        mode, count_remote (did you mean `cap`?)""");
  }

  @Test
  void unknownKeyFarFromEveryValidOneHasNoSuggestion() {
    assertThat(problemsOf(repo("branches:\n  wip:\n    colour: red\n"))).isEqualTo("""
        invalid configuration:
          /repo/.groundskeeper.yaml:3:5: branches.wip.colour: unknown key; expected one of cap, \
        mode, count_remote""");
  }

  @Test
  void unknownNamespaceIsAProblemUnlessKnownButSkipped() {
    assertThat(problemsOf(repo("brances:\n  wip: {}\nscratch: {x: 1}\n"))).isEqualTo("""
        invalid configuration:
          /repo/.groundskeeper.yaml:1:1: brances: unknown namespace; expected one of branches, \
        engine, log, scratch (did you mean `branches`?)""");
  }

  @Test
  void wrongTypesSayWhatWasExpected() {
    assertThat(problemsOf(repo("""
        branches:
          wip:
            cap: many
            mode: [block]
            count_remote: "true"
          protected_names: main
          ratio: high
          since: yesterday
          dormancy: 7
        engine:
          on_error: denny
        """))).isEqualTo("""
        invalid configuration (8 problems):
          /repo/.groundskeeper.yaml:3:10: branches.wip.cap: expected an integer between 1 and 100, \
        got `many`
          /repo/.groundskeeper.yaml:4:11: branches.wip.mode: expected one of `block`, `warn`, \
        `off`, got a list
          /repo/.groundskeeper.yaml:5:19: branches.wip.count_remote: expected `true` or `false`, \
        got the quoted string `true`
          /repo/.groundskeeper.yaml:6:20: branches.protected_names: expected a list of strings, \
        got `main`
          /repo/.groundskeeper.yaml:7:10: branches.ratio: expected a number between 0 and 1, got \
        `high`
          /repo/.groundskeeper.yaml:8:10: branches.since: expected an ISO-8601 timestamp such as \
        `2026-01-31T12:00:00Z` or `null`, got `yesterday`
          /repo/.groundskeeper.yaml:9:13: branches.dormancy: expected a mapping with keys preset, \
        advisory_days, noisy_days, block_days, got `7`
          /repo/.groundskeeper.yaml:11:13: engine.on_error: expected one of `allow`, `deny`, got \
        `denny` (did you mean `deny`?)""");
  }

  @Test
  void outOfRangeValuesNameTheRange() {
    assertThat(problemsOf(repo("""
        branches:
          wip: {cap: 0}
          ratio: 1.5
          dormancy: {advisory_days: 0}
          budget_ms: 99999999999999999999
        """))).isEqualTo("""
        invalid configuration (4 problems):
          /repo/.groundskeeper.yaml:2:14: branches.wip.cap: must be between 1 and 100, got 0
          /repo/.groundskeeper.yaml:3:10: branches.ratio: must be between 0 and 1, got 1.5
          /repo/.groundskeeper.yaml:4:29: branches.dormancy.advisory_days: must be at least 1, got 0
          /repo/.groundskeeper.yaml:5:14: branches.budget_ms: must be between \
        -9223372036854775808 and 9223372036854775807, got 99999999999999999999""");
  }

  @Test
  void inconsistentValuesAreReportedAtTheBlockWithTheRecordsMessage() {
    assertThat(problemsOf(repo("""
        branches:
          dormancy:
            noisy_days: 30
        """))).isEqualTo("""
        invalid configuration:
          /repo/.groundskeeper.yaml:2:3: branches.dormancy: expected advisory_days <= noisy_days \
        < block_days, got 7, 30, 30""");
  }

  @Test
  void inconsistencyAcrossLayersBlamesTheLastLayerThatTouchedTheBlock() {
    ConfigLayer user = new ConfigLayer("user", Optional.of(Path.of("/home/u/config.yaml")),
        "branches:\n  dormancy:\n    advisory_days: 20\n");
    ConfigLayer repository = repo("\nbranches:\n  dormancy:\n    block_days: 25\n");
    assertThat(problemsOf(user, repository)).isEqualTo("""
        invalid configuration:
          /repo/.groundskeeper.yaml:3:3: branches.dormancy: expected advisory_days <= noisy_days \
        < block_days, got 20, 14, 25""");
  }

  @Test
  void aLaterLayerCanRepairAnEarlierInconsistency() {
    ConfigLayer user = new ConfigLayer("user", Optional.empty(),
        "branches:\n  dormancy:\n    advisory_days: 20\n");
    ConfigLayer repository =
        repo("branches:\n  dormancy:\n    noisy_days: 21\n    block_days: 40\n");
    assertThat(load(user, repository).get(SampleConfig.SPEC).dormancy())
        .isEqualTo(new SampleConfig.Dormancy(SampleConfig.Preset.STANDARD, Optional.of(20),
            Optional.of(21), Optional.of(40)));
  }

  @Test
  void duplicateKeysNameTheFirstLine() {
    assertThat(problemsOf(repo("branches:\n  wip:\n    cap: 3\n    cap: 4\n"))).isEqualTo("""
        invalid configuration:
          /repo/.groundskeeper.yaml:4:5: branches.wip.cap: duplicate key (first set at line 3)""");
  }

  @Test
  void syntaxErrorsNameLineAndColumn() {
    assertThat(problemsOf(repo("branches:\n  wip:\n    cap: 3\n   mode: off\n"))).isEqualTo("""
        invalid configuration:
          /repo/.groundskeeper.yaml:4:4: YAML syntax error: while parsing a block mapping: \
        expected <block end>, but found '<block mapping start>'""");
  }

  @Test
  void aNewMapEntryNeedsItsRequiredKeys() {
    assertThat(problemsOf(repo("branches:\n  lanes:\n    web: {owners: [a]}\n"))).isEqualTo("""
        invalid configuration (2 problems):
          /repo/.groundskeeper.yaml:3:5: branches.lanes.web.base: missing key: a new entry needs \
        a string
          /repo/.groundskeeper.yaml:3:5: branches.lanes.web.cap: missing key: a new entry needs \
        an integer at least 1""");
  }

  @Test
  void problemsOfEveryLayerAreReportedTogether() {
    ConfigLayer user = new ConfigLayer("user", Optional.of(Path.of("/home/u/config.yaml")),
        "branches:\n  wip:\n    cap: -1\n");
    ConfigLayer repository = repo("branches:\n  wip:\n    cap: 5\n  colour: red\n");
    assertThat(problemsOf(user, repository)).isEqualTo("""
        invalid configuration (2 problems):
          /home/u/config.yaml:3:10: branches.wip.cap: must be between 1 and 100, got -1
          /repo/.groundskeeper.yaml:4:3: branches.colour: unknown key; expected one of default, \
        protected_names, wip, dormancy, lanes, ratio, budget_ms, since""");
  }

  @Test
  void aTopLevelThatIsNotAMappingIsAProblem() {
    assertThatThrownBy(() -> load(repo("- branches\n")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("""
            invalid configuration:
              /repo/.groundskeeper.yaml:1:1: expected a mapping of namespaces (branches, engine, \
            log, scratch), got a list""");
  }
}
