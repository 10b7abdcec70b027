package dev.groundskeeper.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/**
 * After the invoker built each consumer template from the installed artifacts: its tests ran
 * (an old surefire would have run none and still reported success), jqwik properties among them,
 * and the build log shows no class missing from the test platform.
 */
class TemplateBuildIT {

  private static final Path BUILT = Path.of("target/it");

  @Test
  void everyTemplateRanItsTestsAndPropertiesAndPassed() throws IOException {
    List<Path> templates;
    try (Stream<Path> dirs = Files.list(BUILT)) {
      templates = dirs.filter(dir -> Files.isRegularFile(dir.resolve("pom.xml"))).toList();
    }
    assertThat(templates).as("templates built under %s", BUILT).isNotEmpty();
    for (Path template : templates) {
      String log = Files.readString(template.resolve("build.log"), StandardCharsets.UTF_8);
      assertThat(log).as("%s/build.log", template).contains("BUILD SUCCESS")
          .doesNotContain("NoClassDefFoundError", "OutputDirectoryCreator");
      List<Element> cases = new ArrayList<>();
      int failed = 0;
      try (Stream<Path> reports = Files.list(template.resolve("target/surefire-reports"))) {
        for (Path report : reports.filter(f -> f.getFileName().toString().startsWith("TEST-"))
            .toList()) {
          Element suite = Poms.read(report);
          failed += Integer.parseInt(suite.getAttribute("failures"))
              + Integer.parseInt(suite.getAttribute("errors"));
          cases.addAll(Poms.children(suite, "testcase"));
        }
      }
      assertThat(failed).as("%s: failed tests", template).isZero();
      assertThat(cases).as("%s: tests run", template).hasSizeGreaterThan(5);
      // RuleContract's properties, inherited by the template's contract test.
      assertThat(cases).extracting(c -> c.getAttribute("name"))
          .contains("answersEveryEventWithAVerdict", "answersInItsOwnName");
    }
  }
}
