package dev.groundskeeper.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

class GoldenCasesTest {

  private final RuleTester tester = RuleTester.of(new SampleRule())
      .withFacts(TestFacts.builder().with(SampleRule.KEPT, Set.of("notes")));

  @TempDir
  Path temp;

  @TestFactory
  Stream<DynamicTest> theSampleRulesGoldenCases() {
    return tester.goldenCases("golden/sample-keep-paths.yaml");
  }

  @Test
  void everyCaseBecomesOneNamedTest() {
    List<String> names = tester.goldenCases("/golden/sample-keep-paths.yaml")
        .map(DynamicTest::getDisplayName).toList();

    assertThat(names).containsExactly("removing a kept path is denied",
        "removing another path is advice", "other commands are allowed", "a write is not read",
        "a stop is not read");
  }

  @Test
  void aCaseThatDoesNotHoldFailsWithTheVerdict() throws Throwable {
    Path file = write("""
        cases:
          - name: wrongly expects allow
            command: rm -rf notes
            expect: allow
        """);

    DynamicTest test = tester.goldenCases(file).findFirst().orElseThrow();

    assertThatThrownBy(() -> test.getExecutable().execute())
        .isInstanceOf(AssertionFailedError.class)
        .hasMessageContaining("expected outcome ALLOW\n  but was  DENY");
    assertThat(test.getTestSourceUri()).contains(file.toUri());
  }

  @Test
  void aWrongEffectCountFails() throws Throwable {
    DynamicTest test = tester.goldenCases(write("""
        cases:
          - command: rm -rf notes
            expect: deny
            effects: 2
        """)).findFirst().orElseThrow();

    assertThat(test.getDisplayName()).isEqualTo("case 1");
    assertThatThrownBy(() -> test.getExecutable().execute())
        .isInstanceOf(AssertionFailedError.class)
        .hasMessageStartingWith("case 'case 1' in ")
        .hasMessageContaining("expected 2 effects");
  }

  @Test
  void aMisspeltKeyIsRefusedWithTheKnownKeys() {
    Path file = write("""
        cases:
          - command: ls
            expect: allow
            reason_contain: x
        """);

    assertThatThrownBy(() -> tester.goldenCases(file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("golden cases " + file + ": case 1: unknown key "
            + "'reason_contain' (known keys: [agent, command, completed, content, cwd, edit, ");
  }

  @Test
  void malformedFilesAreRefusedWithWhatIsWrong() {
    assertThatThrownBy(() -> tester.goldenCases(write("cases: []\n")))
        .hasMessageEndingWith(": expected a non-empty list under 'cases'");
    assertThatThrownBy(() -> tester.goldenCases(write("cases:\n  - command: ls\n")))
        .hasMessageEndingWith(": case 1 has no 'expect' (one of allow, advise, deny, "
            + "not_applicable, could_not_judge)");
    assertThatThrownBy(() -> tester.goldenCases(write(
        "cases:\n  - command: ls\n    edit: a.txt\n    expect: allow\n")))
        .hasMessageEndingWith(": case 1 needs exactly one event key of [command, completed, "
            + "edit, overwrite, prompt, stop, sweep, write], found 2");
    assertThatThrownBy(() -> tester.goldenCases(write("cases: [\n")))
        .hasMessageContaining(": not YAML: ");
    assertThatThrownBy(() -> tester.goldenCases(write("- a\n- b\n")))
        .hasMessageEndingWith(": the file must be a mapping, got [a, b]");
    assertThatThrownBy(() -> tester.goldenCases("golden/none-such.yaml"))
        .hasMessage("no golden-case file 'golden/none-such.yaml' on the class path");
  }

  @Test
  void anUnknownOutcomeIsRefusedWhenTheCaseRuns() {
    DynamicTest test = tester.goldenCases(write(
        "cases:\n  - command: ls\n    expect: blocked\n")).findFirst().orElseThrow();

    assertThatThrownBy(() -> test.getExecutable().execute())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageEndingWith(": case 'case 1': 'expect: blocked' is not an outcome (allow, "
            + "advise, deny, not_applicable, could_not_judge)");
  }

  private Path write(String yaml) {
    try {
      Path file = Files.createTempFile(temp, "cases", ".yaml");
      Files.writeString(file, yaml);
      return file;
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
