package dev.groundskeeper.release;

import static dev.groundskeeper.release.Poms.ROOT;
import static dev.groundskeeper.release.Poms.child;
import static dev.groundskeeper.release.Poms.children;
import static dev.groundskeeper.release.Poms.path;
import static dev.groundskeeper.release.Poms.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.release.Poms.Module;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/**
 * What Maven Central requires of every published artifact, held in the build. The lists come
 * from the reactor itself (the root pom's modules, each one published unless it sets
 * {@code maven.deploy.skip}), so a module added later is checked without editing this test.
 */
class ReleaseRequirementsTest {

  private static final String GROUP = "dev.groundskeeper";

  @Test
  void theParentCarriesTheMetadataCentralRequires() {
    Element root = Poms.root();
    assertMetadata(root, "the root pom");
    // Without these, Maven appends each module's artifactId to the inherited addresses.
    assertThat(root.getAttribute("child.project.url.inherit.append.path")).isEqualTo("false");
    Element scm = child(root, "scm").orElseThrow();
    for (String element : List.of("connection", "developerConnection", "url")) {
      assertThat(scm.getAttribute("child.scm." + element + ".inherit.append.path"))
          .as("scm %s inherit.append.path", element).isEqualTo("false");
    }
  }

  @Test
  void everyPublishedModuleNamesAndDescribesItselfAndInheritsTheRest() {
    for (Module module : Poms.modules()) {
      if (!module.published()) {
        continue;
      }
      String name = module.directory();
      assertThat(text(module.pom(), "name")).as("%s: <name>", name).isPresent();
      assertThat(text(module.pom(), "description")).as("%s: its own <description>", name)
          .isPresent();
      assertThat(text(module.pom(), "parent/artifactId")).as("%s: parent", name)
          .contains("groundskeeper-parent");
      for (String inherited : List.of("url", "licenses", "developers", "scm")) {
        assertThat(child(module.pom(), inherited)).as("%s overrides <%s>: keep it in the parent",
            name, inherited).isEmpty();
      }
    }
  }

  @Test
  void everyPublishedJarIsPackagedWithSourcesJavadocAndTheLicense() throws IOException {
    byte[] license = Poms.bytes(ROOT.resolve("LICENSE"));
    assertThat(new String(license, java.nio.charset.StandardCharsets.UTF_8))
        .contains("Apache License", "Version 2.0, January 2004");
    String version = Poms.version();
    List<Module> jars = Poms.publishedJars();
    assertThat(jars).extracting(Module::artifactId)
        .contains("groundskeeper-api", "groundskeeper-testkit");
    for (Module module : jars) {
      String base = module.artifactId() + "-" + version;
      Path jar = module.target().resolve(base + ".jar");
      assertThat(jar).as("%s was packaged before this module: it must be a dependency of "
          + "release-check", module.directory()).isRegularFile();
      try (JarFile file = new JarFile(jar.toFile())) {
        ZipEntry entry = file.getEntry("META-INF/LICENSE");
        assertThat(entry).as("%s: META-INF/LICENSE", jar.getFileName()).isNotNull();
        assertThat(file.getInputStream(entry).readAllBytes()).as("%s: META-INF/LICENSE is the "
            + "repository's LICENSE", jar.getFileName()).isEqualTo(license);
      }
      for (String classifier : List.of("sources", "javadoc")) {
        Path attached = module.target().resolve(base + "-" + classifier + ".jar");
        assertThat(attached).as("%s: a %s jar", module.directory(), classifier).isRegularFile();
        // Packaged after the main jar in the same build, not left over from an earlier one.
        assertThat(Files.getLastModifiedTime(attached))
            .as("%s: the %s jar is as new as the main jar", module.directory(), classifier)
            .isGreaterThanOrEqualTo(Files.getLastModifiedTime(jar));
      }
      try (JarFile sources = new JarFile(module.target().resolve(base + "-sources.jar")
          .toFile())) {
        assertThat(Collections.list(sources.entries()))
            .as("%s: sources jar holds the sources", module.directory())
            .anyMatch(entry -> entry.getName().endsWith(".java"));
      }
      try (JarFile javadoc = new JarFile(module.target().resolve(base + "-javadoc.jar")
          .toFile())) {
        assertThat(javadoc.getEntry("index.html")).as("%s: javadoc jar", module.directory())
            .isNotNull();
      }
    }
  }

  @Test
  void theBenchmarksTheExamplesAndThisCheckAreNotPublished() {
    List<String> unpublished = Poms.modules().stream().filter(module -> !module.published())
        .map(Module::artifactId).toList();
    assertThat(unpublished).containsExactlyInAnyOrder("groundskeeper-bench",
        "groundskeeper-spi-examples", "groundskeeper-release-check");
  }

  @Test
  void theBomManagesExactlyThePublishedModules() {
    Element bom = Poms.bom();
    Element managed = path(bom, "dependencyManagement/dependencies").orElseThrow();
    List<String> published = Poms.publishedJars().stream().map(Module::artifactId).toList();
    assertThat(Poms.ownArtifacts(managed)).as("dev.groundskeeper artifacts of bom/pom.xml")
        .containsExactlyInAnyOrderElementsOf(published);
    for (Element dependency : children(managed, "dependency")) {
      if (text(dependency, "groupId").orElse("").equals(GROUP)) {
        assertThat(text(dependency, "version")).contains("${project.version}");
      }
    }
    assertThat(text(bom, "version")).contains(Poms.version());
    assertMetadata(bom, "bom/pom.xml");
  }

  @Test
  void theBomAlignsTheTestPlatformAtTheVersionsTheParentBuildsWith() {
    Element bom = Poms.bom();
    Element managed = path(bom, "dependencyManagement/dependencies").orElseThrow();
    Element junit = managed(managed, "org.junit", "junit-bom").orElseThrow(
        () -> new AssertionError("the bom imports junit-bom"));
    assertThat(text(junit, "scope")).contains("import");
    assertThat(text(junit, "type")).contains("pom");
    assertThat(resolve(bom, text(junit, "version").orElseThrow()))
        .isEqualTo(text(Poms.root(), "properties/junit.version").orElseThrow());
    for (String jqwik : List.of("jqwik", "jqwik-api", "jqwik-engine")) {
      Element dependency = managed(managed, "net.jqwik", jqwik).orElseThrow(
          () -> new AssertionError("the bom manages net.jqwik:" + jqwik));
      assertThat(resolve(bom, text(dependency, "version").orElseThrow())).as(jqwik)
          .isEqualTo(text(Poms.root(), "properties/jqwik.version").orElseThrow());
    }
  }

  /**
   * What a consumer of {@code groundskeeper-api} gets besides it: SnakeYAML alone (it parses the
   * configuration layers; it has no dependencies of its own). Guava was unused and Jackson only
   * wrote JSON, which the api now writes itself; docs/releasing.md has the measurement.
   */
  @Test
  void theApiBringsSnakeYamlAndNothingElse() {
    Element api = Poms.read(ROOT.resolve("api/pom.xml"));
    List<String> published = new ArrayList<>();
    for (Element dependency : children(child(api, "dependencies").orElseThrow(),
        "dependency")) {
      String scope = text(dependency, "scope").orElse("compile");
      if (!scope.equals("test") && !scope.equals("provided")) {
        published.add(text(dependency, "groupId").orElseThrow() + ":"
            + text(dependency, "artifactId").orElseThrow() + " (" + scope + ")");
      }
    }
    assertThat(published).as("api/pom.xml: the dependencies a consumer of the api receives")
        .containsExactly("org.yaml:snakeyaml (compile)");
    assertThat(child(api, "dependencyManagement")).as("api/pom.xml pins nothing of its own")
        .isEmpty();
    assertThat(child(Poms.root(), "dependencies")).as("the root pom gives every module "
        + "dependencies (the api among them)").isEmpty();
  }

  /**
   * The runnable jar and the distribution archive are published with the cli, not only left in
   * cli/target: the shaded jar is attached (classifier all) under the name bin/groundskeeper
   * starts, and the archive is attached (classifier dist). DistributionIT checks what they hold.
   */
  @Test
  void theCliAttachesTheRunnableJarAndTheDistribution() {
    Element plugins = path(Poms.read(ROOT.resolve("cli/pom.xml")), "build/plugins").orElseThrow();
    Element shade = plugin(plugins, "maven-shade-plugin").orElseThrow();
    Element shading = path(shade, "executions/execution/configuration").orElseThrow();
    assertThat(text(shading, "shadedArtifactAttached")).contains("true");
    assertThat(text(shading, "shadedClassifierName")).contains("all");
    assertThat(text(shading, "finalName")).as("the name bin/groundskeeper starts")
        .contains("groundskeeper");
    assertThat(child(shading, "outputFile")).as("an outputFile is never attached").isEmpty();
    Element antrun = plugin(plugins, "maven-antrun-plugin").orElseThrow();
    Element target = path(antrun, "executions/execution/configuration/target").orElseThrow();
    Element attach = child(target, "attachartifact").orElseThrow(
        () -> new AssertionError("the distribution archive is attached"));
    assertThat(attach.getAttribute("classifier")).isEqualTo("dist");
    assertThat(attach.getAttribute("type")).isEqualTo("tar.gz");
    assertThat(child(target, "checksum")).as("a checksum beside the archive").isPresent();
  }

  @Test
  void releaseCheckDependsOnEveryPublishedModule() {
    Module self = Poms.modules().stream().filter(m -> m.directory().equals("release-check"))
        .findFirst().orElseThrow();
    List<String> expected = new ArrayList<>(Poms.publishedJars().stream()
        .map(Module::artifactId).toList());
    expected.add("groundskeeper-bom");
    assertThat(Poms.ownArtifacts(child(self.pom(), "dependencies").orElseThrow()))
        .as("release-check's dependencies: the reactor builds them first and the invoker "
            + "installs them for the consumer template")
        .containsExactlyInAnyOrderElementsOf(expected);
  }

  @Test
  void theReleaseProfileSignsAndPublishesToCentralAndIsOffByDefault() {
    Element profile = children(path(Poms.root(), "profiles").orElseThrow(), "profile").stream()
        .filter(p -> text(p, "id").orElse("").equals("release")).findFirst()
        .orElseThrow(() -> new AssertionError("a release profile"));
    assertThat(child(profile, "activation")).as("the release profile is never active by "
        + "default").isEmpty();
    Element plugins = path(profile, "build/plugins").orElseThrow();
    Element gpg = plugin(plugins, "maven-gpg-plugin").orElseThrow();
    assertThat(text(gpg, "executions/execution/goals/goal")).contains("sign");
    Element central = plugin(plugins, "central-publishing-maven-plugin").orElseThrow();
    assertThat(text(central, "groupId")).contains("org.sonatype.central");
    assertThat(text(central, "extensions")).contains("true");
    assertThat(text(central, "configuration/publishingServerId")).isPresent();
    assertThat(text(central, "configuration/skipPublishing")).contains("${maven.deploy.skip}");
    // Versions live in pluginManagement, so the default build pins them too.
    Element managed = path(Poms.root(), "build/pluginManagement/plugins").orElseThrow();
    for (String artifact : List.of("maven-gpg-plugin", "central-publishing-maven-plugin",
        "maven-source-plugin", "maven-javadoc-plugin")) {
      assertThat(plugin(managed, artifact).flatMap(p -> text(p, "version"))).as(artifact)
          .isPresent();
    }
  }

  @Test
  void everyTemplateImportsTheBomAtThisVersionAndNothingElse() throws IOException {
    List<Path> templates = new ArrayList<>();
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(ROOT.resolve("templates"))) {
      dirs.forEach(dir -> {
        if (Files.isRegularFile(dir.resolve("pom.xml"))) {
          templates.add(dir);
        }
      });
    }
    assertThat(templates).isNotEmpty();
    for (Path template : templates) {
      Element pom = Poms.read(template.resolve("pom.xml"));
      assertThat(text(pom, "properties/groundskeeper.version")).as("%s", template)
          .contains(Poms.version());
      Element managed = path(pom, "dependencyManagement/dependencies").orElseThrow();
      List<Element> imports = children(managed, "dependency");
      assertThat(imports).as("%s: its dependencyManagement is the bom alone, no junit-bom "
          + "or platform pins", template).hasSize(1);
      assertThat(text(imports.get(0), "artifactId")).contains("groundskeeper-bom");
      for (Element dependency : children(child(pom, "dependencies").orElseThrow(),
          "dependency")) {
        assertThat(text(dependency, "version")).as("%s: %s takes its version from the bom",
            template, text(dependency, "artifactId").orElse("?")).isEmpty();
      }
    }
  }

  private static void assertMetadata(Element pom, String what) {
    assertThat(text(pom, "name")).as("%s: name", what).isPresent();
    assertThat(text(pom, "description")).as("%s: description", what).isPresent();
    String url = resolve(pom, text(pom, "url").orElseThrow(
        () -> new AssertionError(what + ": url")));
    assertThat(url).as("%s: url", what).startsWith("https://");
    assertThat(url).isEqualTo(resolve(Poms.root(), text(Poms.root(), "url").orElseThrow()));
    assertThat(text(pom, "licenses/license/name")).as("%s: license", what)
        .contains("Apache-2.0");
    assertThat(text(pom, "licenses/license/url")).as("%s: license url", what)
        .contains("https://www.apache.org/licenses/LICENSE-2.0.txt");
    assertThat(text(pom, "developers/developer/name")).as("%s: a developer", what).isPresent();
    for (String element : List.of("connection", "developerConnection", "url")) {
      assertThat(text(pom, "scm/" + element).map(value -> resolve(pom, value)))
          .as("%s: scm %s", what, element).hasValueSatisfying(value -> assertThat(value)
              .contains(url.substring("https://".length())));
    }
  }

  /** A value with {@code ${property}} references to the pom's own properties filled in. */
  private static String resolve(Element pom, String value) {
    String resolved = value;
    for (int i = 0; i < 5 && resolved.contains("${"); i++) {
      int start = resolved.indexOf("${");
      int end = resolved.indexOf('}', start);
      String name = resolved.substring(start + 2, end);
      Optional<String> property = text(pom, "properties/" + name);
      if (property.isEmpty()) {
        break;
      }
      resolved = resolved.substring(0, start) + property.get() + resolved.substring(end + 1);
    }
    return resolved;
  }

  private static Optional<Element> managed(Element dependencies, String group, String artifact) {
    return children(dependencies, "dependency").stream()
        .filter(d -> text(d, "groupId").orElse("").equals(group))
        .filter(d -> text(d, "artifactId").orElse("").equals(artifact)).findFirst();
  }

  private static Optional<Element> plugin(Element plugins, String artifact) {
    return children(plugins, "plugin").stream()
        .filter(p -> text(p, "artifactId").orElse("").equals(artifact)).findFirst();
  }
}
