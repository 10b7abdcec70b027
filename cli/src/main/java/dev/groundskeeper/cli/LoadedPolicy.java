package dev.groundskeeper.cli;

import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.PolicyBuilder;
import dev.groundskeeper.api.config.ConfigLayer;
import dev.groundskeeper.api.config.ConfigLayers;
import dev.groundskeeper.api.config.ConfigLoader;
import dev.groundskeeper.api.config.EngineConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The policy in force for one workspace: its configuration files, the plugin jars they and
 * {@code --plugin-path} name, and every rule provider discovered through them.
 */
record LoadedPolicy(Workspace workspace, List<ConfigLayer> layers, Policy policy) {

  static LoadedPolicy load(Invocation invocation, Workspace workspace) {
    List<ConfigLayer> layers = ConfigLayers.discover(workspace.directory(),
        invocation.environment());
    EngineConfig engine = ConfigLoader.loadEngine(layers);
    List<Path> plugins = new ArrayList<>(invocation.pluginPaths());
    for (String configured : engine.plugins()) {
      // A configured plugin path is relative to the repository it configures.
      plugins.add(workspace.base().resolve(invocation.expandHome(configured)).normalize());
    }
    ClassLoader loader = Plugins.classLoader(plugins, LoadedPolicy.class.getClassLoader());
    PolicyBuilder builder = Policy.builder().discover(loader).config(layers);
    invocation.policyCustomizer().accept(builder);
    return new LoadedPolicy(workspace, layers, builder.build());
  }
}
