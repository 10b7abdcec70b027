package dev.groundskeeper.api.config;

import dev.groundskeeper.api.config.Problems.Location;
import java.io.StringReader;
import java.util.Optional;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.ReaderException;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.resolver.Resolver;

/** Composes a layer's text into a SnakeYAML node tree, keeping marks for line and column. */
final class YamlSource {

  // Only read after construction, so one instance serves every thread.

  private YamlSource() {}

  /** The document's root node; empty for a blank layer or a syntax error (then recorded). */
  static Optional<Node> compose(ConfigLayer layer, Problems problems) {
    if (layer.yaml().isBlank()) {
      return Optional.empty();
    }
    if (layer.yaml().length() > ConfigLayers.MAX_BYTES) {
      problems.add(new Location(layer.source(), 0, 0), "", "the configuration text is longer"
          + " than " + ConfigLayers.MAX_BYTES + " characters, the most a configuration may hold");
      return Optional.empty();
    }
    LoaderOptions options = new LoaderOptions();
    // Keys are checked for duplicates by the binder, which can name both lines.
    options.setAllowDuplicateKeys(true);
    // Files are capped before they are read (ConfigLayers.MAX_BYTES); text given otherwise is
    // held to the same size here, so that no scalar can be large enough to make reading slow.
    options.setCodePointLimit(ConfigLayers.MAX_BYTES);
    try {
      // A bare composer: no constructor or representer is needed to read nodes.
      Composer composer = new Composer(
          new ParserImpl(new StreamReader(new StringReader(layer.yaml())), options), new Resolver(),
          options);
      return Optional.ofNullable(composer.getSingleNode());
    } catch (MarkedYAMLException e) {
      String context = e.getContext() == null ? "" : e.getContext() + ": ";
      problems.add(Location.of(layer.source(), e.getProblemMark()), "",
          "YAML syntax error: " + context + e.getProblem());
    } catch (ReaderException e) {
      problems.add(at(layer, e.getPosition()), "", String.format(
          "the character U+%04X is not allowed in YAML text", e.getCodePoint()));
    } catch (YAMLException e) {
      problems.add(new Location(layer.source(), 0, 0), "", "YAML error: " + e.getMessage());
    }
    return Optional.empty();
  }

  /** The line and column of a code-point offset into the layer's text. */
  private static Location at(ConfigLayer layer, int codePointOffset) {
    int line = 1;
    int column = 1;
    int[] codePoints = layer.yaml().codePoints().limit(codePointOffset).toArray();
    for (int c : codePoints) {
      if (c == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
    }
    return new Location(layer.source(), line, column);
  }
}
