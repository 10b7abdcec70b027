package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The configuration in force after layering and validation: one bound record per namespace, and
 * for every leaf key path the layer its value came from.
 */
@API(status = API.Status.STABLE)
public final class EffectiveConfig {

  /** The layer name of values nobody configured. */
  public static final String DEFAULT_LAYER = "default";

  private final Map<String, Object> sections;
  private final Map<String, String> origins;
  private final Map<String, String> layerSources;

  EffectiveConfig(Map<String, Object> sections, Map<String, String> origins,
      Map<String, String> layerSources) {
    this.sections = Collections.unmodifiableMap(new LinkedHashMap<>(sections));
    this.origins = Collections.unmodifiableMap(new LinkedHashMap<>(origins));
    this.layerSources = Collections.unmodifiableMap(new LinkedHashMap<>(layerSources));
  }

  /**
   * Every namespace at its embedded defaults.
   *
   * @param specs the namespaces
   * @return a configuration with no layer
   */
  public static EffectiveConfig defaults(Collection<ConfigSpec<?>> specs) {
    Map<String, Object> sections = new LinkedHashMap<>();
    sections.put(EngineConfig.NAMESPACE, EngineConfig.DEFAULTS);
    sections.put(LogConfig.NAMESPACE, LogConfig.DEFAULTS);
    for (ConfigSpec<?> spec : specs) {
      sections.put(spec.namespace(), spec.defaults());
    }
    return new EffectiveConfig(sections, Map.of(), Map.of());
  }

  /**
   * The bound block of the spec's namespace, or the spec's defaults when it was not loaded.
   *
   * @param <C> the block's record type
   * @param spec the namespace
   * @return the block
   */
  public <C> C get(ConfigSpec<C> spec) {
    Object section = sections.get(spec.namespace());
    return spec.type().isInstance(section) ? spec.type().cast(section) : spec.defaults();
  }

  /** {@return the {@code engine:} block} */
  public EngineConfig engine() {
    return get(EngineConfig.spec());
  }

  /** {@return the {@code log:} block (the decision log's settings)} */
  public LogConfig log() {
    return get(LogConfig.spec());
  }

  /** {@return every loaded namespace with its bound record} */
  public Map<String, Object> sections() {
    return sections;
  }

  /**
   * The bound value at a dotted key path ({@code branches.wip.cap}): the namespace's record walked
   * by its configuration keys (the keys a file writes, not the Java names), a map block by its
   * keys.
   *
   * @param keyPath a dotted key path whose first segment is a namespace
   * @return the value, or empty when the namespace is not loaded or the path names nothing there
   */
  public Optional<Object> value(String keyPath) {
    String[] segments = Objects.requireNonNull(keyPath, "keyPath").split("\\.", -1);
    Object value = sections.get(segments[0]);
    for (int i = 1; i < segments.length && value != null; i++) {
      value = child(value, segments[i]);
    }
    return Optional.ofNullable(value);
  }

  private static Object child(Object value, String key) {
    if (value instanceof Map<?, ?> map) {
      return map.get(key);
    }
    if (!value.getClass().isRecord()) {
      return null;
    }
    try {
      RecordModel model = RecordModel.of(value.getClass());
      return model.component(key).map(component -> model.value(value, component)).orElse(null);
    } catch (IllegalArgumentException | IllegalStateException e) {
      // a record the binder does not model (an embedder's own value inside a block) has no keys
      return null;
    }
  }

  /**
   * The layer a leaf key path ({@code branches.wip.cap}) came from; {@code default} if unset.
   *
   * @param keyPath a dotted leaf key path
   * @return the layer's name
   */
  public String origin(String keyPath) {
    return Optional.ofNullable(origins.get(Objects.requireNonNull(keyPath)))
        .orElse(DEFAULT_LAYER);
  }

  /**
   * {@return the leaf key paths set by some layer, with that layer's name, in the order they
   * were bound}
   */
  public Map<String, String> origins() {
    return origins;
  }

  /**
   * The layers this configuration was loaded from, in order (later ones won): each layer's name
   * with its source ({@link ConfigLayer#source()}). Empty for {@link #defaults}.
   *
   * @return layer name to source
   */
  public Map<String, String> layerSources() {
    return layerSources;
  }
}
