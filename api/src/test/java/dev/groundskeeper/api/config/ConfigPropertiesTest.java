package dev.groundskeeper.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Mode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

class ConfigPropertiesTest {

  private static final List<ConfigSpec<?>> SPECS = List.of(SampleConfig.SPEC);

  // ---- generators of valid configurations ----

  /**
   * Strings a user might write, and some only a generator would. {@code anyChar} adds every
   * code unit, unpaired surrogates and control characters included, which only the loader's own
   * renderer can write as YAML (SnakeYAML's dumper and JSON-as-YAML refuse some of them).
   */
  private static Arbitrary<String> text(boolean anyChar) {
    return Arbitraries.oneOf(
        anyChar ? Arbitraries.strings().all().ofMaxLength(12)
            : Arbitraries.strings().withCharRange(' ', '~').withChars("é中€").ofMaxLength(12),
        Arbitraries.strings().withChars("abc-_./*: #'\"\\\n\t").ofMaxLength(8),
        Arbitraries.of("", "null", "~", "off", "yes", "123", "1.5", "true", "- x", "#x", "a: b",
            "2026-01-31T12:00:00Z", " lead", "trail ", "release/*", "*.tmp", "[x]", "{}"));
  }

  @Provide
  Arbitrary<SampleConfig> configs() {
    return configs(true);
  }

  @Provide
  Arbitrary<SampleConfig> printableConfigs() {
    return configs(false);
  }

  private static Arbitrary<SampleConfig> configs(boolean anyChar) {
    Arbitrary<SampleConfig.Wip> wip = Combinators.combine(
        Arbitraries.integers().between(1, 100),
        Arbitraries.of("block", "warn", "off").map(Mode::of),
        Arbitraries.of(true, false)).as(SampleConfig.Wip::new);
    Arbitrary<Optional<Integer>> days = Arbitraries.integers().between(1, 60).optional(0.6);
    Arbitrary<SampleConfig.Dormancy> dormancy = Combinators.combine(
        Arbitraries.of(SampleConfig.Preset.class), days, days, days)
        .as((preset, a, n, b) -> isOrdered(a, n, b)
            ? new SampleConfig.Dormancy(preset, a, n, b)
            : new SampleConfig.Dormancy(preset, Optional.empty(), Optional.empty(),
                Optional.empty()));
    Arbitrary<SampleConfig.Lane> lane = Combinators.combine(text(anyChar),
        Arbitraries.integers().greaterOrEqual(1), text(anyChar).list().ofMaxSize(3))
        .as(SampleConfig.Lane::new);
    Arbitrary<Map<String, SampleConfig.Lane>> lanes =
        Arbitraries.maps(text(anyChar), lane).ofMaxSize(3);
    Arbitrary<Optional<Instant>> since = Arbitraries.longs()
        .between(Instant.parse("0001-01-01T00:00:00Z").getEpochSecond(),
            Instant.parse("9999-12-31T23:59:59Z").getEpochSecond())
        .flatMap(seconds -> Arbitraries.integers().between(0, 999_999_999)
            .map(nanos -> Instant.ofEpochSecond(seconds, nanos)))
        .optional(0.7);
    return Combinators.combine(text(anyChar), text(anyChar).list().ofMaxSize(4), wip, dormancy,
        lanes,
        Arbitraries.doubles().between(0, 1), Arbitraries.longs(), since)
        .as(SampleConfig::new);
  }

  private static boolean isOrdered(Optional<Integer> advisory, Optional<Integer> noisy,
      Optional<Integer> block) {
    int a = advisory.orElse(7);
    int n = noisy.orElse(14);
    int b = block.orElse(30);
    return a <= n && n < b;
  }

  @Provide
  Arbitrary<EngineConfig> engines() {
    return Combinators.combine(Arbitraries.of(EngineConfig.OnError.class),
        text(true).list().ofMaxSize(2), text(true).list().ofMaxSize(2),
        text(true).list().ofMaxSize(2))
        .as(EngineConfig::new);
  }

  @Provide
  Arbitrary<ExtrasConfig> extras() {
    Arbitrary<ExtrasConfig.Step> step = Combinators.combine(
        text(true).filter(id -> !id.isBlank()),
        Arbitraries.of("block", "advise", "off").map(Mode::of),
        Arbitraries.integers().optional(0.5)).as(ExtrasConfig.Step::new);
    return Combinators.combine(step.list().ofMaxSize(3),
        Arbitraries.maps(text(true), Arbitraries.integers()).ofMaxSize(3),
        text(true).optional(0.5), Arbitraries.of("short", "long"),
        Arbitraries.of("a", "b").list().ofMaxSize(3),
        Arbitraries.of(true, false).map(flag -> new ExtrasConfig.Nested(
            new ExtrasConfig.Inner(flag))))
        .as(ExtrasConfig::new);
  }

  @Property
  void listsOfBlocksAndWordListsAlsoBindBack(@ForAll("extras") ExtrasConfig extras) {
    EffectiveConfig shown = new EffectiveConfig(Map.of("extras", extras,
        "engine", EngineConfig.DEFAULTS), Map.of(), Map.of());

    EffectiveConfig again = ConfigLoader.load(
        List.of(ConfigLayer.ofText("shown", ConfigView.text(shown))), List.of(ExtrasConfig.SPEC),
        Set.of());

    // Rendering shows the merged map, so the defaults' entries are part of what reads back.
    Map<String, Integer> limits = new LinkedHashMap<>(ExtrasConfig.DEFAULTS.limits());
    limits.putAll(extras.limits());
    assertThat(again.get(ExtrasConfig.SPEC)).isEqualTo(new ExtrasConfig(extras.steps(), limits,
        extras.note(), extras.style(), extras.letters(), extras.nested()));
  }

  @Property
  @SuppressWarnings("unchecked")
  void aWrongTypeAtAnyLeafIsExactlyOneProblemAtItsPath(
      @ForAll("printableConfigs") SampleConfig config, @ForAll("blockChoice") int choice) {
    Map<String, Object> tree = deepCopy(ConfigView.tree(effective(config, EngineConfig.DEFAULTS)));
    List<String> leaves = new ArrayList<>(
        ConfigView.origins(effective(config, EngineConfig.DEFAULTS)).keySet());
    String leaf = leaves.get(Math.floorMod(choice, leaves.size()));
    if (leaf.startsWith("branches.lanes.")) {
      return; // generated lane names may hold dots, which this test's path helper cannot split
    }
    put(tree, leaf, Map.of("not", "a leaf"));

    List<ConfigProblem> problems = problems(ConfigLayer.ofText("repository", dump(tree)));

    assertThat(problems).hasSize(1);
    assertThat(problems.get(0).keyPath()).isEqualTo(leaf);
    assertThat(problems.get(0).message()).startsWith("expected ").endsWith(", got a mapping");
  }

  /** As the loader binds it: the block under test, engine:, and log:, which is always known. */
  private static EffectiveConfig effective(SampleConfig config, EngineConfig engine) {
    return new EffectiveConfig(Map.of("branches", config, "engine", engine,
        LogConfig.NAMESPACE, LogConfig.DEFAULTS), Map.of(), Map.of());
  }

  private static final Yaml DUMPER = dumper();

  private static Yaml dumper() {
    DumperOptions options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    return new Yaml(options);
  }

  // jqwik runs the tries of a property one after another, so one dumper serves them all.
  private static String dump(Object tree) {
    return DUMPER.dump(tree);
  }

  // ---- properties ----

  @Property
  void renderedTextBindsBackToTheSameConfiguration(@ForAll("configs") SampleConfig config,
      @ForAll("engines") EngineConfig engine) {
    String text = ConfigView.text(effective(config, engine));

    EffectiveConfig again = ConfigLoader.load(List.of(ConfigLayer.ofText("shown", text)), SPECS,
        Set.of());

    assertThat(again.get(SampleConfig.SPEC)).isEqualTo(config);
    assertThat(again.engine()).isEqualTo(engine);
    assertThat(ConfigView.tree(again)).isEqualTo(ConfigView.tree(effective(config, engine)));
  }

  @Property
  void theJsonTreeIsYamlThatBindsBack(@ForAll("printableConfigs") SampleConfig config) {
    String json = Json.write(ConfigView.tree(effective(config, EngineConfig.DEFAULTS)));

    EffectiveConfig again = ConfigLoader.load(List.of(ConfigLayer.ofText("json", json)), SPECS,
        Set.of());

    assertThat(again.get(SampleConfig.SPEC)).isEqualTo(config);
  }

  @Provide
  Arbitrary<String> unknownKeys() {
    return Arbitraries.strings().withCharRange('a', 'z').withChars('_').ofMinLength(1)
        .ofMaxLength(14);
  }

  @Property
  @SuppressWarnings("unchecked")
  void anyUnknownKeyIsExactlyOneProblemAtItsPath(@ForAll("printableConfigs") SampleConfig config,
      @ForAll("unknownKeys") String key, @ForAll("blockChoice") int choice) {
    Map<String, Object> tree = deepCopy(ConfigView.tree(effective(config, EngineConfig.DEFAULTS)));
    List<String> blocks = new ArrayList<>(List.of("", "engine", "branches", "branches.wip",
        "branches.dormancy"));
    config.lanes().keySet().stream().sorted()
        .forEach(lane -> blocks.add("branches.lanes." + lane));
    String block = blocks.get(Math.floorMod(choice, blocks.size()));
    Map<String, Object> target = tree;
    if (!block.isEmpty()) {
      target = (Map<String, Object>) tree.get(block.startsWith("engine") ? "engine" : "branches");
      List<String> parts = block.startsWith("branches.lanes.")
          ? List.of("lanes", block.substring("branches.lanes.".length()))
          : block.contains(".") ? List.of(block.substring(block.indexOf('.') + 1)) : List.of();
      for (String part : parts) {
        target = (Map<String, Object>) target.get(part);
      }
    }
    if (target.containsKey(key)) {
      key = key + "_x_" + target.size();
    }
    if (target.containsKey(key)) {
      return;
    }
    target.put(key, List.of(1, Map.of("nested", true)));

    List<ConfigProblem> problems = problems(ConfigLayer.ofText("repository", dump(tree)));

    assertThat(problems).hasSize(1);
    ConfigProblem problem = problems.get(0);
    assertThat(problem.keyPath()).isEqualTo(NodeBinder.join(block, key));
    assertThat(problem.message()).startsWith(block.isEmpty() ? "unknown namespace; expected "
        : "unknown key; expected one of ");
    assertThat(problem.source()).isEqualTo("<repository>");
    assertThat(problem.line()).isPositive();
    assertThat(problem.column()).isPositive();
  }

  @Provide
  Arbitrary<Integer> blockChoice() {
    return Arbitraries.integers().between(0, 1000);
  }

  @Property
  void laterLayersWinLeafByLeafAndOriginsSaySo(@ForAll("printableConfigs") SampleConfig first,
      @ForAll("printableConfigs") SampleConfig second,
      @ForAll("groups") Set<String> overridden) {
    // Origins are keyed by dotted paths, so a lane named "." or "" (both allowed) cannot be told
    // from another lane's leaf by its path; such names are left to the unit tests.
    net.jqwik.api.Assume.that(java.util.stream.Stream.concat(first.lanes().keySet().stream(),
        second.lanes().keySet().stream()).noneMatch(lane -> lane.isEmpty() || lane.contains(".")));
    Map<String, Object> firstTree = ConfigView.tree(effective(first, EngineConfig.DEFAULTS));
    Map<String, Object> secondTree = ConfigView.tree(effective(second, EngineConfig.DEFAULTS));
    Map<String, Object> overlay = new LinkedHashMap<>();
    Map<String, Object> expected = deepCopy(firstTree);
    for (String group : overridden) {
      Object value = get(secondTree, "branches." + group);
      put(overlay, "branches." + group, value);
      if (group.equals("lanes")) {
        @SuppressWarnings("unchecked")
        Map<String, Object> merged = new LinkedHashMap<>((Map<String, Object>) get(expected,
            "branches.lanes"));
        merged.putAll(deepCopy((Map<String, Object>) value));
        put(expected, "branches.lanes", new java.util.TreeMap<>(merged));
      } else {
        put(expected, "branches." + group, value);
      }
    }

    EffectiveConfig merged = ConfigLoader.load(List.of(
        ConfigLayer.ofText("first", dump(firstTree)),
        ConfigLayer.ofText("second", dump(overlay))), SPECS, Set.of());

    assertThat(ConfigView.tree(merged)).isEqualTo(expected);
    ConfigView.origins(merged).forEach((path, layer) -> {
      boolean fromSecond = overridden.stream().anyMatch(group ->
          group.equals("lanes") ? second.lanes().keySet().stream()
              .anyMatch(lane -> path.startsWith("branches.lanes." + lane + "."))
              : path.equals("branches." + group) || path.startsWith("branches." + group + "."));
      boolean engine = path.startsWith("engine.");
      assertThat(layer).as(path).isEqualTo(fromSecond ? "second" : engine ? "first" : "first");
    });
  }

  @Provide
  Arbitrary<Set<String>> groups() {
    return Arbitraries.of("default", "protected_names", "wip.cap", "wip.mode",
        "wip.count_remote", "dormancy", "lanes", "ratio", "budget_ms", "since").set();
  }

  // ---- helpers ----

  private static List<ConfigProblem> problems(ConfigLayer layer) {
    try {
      ConfigLoader.load(List.of(layer), SPECS, Set.of());
      return List.of();
    } catch (ConfigException e) {
      return e.problems();
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> deepCopy(Map<String, Object> tree) {
    Map<String, Object> copy = new LinkedHashMap<>();
    tree.forEach((key, value) -> copy.put(key, value instanceof Map<?, ?> map
        ? deepCopy((Map<String, Object>) map) : value));
    return copy;
  }

  @SuppressWarnings("unchecked")
  private static Object get(Map<String, Object> tree, String path) {
    Object at = tree;
    for (String part : path.split("\\.")) {
      at = ((Map<String, Object>) at).get(part);
    }
    return at;
  }

  @SuppressWarnings("unchecked")
  private static void put(Map<String, Object> tree, String path, Object value) {
    String[] parts = path.split("\\.");
    Map<String, Object> at = tree;
    for (int i = 0; i < parts.length - 1; i++) {
      at = (Map<String, Object>) at.computeIfAbsent(parts[i], k -> new LinkedHashMap<>());
    }
    at.put(parts[parts.length - 1], value);
  }
}
