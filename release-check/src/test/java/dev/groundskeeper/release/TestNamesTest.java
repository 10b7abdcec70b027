package dev.groundskeeper.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every test class runs in {@code mvn -B verify}: surefire only runs classes named
 * {@code *Test}, {@code Test*}, {@code *Tests} or {@code *TestCase}, and failsafe {@code *IT}, so a
 * class of tests named otherwise is silently never run (api's {@code ConfigProperties} went
 * unrun, and failing, for a while).
 */
class TestNamesTest {

  private static final Pattern RUN = Pattern.compile(
      "(.*Test|Test.*|.*Tests|.*TestCase|.*IT)\\.java");
  private static final Pattern TESTS = Pattern.compile(
      "^\\s*@(Test|Property|Example|ParameterizedTest|RepeatedTest|TestFactory)\\b",
      Pattern.MULTILINE);

  @Test
  void everyClassHoldingTestsHasANameTheBuildRuns() throws IOException {
    List<String> unrun = new ArrayList<>();
    for (Poms.Module module : Poms.modules()) {
      Path tests = Poms.ROOT.resolve(module.directory()).resolve("src/test/java");
      if (!Files.isDirectory(tests)) {
        continue;
      }
      try (Stream<Path> files = Files.walk(tests)) {
        for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
          String name = file.getFileName().toString();
          if (!RUN.matcher(name).matches()
              && TESTS.matcher(Files.readString(file, StandardCharsets.UTF_8)).find()) {
            unrun.add(Poms.ROOT.relativize(file).toString());
          }
        }
      }
    }
    assertThat(unrun).as("test classes surefire and failsafe never run").isEmpty();
  }
}
