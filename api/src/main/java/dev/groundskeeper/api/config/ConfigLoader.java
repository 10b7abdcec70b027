package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.config.Problems.Location;
import dev.groundskeeper.api.config.Setting.Block;
import dev.groundskeeper.api.config.Setting.Leaf;
import dev.groundskeeper.api.config.ValueType.RecordType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Layers YAML configuration over the embedded defaults and validates it strictly.
 *
 * <p>Each layer's text is composed into YAML nodes and bound to the namespaces' record types:
 * keys are the record components' names in snake_case. Blocks (records and
 * {@code Map<String, T>}) merge key by key across layers; scalars and lists replace. Every problem
 * in every layer (syntax, unknown key, wrong type, out-of-range value, duplicate key, values a
 * record's constructor rejects) is collected and thrown together in one {@link ConfigException}.
 */
@API(status = API.Status.STABLE)
public final class ConfigLoader {

  private ConfigLoader() {}

  /**
   * Binds only the {@code engine:} block (needed before providers are chosen); other top-level
   * keys are left for {@link #load}.
   *
   * @param layers the layers, weakest first
   * @return the engine block
   * @throws ConfigException listing every problem of the {@code engine:} blocks and every YAML
   *     syntax error
   */
  public static EngineConfig loadEngine(List<ConfigLayer> layers) {
    return bind(layers, List.of(), Set.of(), false, Optional.empty()).engine();
  }

  /**
   * Binds the {@code engine:} block and every namespace of {@code specs} from the layers, later
   * layers winning key by key. Namespaces in {@code knownButSkipped} (claimed by providers that
   * filters excluded) are accepted unread; any other unknown top-level key is a problem.
   *
   * @param layers the layers, weakest first
   * @param specs the namespaces to bind
   * @param knownButSkipped namespaces accepted without being read
   * @return the effective configuration
   * @throws ConfigException listing every problem in every layer
   * @throws IllegalArgumentException when a spec's record type cannot be bound (an unsupported
   *     component type, for example): a mistake of the provider, not of the user
   */
  public static EffectiveConfig load(List<ConfigLayer> layers, Collection<ConfigSpec<?>> specs,
      Set<String> knownButSkipped) {
    return bind(layers, specs, knownButSkipped, true, Optional.empty());
  }

  /**
   * As {@link #load(List, Collection, Set)}, and also checks that every glob of
   * {@code engine.include} and {@code engine.exclude} matches at least one of {@code ruleIds}
   * (every rule the policy could run, filtered or not): a glob that selects nothing, such as a
   * misspelt id or a namespace written without {@code .*}, would otherwise do nothing silently.
   *
   * @param layers the layers, weakest first
   * @param specs the namespaces to bind
   * @param knownButSkipped namespaces accepted without being read
   * @param ruleIds every rule id the policy could run
   * @return the effective configuration
   * @throws ConfigException listing every problem in every layer, unmatched globs included
   */
  public static EffectiveConfig load(List<ConfigLayer> layers, Collection<ConfigSpec<?>> specs,
      Set<String> knownButSkipped, Collection<String> ruleIds) {
    return bind(layers, specs, knownButSkipped, true, Optional.of(List.copyOf(ruleIds)));
  }

  private static EffectiveConfig bind(List<ConfigLayer> layers, Collection<ConfigSpec<?>> specs,
      Set<String> knownButSkipped, boolean strict, Optional<List<String>> ruleIds) {
    Map<String, ConfigSpec<?>> namespaces = new LinkedHashMap<>();
    namespaces.put(EngineConfig.NAMESPACE, EngineConfig.spec());
    // The decision log's block belongs to no provider: it is always known, like engine:.
    namespaces.put(LogConfig.NAMESPACE, LogConfig.spec());
    for (ConfigSpec<?> spec : specs) {
      ConfigSpec<?> previous = namespaces.putIfAbsent(spec.namespace(), spec);
      if (previous != null && !previous.equals(spec)) {
        throw new IllegalArgumentException("two configuration specs claim the namespace '"
            + spec.namespace() + "'");
      }
    }
    namespaces.values().forEach(spec -> RecordModel.of(spec.type()));
    Set<String> known = new TreeSet<>(namespaces.keySet());
    known.addAll(knownButSkipped);

    Problems problems = new Problems();
    Block merged = Block.empty(EffectiveConfig.DEFAULT_LAYER, new Location("<default>", 0, 0));
    Map<String, String> sources = new LinkedHashMap<>();
    for (ConfigLayer layer : layers) {
      sources.put(layer.name(), layer.source());
      Optional<Node> root = YamlSource.compose(layer, problems);
      if (root.isEmpty()) {
        continue;
      }
      NodeBinder binder = new NodeBinder(layer, problems);
      merged = merged.merge(bindRoot(binder, root.get(), namespaces, known, strict, problems));
    }

    Assembler assembler = new Assembler(problems);
    Map<String, Object> sections = new LinkedHashMap<>();
    for (ConfigSpec<?> spec : namespaces.values()) {
      Setting setting = merged.entries().get(spec.namespace());
      assembler.build(new RecordType(spec.type()), spec.defaults(), setting, spec.namespace(),
          merged.where()).ifPresent(section -> sections.put(spec.namespace(), section));
    }
    if (ruleIds.isPresent()) {
      checkFilters(merged, ruleIds.get(), problems);
    }
    problems.throwIfAny();
    Map<String, String> origins = new LinkedHashMap<>();
    merged.origins("", origins);
    return new EffectiveConfig(sections, origins, sources);
  }

  private static void checkFilters(Block merged, List<String> ruleIds, Problems problems) {
    if (!(merged.entries().get(EngineConfig.NAMESPACE) instanceof Block engine)) {
      return;
    }
    // An id is suggested before a whole namespace: "did you mean branches.*" for a misspelt
    // exclude would switch off far more than was meant.
    Set<String> namespaces = new TreeSet<>();
    ruleIds.forEach(id -> {
      int dot = id.indexOf('.');
      if (dot > 0) {
        namespaces.add(id.substring(0, dot) + ".*");
      }
    });
    for (String key : List.of("include", "exclude")) {
      if (!(engine.entries().get(key) instanceof Leaf leaf)
          || !(leaf.value() instanceof List<?> globs)) {
        continue;
      }
      for (int i = 0; i < globs.size(); i++) {
        String glob = (String) globs.get(i);
        Pattern pattern = RuleIdGlob.compile(glob);
        if (ruleIds.stream().noneMatch(id -> pattern.matcher(id).matches())) {
          problems.add(leaf.where(), EngineConfig.NAMESPACE + "." + key + "[" + i + "]",
              "`" + glob + "` matches no rule id (" + ruleIds.size() + " known; ids are"
                  + " namespace.name, and a whole namespace is namespace.*)",
              Nearest.to(glob, ruleIds).or(() -> Nearest.to(glob, namespaces)));
        }
      }
    }
  }

  private static Block bindRoot(NodeBinder binder, Node root, Map<String, ConfigSpec<?>> namespaces,
      Set<String> known, boolean strict, Problems problems) {
    Map<String, Setting> entries = new LinkedHashMap<>();
    Location rootAt = binder.at(root);
    if (NodeBinder.isNull(root)) {
      return new Block(entries, "", rootAt);
    }
    if (!(root instanceof MappingNode mapping)) {
      problems.add(rootAt, "", "expected a mapping of namespaces (" + String.join(", ", known)
          + "), got " + NodeBinder.describe(root));
      return new Block(entries, "", rootAt);
    }
    for (NodeBinder.Entry entry : binder.entries(mapping, "")) {
      ConfigSpec<?> spec = namespaces.get(entry.key());
      if (spec != null) {
        binder.bind(new RecordType(spec.type()), entry.value(), binder.at(entry.keyNode()),
            entry.key()).ifPresent(setting -> entries.put(entry.key(), setting));
      } else if (strict && !known.contains(entry.key())) {
        binder.unknownKey(entry, "", "namespace", new ArrayList<>(known));
      }
    }
    return new Block(entries, "", rootAt);
  }
}
