package dev.groundskeeper.cli;

import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.PolicyBuilder;
import dev.groundskeeper.api.config.ConfigException;
import dev.groundskeeper.api.config.ConfigLayer;
import dev.groundskeeper.api.config.ConfigLayers;
import dev.groundskeeper.api.config.ConfigLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The policy in force for a workspace: its configuration files, the plugin jars they and
 * {@code --plugin-path} name, and every rule provider discovered through them.
 */
final class WorkspacePolicy {

  private WorkspacePolicy() {}

  static Policy load(Invocation invocation, Workspace workspace) {
    List<ConfigLayer> layers = ConfigLayers.discover(workspace.directory(),
        invocation.environment());
    List<Path> plugins = new ArrayList<>(invocation.pluginPaths());
    List<String> configuredPlugins;
    try {
      configuredPlugins = ConfigLoader.loadEngine(layers).plugins();
    } catch (ConfigException invalidEngine) {
      // build() below reports the engine's problems together with every other block's.
      configuredPlugins = List.of();
    }
    for (String configured : configuredPlugins) {
      // A configured plugin path is relative to the repository it configures.
      plugins.add(workspace.base().resolve(invocation.expandHome(configured)).normalize());
    }
    return discovering(invocation, plugins).config(layers).build();
  }

  /**
   * The policy on the embedded defaults (plugins of {@code --plugin-path} only), for a hook whose
   * configuration files are invalid: the guards keep working while the file is being fixed.
   */
  static Policy defaults(Invocation invocation) {
    return discovering(invocation, invocation.pluginPaths()).build();
  }

  /** A builder that discovers the built-in providers and those of the plugin jars. */
  static PolicyBuilder discovering(Invocation invocation, List<Path> plugins) {
    ClassLoader loader = Plugins.classLoader(plugins, WorkspacePolicy.class.getClassLoader());
    PolicyBuilder builder = Policy.builder().discover(loader);
    invocation.policyCustomizer().accept(builder);
    return builder;
  }
}
