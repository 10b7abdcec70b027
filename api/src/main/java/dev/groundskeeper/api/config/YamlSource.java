package dev.groundskeeper.api.config;

import dev.groundskeeper.api.config.Problems.Location;
import java.io.StringReader;
import java.util.Optional;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;

/** Composes a layer's text into a SnakeYAML node tree, keeping marks for line and column. */
final class YamlSource {

  private YamlSource() {}

  /** The document's root node; empty for a blank layer or a syntax error (then recorded). */
  static Optional<Node> compose(ConfigLayer layer, Problems problems) {
    if (layer.yaml().isBlank()) {
      return Optional.empty();
    }
    LoaderOptions options = new LoaderOptions();
    // Keys are checked for duplicates by the binder, which can name both lines.
    options.setAllowDuplicateKeys(true);
    try {
      return Optional.ofNullable(new Yaml(options).compose(new StringReader(layer.yaml())));
    } catch (MarkedYAMLException e) {
      String context = e.getContext() == null ? "" : e.getContext() + ": ";
      problems.add(Location.of(layer.source(), e.getProblemMark()), "",
          "YAML syntax error: " + context + e.getProblem());
    } catch (YAMLException e) {
      problems.add(new Location(layer.source(), 0, 0), "", "YAML error: " + e.getMessage());
    }
    return Optional.empty();
  }
}
