package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MainTest {

  @TempDir
  Path temp;

  @Test
  void helpListsEveryVerb() {
    CliRunner.Result result = new CliRunner(temp).run(temp, "--help");
    assertThat(result.exit()).isZero();
    assertThat(result.out()).startsWith("Usage: groundskeeper ")
        .contains("--plugin-path=PATH")
        .contains("  hook  ", "  check  ", "  rules  ", "  sweep  ", "  config  ");
  }

  @ParameterizedTest
  @ValueSource(strings = {"hook", "check", "rules", "sweep", "config", "config show",
      "config schema"})
  void everyVerbHasHelp(String verb) {
    String[] args = (verb + " --help").split(" ");
    CliRunner.Result result = new CliRunner(temp).run(temp, args);
    assertThat(result.exit()).isZero();
    assertThat(result.out()).startsWith("Usage: groundskeeper " + verb);
  }

  @Test
  void versionNamesTheBuild() {
    CliRunner.Result result = new CliRunner(temp).run(temp, "--version");
    assertThat(result.exit()).isZero();
    assertThat(result.out()).startsWith("groundskeeper " + Version.current() + "\nJava ");
    assertThat(Version.current()).matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
  }

  @Test
  void withoutAVerbItShowsUsageAndExitsTwo() {
    CliRunner.Result result = new CliRunner(temp).run(temp);
    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err()).startsWith("Usage: groundskeeper ");
  }

  @Test
  void anUnknownVerbExitsTwo() {
    CliRunner.Result result = new CliRunner(temp).run(temp, "polish");
    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.error()).isEqualTo("groundskeeper: Unmatched argument at index 0: 'polish'"
        + " (see groundskeeper --help)");
  }
}
