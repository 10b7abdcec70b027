package dev.groundskeeper.release;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/** The reactor's poms read as XML: what a module declares itself, and what it inherits. */
final class Poms {

  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  private Poms() {}

  /** One module of the root pom's {@code <modules>}. */
  record Module(String directory, Element pom) {

    String artifactId() {
      return text(pom, "artifactId").orElseThrow();
    }

    String packaging() {
      return text(pom, "packaging").orElse("jar");
    }

    /** Published unless the module sets {@code maven.deploy.skip} to true. */
    boolean published() {
      return child(pom, "properties").flatMap(p -> text(p, "maven.deploy.skip"))
          .map(value -> !value.equals("true")).orElse(true);
    }

    Path target() {
      return ROOT.resolve(directory).resolve("target");
    }
  }

  static Element root() {
    return read(ROOT.resolve("pom.xml"));
  }

  static Element bom() {
    return read(ROOT.resolve("bom/pom.xml"));
  }

  static String version() {
    return text(root(), "version").orElseThrow();
  }

  /** The root pom's modules, bom aside (it is not a child of the parent). */
  static List<Module> modules() {
    List<Module> modules = new ArrayList<>();
    for (Element module : children(child(root(), "modules").orElseThrow(), "module")) {
      String directory = module.getTextContent().strip();
      if (!directory.equals("bom")) {
        modules.add(new Module(directory, read(ROOT.resolve(directory).resolve("pom.xml"))));
      }
    }
    return List.copyOf(modules);
  }

  static List<Module> publishedJars() {
    return modules().stream().filter(Module::published)
        .filter(module -> module.packaging().equals("jar")).toList();
  }

  /** The {@code dev.groundskeeper} artifactIds of a dependency list. */
  static List<String> ownArtifacts(Element dependencies) {
    List<String> ids = new ArrayList<>();
    for (Element dependency : children(dependencies, "dependency")) {
      if (text(dependency, "groupId").orElse("").equals("dev.groundskeeper")) {
        ids.add(text(dependency, "artifactId").orElseThrow());
      }
    }
    return List.copyOf(ids);
  }

  static Element read(Path pom) {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      return factory.newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + pom, e);
    } catch (ParserConfigurationException | SAXException e) {
      throw new IllegalStateException("cannot parse " + pom + ": " + e.getMessage(), e);
    }
  }

  static Optional<Element> child(Element parent, String name) {
    List<Element> found = children(parent, name);
    return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
  }

  /** {@code a/b/c}: the first element at that path of direct children. */
  static Optional<Element> path(Element parent, String path) {
    Optional<Element> at = Optional.of(parent);
    for (String name : path.split("/")) {
      at = at.flatMap(element -> child(element, name));
    }
    return at;
  }

  static List<Element> children(Element parent, String name) {
    List<Element> found = new ArrayList<>();
    for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element element && element.getTagName().equals(name)) {
        found.add(element);
      }
    }
    return found;
  }

  static Optional<String> text(Element parent, String path) {
    return path(parent, path).map(element -> element.getTextContent().strip())
        .filter(value -> !value.isEmpty());
  }

  static byte[] bytes(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
