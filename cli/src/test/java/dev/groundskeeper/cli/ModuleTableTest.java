package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * DESIGN.md's module table, held by the poms: the git module may depend on the api and JGit only
 * (never on a rule module, whose judgements the CLI applies), and a rule module on the api only.
 * Test-scope dependencies are free.
 */
class ModuleTableTest {

  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @Test
  void theGitModuleDependsOnTheApiAndJGitOnly() throws Exception {
    // and on the Jackson its caches and stores are written with, which it declares itself now
    // that the api no longer brings Jackson along (issue 18)
    assertThat(compileDependencies("git"))
        .containsExactlyInAnyOrder("groundskeeper-api", "org.eclipse.jgit", "jackson-databind");
    assertThat(allDependencies("git")).noneMatch(artifact -> artifact.startsWith(
        "groundskeeper-rules-"));
  }

  @Test
  void ruleModulesDependOnTheApiOnly() throws Exception {
    List<String> modules;
    try (var list = Files.list(ROOT)) {
      modules = list.filter(dir -> dir.getFileName().toString().startsWith("rules-"))
          .filter(dir -> Files.isRegularFile(dir.resolve("pom.xml")))
          .map(dir -> dir.getFileName().toString()).sorted().toList();
    }
    assertThat(modules).contains("rules-worktree", "rules-branches", "rules-scratch");
    for (String module : modules) {
      assertThat(compileDependencies(module)).as(module).containsExactly("groundskeeper-api");
    }
  }

  private static List<String> compileDependencies(String module) throws Exception {
    return dependencies(module, false);
  }

  private static List<String> allDependencies(String module) throws Exception {
    return dependencies(module, true);
  }

  private static List<String> dependencies(String module, boolean withTests) throws Exception {
    Path pom = ROOT.resolve(module).resolve("pom.xml");
    if (!Files.isRegularFile(pom)) {
      throw new IOException("no pom at " + pom);
    }
    Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(pom.toFile());
    Element dependencies = (Element) document.getDocumentElement()
        .getElementsByTagName("dependencies").item(0);
    List<String> found = new ArrayList<>();
    NodeList list = dependencies.getElementsByTagName("dependency");
    for (int i = 0; i < list.getLength(); i++) {
      Element dependency = (Element) list.item(i);
      String scope = text(dependency, "scope");
      if (withTests || !scope.equals("test")) {
        found.add(text(dependency, "artifactId"));
      }
    }
    return found;
  }

  private static String text(Element element, String tag) {
    NodeList nodes = element.getElementsByTagName(tag);
    return nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent().strip();
  }
}
