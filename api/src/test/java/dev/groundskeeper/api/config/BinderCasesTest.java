package dev.groundskeeper.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.NoConfig;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The less common shapes and the less common mistakes. */
class BinderCasesTest {

  private static final ConfigSpec<NoConfig> QUIET =
      new ConfigSpec<>("quiet", NoConfig.class, NoConfig.INSTANCE);

  private static EffectiveConfig load(String yaml) {
    return ConfigLoader.load(List.of(ConfigLayer.ofText("repository", yaml)),
        List.of(ExtrasConfig.SPEC, SampleConfig.SPEC, QUIET), Set.of());
  }

  private static String problemsOf(String yaml) {
    assertThatThrownBy(() -> load(yaml)).isInstanceOf(ConfigException.class);
    try {
      load(yaml);
      throw new AssertionError("unreachable");
    } catch (ConfigException e) {
      return e.getMessage();
    }
  }

  @Test
  void listsOfBlocksMapsOfScalarsAndWordSetsBind() {
    ExtrasConfig extras = load("""
        extras:
          steps:
            - {id: lint, mode: advise}
            - id: test
              mode: off
              limit: 3
          limits: {y: 2}
          note: hello
          style: long
          letters: [b, a]
          nested: {inner: {flag: false}}
        """).get(ExtrasConfig.SPEC);
    assertThat(extras).isEqualTo(new ExtrasConfig(
        List.of(new ExtrasConfig.Step("lint", Mode.ADVISE, Optional.empty()),
            new ExtrasConfig.Step("test", Mode.OFF, Optional.of(3))),
        Map.of("x", 1, "y", 2), Optional.of("hello"), "long", List.of("b", "a"),
        new ExtrasConfig.Nested(new ExtrasConfig.Inner(false))));
  }

  @Test
  void nullMeansEmptyForBlocksListsAndOptionals() {
    ExtrasConfig extras = load("""
        extras:
          steps:
          limits:
          note: ~
          nested:
        quiet:
        """).get(ExtrasConfig.SPEC);
    assertThat(extras).isEqualTo(new ExtrasConfig(List.of(), Map.of("x", 1), Optional.empty(),
        "short", List.of(), ExtrasConfig.DEFAULTS.nested()));
  }

  @Test
  void listItemProblemsNameTheItemsIndex() {
    assertThat(problemsOf("""
        extras:
          steps:
            - {id: lint, mode: advise}
            - {id: " ", mode: block, colour: red}
            - {mode: blok}
          letters: [a, c]
        """)).isEqualTo("""
        invalid configuration (5 problems):
          <repository>:4:30: extras.steps[1].colour: unknown key; expected one of id, mode, limit
          <repository>:4:7: extras.steps[1]: a step needs a non-blank id
          <repository>:5:14: extras.steps[2].mode: expected one of `block`, `advise`, `off`, got \
        `blok` (did you mean `block`?)
          <repository>:5:7: extras.steps[2].id: missing key: a new entry needs a string
          <repository>:6:16: extras.letters[1]: expected one of `a`, `b`, got `c`""");
  }

  @Test
  void aProviderWithoutConfigurationTakesNoKeys() {
    assertThat(problemsOf("quiet: {level: 3}\n")).isEqualTo("""
        invalid configuration:
          <repository>:1:9: quiet.level: unknown key; this block takes no keys""");
    assertThat(load("quiet: {}\n").get(QUIET)).isEqualTo(NoConfig.INSTANCE);
  }

  @Test
  void yamlOnlyBooleansAndQuotedNumbersAreNotAccepted() {
    assertThat(problemsOf("""
        branches:
          wip: {count_remote: yes, cap: "5"}
          ratio: .inf
        """)).isEqualTo("""
        invalid configuration (3 problems):
          <repository>:2:23: branches.wip.count_remote: expected `true` or `false`, got `yes`
          <repository>:2:33: branches.wip.cap: expected an integer between 1 and 100, got the \
        quoted string `5`
          <repository>:3:10: branches.ratio: expected a number between 0 and 1, got `.inf`""");
  }

  @Test
  void wordsThatYamlWouldReadAsBooleansStayWords() {
    assertThat(load("branches: {wip: {mode: off}}\n").get(SampleConfig.SPEC).wip().mode())
        .isEqualTo(Mode.OFF);
    assertThat(load("extras: {note: no}\n").get(ExtrasConfig.SPEC).note()).contains("no");
  }

  @Test
  void keysMustBeScalarsAndMergeKeysAreRefused() {
    assertThat(problemsOf("""
        base: &base {cap: 3}
        branches:
          wip:
            <<: *base
            ? [a, b]
            : 1
        """)).isEqualTo("""
        invalid configuration (3 problems):
          <repository>:1:1: base: unknown namespace; expected one of branches, engine, extras, \
        log, quiet
          <repository>:4:5: branches.wip: merge keys (`<<`) are not supported; write the keys out
          <repository>:5:7: branches.wip: a key must be a plain word, got a list""");
  }

  @Test
  void anchorsAndAliasesAreResolved() {
    assertThat(load("""
        extras:
          letters: &pair [a, b]
        branches:
          protected_names: *pair
        """).get(SampleConfig.SPEC).protectedNames()).containsExactly("a", "b");
  }

  @Test
  void severalDocumentsInOneFileAreASyntaxError() {
    assertThat(problemsOf("branches: {}\n---\nextras: {}\n")).isEqualTo("""
        invalid configuration:
          <repository>:2:1: YAML syntax error: expected a single document in the stream: but \
        found another document""");
  }

  @Test
  void tabsInIndentationAreASyntaxError() {
    assertThat(problemsOf("branches:\n\twip: {}\n")).isEqualTo("""
        invalid configuration:
          <repository>:2:1: YAML syntax error: while scanning for the next token: found \
        character '\\t(TAB)' that cannot start any token. (Do not use \\t(TAB) for indentation)""");
  }

  @Test
  void aByteOrderMarkIsIgnored() {
    assertThat(load("\uFEFFbranches: {wip: {cap: 9}}\n").get(SampleConfig.SPEC).wip().cap())
        .isEqualTo(9);
  }

  @Test
  void integersOutsideIntAreOutOfRange() {
    assertThat(problemsOf("extras: {limits: {y: 3000000000}}\n")).isEqualTo("""
        invalid configuration:
          <repository>:1:22: extras.limits.y: must be between -2147483648 and 2147483647, got \
        3000000000""");
  }

  @Test
  void aMissingRequiredKeyInANestedNewBlockIsNamed() {
    record Leaf(int size) {}
    record Holder(Leaf leaf) {}
    record Outer(Map<String, Holder> holders) {}
    ConfigSpec<Outer> spec = new ConfigSpec<>("outer", Outer.class, new Outer(Map.of()));
    assertThatThrownBy(() -> ConfigLoader.load(
        List.of(ConfigLayer.ofText("repository", "outer:\n  holders:\n    h: {}\n")),
        List.of(spec), Set.of()))
        .hasMessage("""
            invalid configuration:
              <repository>:3:5: outer.holders.h.leaf.size: missing key: a new entry needs an \
            integer""");
  }

  @Test
  void namespacesClaimedTwiceAreTheCallersMistake() {
    assertThatThrownBy(() -> ConfigLoader.load(List.of(), List.of(SampleConfig.SPEC,
        new ConfigSpec<>("branches", NoConfig.class, NoConfig.INSTANCE)), Set.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("two configuration specs claim the namespace 'branches'");
  }

  @Test
  void knownButSkippedNamespacesAreNotRead() {
    EffectiveConfig config = ConfigLoader.load(
        List.of(ConfigLayer.ofText("repository", "worktrees: {anything: [1, 2]}\n")),
        List.of(), Set.of("worktrees"));
    assertThat(config.sections().keySet()).containsExactly("engine", "log");
  }

  record Tree(String name, List<Tree> children) {}

  @Test
  void anAliasThatContainsItselfIsAProblemNotALoop() {
    ConfigSpec<Tree> spec = new ConfigSpec<>("tree", Tree.class, new Tree("root", List.of()));
    assertThatThrownBy(() -> ConfigLoader.load(List.of(ConfigLayer.ofText("repository",
        "tree: &t\n  name: a\n  children: [*t]\n")), List.of(spec), Set.of()))
        .hasMessage("""
            invalid configuration:
              <repository>:1:7: tree.children[0]: a value may not contain itself (through an \
            alias)""");
  }

  @Test
  void charactersYamlForbidsAreLocated() {
    assertThat(problemsOf("engine:\n  on_error: a\u0000b\n")).isEqualTo("""
        invalid configuration:
          <repository>:2:14: the character U+0000 is not allowed in YAML text""");
  }

  @Test
  void aliasBombsAreRefused() {
    String bomb = "a: &a [x, x, x, x, x, x, x, x]\nb: &b [" + "*a, ".repeat(60) + "*a]\n";
    assertThat(problemsOf(bomb)).isEqualTo("""
        invalid configuration:
          <repository>: YAML error: Number of aliases for non-scalar nodes exceeds the specified \
        max=50""");
  }
}
