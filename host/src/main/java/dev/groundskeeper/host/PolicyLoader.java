package dev.groundskeeper.host;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.PolicyBuilder;
import dev.groundskeeper.api.config.ConfigException;
import dev.groundskeeper.api.config.ConfigLayer;
import dev.groundskeeper.api.config.ConfigLayers;
import dev.groundskeeper.api.config.ConfigLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The policy in force for a workspace: its configuration layers, the plugin jars they and the
 * host's own plugin paths name, and every rule provider discovered through them.
 *
 * <p>A long-lived process (the hook server, an embedder's daemon) asks for the policy on every
 * event; it is rebuilt only when the {@linkplain ConfigFingerprint configuration fingerprint}
 * changed (the configuration files' identity and content hash, the plugin jars' identity), looked
 * up in a {@link PolicyCache} that a process may share between hosts. The
 * files are still read on each call (a few hundred bytes), so an edit is seen at once, never after
 * a time-out. Thread-safe.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class PolicyLoader {

  private final Map<String, String> environment;
  private final List<Path> pluginPaths;
  private final Consumer<PolicyBuilder> customizer;
  private final ClassLoader parent;
  private final PolicyCache cache;

  PolicyLoader(Map<String, String> environment, List<Path> pluginPaths,
      Consumer<PolicyBuilder> customizer, ClassLoader parent, PolicyCache cache) {
    this.environment = Map.copyOf(environment);
    this.pluginPaths = List.copyOf(pluginPaths);
    this.customizer = Objects.requireNonNull(customizer, "customizer");
    this.parent = Objects.requireNonNull(parent, "parent");
    this.cache = Objects.requireNonNull(cache, "cache");
  }

  /**
   * The policy of {@code workspace}.
   *
   * @throws dev.groundskeeper.api.config.ConfigException when a configuration file is invalid
   * @throws HostException when a plugin path is unusable
   */
  public Policy load(Workspace workspace) {
    List<ConfigLayer> layers = ConfigLayers.discover(workspace.directory(), environment);
    List<Path> plugins = new ArrayList<>(pluginPaths);
    List<String> configuredPlugins;
    try {
      configuredPlugins = ConfigLoader.loadEngine(layers).plugins();
    } catch (ConfigException invalidEngine) {
      // Building the policy reports the engine's problems together with every other block's.
      configuredPlugins = List.of();
    }
    for (String configured : configuredPlugins) {
      // A configured plugin path is relative to the repository it configures.
      plugins.add(workspace.base().resolve(expandHome(configured)).normalize());
    }
    return cached(ConfigFingerprint.of(layers, plugins), layers, plugins);
  }

  /**
   * The policy on the embedded defaults (plugins of the host's own paths only), for an event
   * whose configuration files are invalid: the guards keep working while the file is fixed.
   */
  public Policy defaults() {
    return cached(ConfigFingerprint.of(List.of(), pluginPaths), List.of(), pluginPaths);
  }

  /**
   * The built-in rules alone on the embedded defaults: the last resort when even the host's own
   * plugin paths cannot be loaded, so that no plugin problem ever leaves the built-in guards off.
   */
  public Policy builtIns() {
    return cached(ConfigFingerprint.of(List.of(), List.of()), List.of(), List.of());
  }

  /** A builder that discovers the built-in providers and those of {@code plugins}. */
  public PolicyBuilder discovering(List<Path> plugins) {
    ClassLoader loader = Plugins.classLoader(plugins, parent);
    PolicyBuilder builder = Policy.builder().discover(loader);
    customizer.accept(builder);
    return builder;
  }

  private Policy cached(ConfigFingerprint fingerprint, List<ConfigLayer> layers,
      List<Path> plugins) {
    return cache.get(new PolicyCache.Key(fingerprint, customizer, parent),
        () -> discovering(plugins).config(layers).build());
  }

  /** Expands a leading {@code ~/} with {@code HOME}, as a shell would for a configured path. */
  String expandHome(String path) {
    String home = environment.get("HOME");
    if ((path.equals("~") || path.startsWith("~/")) && home != null && !home.isEmpty()) {
      return home + path.substring(1);
    }
    return path;
  }
}
