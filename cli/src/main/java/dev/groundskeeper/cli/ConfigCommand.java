package dev.groundskeeper.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.host.Workspace;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.config.ConfigSchema;
import dev.groundskeeper.api.config.ConfigSpec;
import dev.groundskeeper.api.config.ConfigView;
import dev.groundskeeper.api.config.EffectiveConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "config", mixinStandardHelpOptions = true,
    description = "Shows the configuration in force, or the JSON Schema of the file.")
final class ConfigCommand implements Callable<Integer> {

  @Spec
  private CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().usage(spec.commandLine().getErr());
    return Main.CANNOT_RUN;
  }

  @Command(name = "show", mixinStandardHelpOptions = true,
      description = {
          "Prints the effective configuration with the layer each value came from.",
          "",
          "Layers, weakest first: the embedded defaults, the user file"
              + " ($XDG_CONFIG_HOME/groundskeeper/config.yaml), the repository's"
              + " .groundskeeper.yaml (in a linked worktree the main checkout's, then the"
              + " worktree's own). The text form is YAML that can be saved as a configuration"
              + " file."},
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {"0:shown", "2:the configuration or a plugin is unusable"})
  static final class Show implements Callable<Integer> {

    private final Invocation invocation;

    @Option(names = "--json", description = "Print layers, values and origins as JSON.")
    private boolean json;

    @Option(names = "--pretty", description = "With --json: indent the JSON.")
    private boolean pretty;

    Show(Invocation invocation) {
      this.invocation = invocation;
    }

    @Override
    public Integer call() {
      EffectiveConfig config = invocation.host().policies().load(
          Workspace.locate(invocation.workingDirectory())).config();
      if (json) {
        invocation.out().println(Json.text(json(config), pretty));
      } else {
        invocation.out().print(ConfigView.text(config));
      }
      return 0;
    }
  }

  /**
   * The --json of config show: {@code layers} (name and source, weakest first), {@code config}
   * (the values; a value that is not set is left out) and {@code origins} (each leaf key path
   * with the layer it came from).
   */
  static ObjectNode json(EffectiveConfig config) {
    ObjectNode node = Json.object();
    ArrayNode layers = node.putArray("layers");
    config.layerSources().forEach((name, source) ->
        layers.addObject().put("name", name).put("source", source));
    node.set("config", Json.tree(ConfigView.tree(config)));
    node.set("origins", Json.tree(ConfigView.origins(config)));
    return node;
  }

  @Command(name = "schema", mixinStandardHelpOptions = true,
      description = {
          "Prints the JSON Schema (draft 2020-12) of the configuration file.",
          "",
          "Generated from the typed configuration of every rule provider found (built-in and"
              + " --plugin-path), so editors can complete and check .groundskeeper.yaml."},
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {"0:printed", "2:a plugin is unusable"})
  static final class Schema implements Callable<Integer> {

    private final Invocation invocation;

    Schema(Invocation invocation) {
      this.invocation = invocation;
    }

    @Override
    public Integer call() {
      invocation.out().print(ConfigSchema.generate(specs(invocation)));
      return 0;
    }

    /**
     * The namespace of every provider at its embedded defaults: a policy built without any
     * configuration file holds exactly those, so no file can hide a provider from the schema.
     */
    static List<ConfigSpec<?>> specs(Invocation invocation) {
      Policy atDefaults =
          invocation.host().policies().discovering(invocation.pluginPaths()).build();
      List<ConfigSpec<?>> specs = new ArrayList<>();
      for (Map.Entry<String, Object> section : atDefaults.config().sections().entrySet()) {
        specs.add(spec(section.getKey(), section.getValue()));
      }
      return specs;
    }

    private static <C> ConfigSpec<C> spec(String namespace, C defaults) {
      @SuppressWarnings("unchecked")
      Class<C> type = (Class<C>) defaults.getClass();
      return new ConfigSpec<>(namespace, type, defaults);
    }
  }
}
