package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.config.Problems.Location;
import dev.groundskeeper.api.config.Setting.Block;
import dev.groundskeeper.api.config.ValueType.RecordType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
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
   * @throws ConfigException listing every problem of the {@code engine:} blocks and every YAML
   *     syntax error
   */
  public static EngineConfig loadEngine(List<ConfigLayer> layers) {
    return bind(layers, List.of(), Set.of(), false).engine();
  }

  /**
   * Binds the {@code engine:} block and every namespace of {@code specs} from the layers, later
   * layers winning key by key. Namespaces in {@code knownButSkipped} (claimed by providers that
   * filters excluded) are accepted unread; any other unknown top-level key is a problem.
   *
   * @throws ConfigException listing every problem in every layer
   * @throws IllegalArgumentException when a spec's record type cannot be bound (an unsupported
   *     component type, for example): a mistake of the provider, not of the user
   */
  public static EffectiveConfig load(List<ConfigLayer> layers, Collection<ConfigSpec<?>> specs,
      Set<String> knownButSkipped) {
    return bind(layers, specs, knownButSkipped, true);
  }

  private static EffectiveConfig bind(List<ConfigLayer> layers, Collection<ConfigSpec<?>> specs,
      Set<String> knownButSkipped, boolean strict) {
    Map<String, ConfigSpec<?>> namespaces = new LinkedHashMap<>();
    namespaces.put(EngineConfig.NAMESPACE, EngineConfig.spec());
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
    problems.throwIfAny();
    Map<String, String> origins = new LinkedHashMap<>();
    merged.origins("", origins);
    return new EffectiveConfig(sections, origins, sources);
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
