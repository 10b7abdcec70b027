package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepCommandTest {

  @TempDir
  Path temp;

  @Test
  void printsEachSectionWithFindingsAndRemedy() throws IOException {
    Path repo = Files.createDirectories(temp.resolve("repo"));
    Files.createDirectories(repo.resolve(".git"));
    Path sub = Files.createDirectories(repo.resolve("src"));
    CliRunner.Result result = new CliRunner(temp).run(sub, "sweep");
    assertThat(result.exit()).isZero();
    assertThat(result.output()).isEqualTo(String.join("\n",
        "Sweep of repository " + repo + ": 1 rule looked, 1 has something to say.",
        "",
        "[clitest.notes] swept at " + CliRunner.NOW,
        "  - path notes/old.md: 30 days old",
        "  Remove it:",
        "    rm notes/old.md"));
  }

  @Test
  void outsideARepositoryItSaysSo() {
    CliRunner.Result result = new CliRunner(temp).run(temp, "sweep");
    assertThat(result.exit()).isZero();
    assertThat(result.output()).startsWith("Sweep of " + temp + " (not in a git repository): ");
  }

  @Test
  void jsonHasOneSectionPerRuleWithSomethingToSay() throws IOException {
    CliRunner.Result result = new CliRunner(temp).run(temp, "sweep", "--json");
    assertThat(result.exit()).isZero();
    JsonNode report = Json.MAPPER.readTree(result.out());
    assertThat(report.get("directory").asText()).isEqualTo(temp.toString());
    assertThat(report.has("repository")).as("outside a repository: left out").isFalse();
    assertThat(report.get("rules_run").asInt()).isEqualTo(1);
    assertThat(Json.compact(report.get("sections"))).isEqualTo("[{\"rule\":\"clitest.notes\","
        + "\"outcome\":\"advise\",\"reason\":\"swept at " + CliRunner.NOW + "\",\"remedy\":"
        + "{\"description\":\"Remove it:\",\"commands\":[\"rm notes/old.md\"]},\"findings\":"
        + "[{\"kind\":\"path\",\"subject\":\"notes/old.md\",\"detail\":\"30 days old\"}],"
        + "\"effects\":[]}]");
  }

  @Test
  void anInvalidConfigurationExitsTwoWithTheWholeMessage() throws IOException {
    Path repo = Files.createDirectories(temp.resolve("repo"));
    Files.createDirectories(repo.resolve(".git"));
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "engine:\n  on_eror: deny\n");
    CliRunner.Result result = new CliRunner(temp).run(repo, "sweep");
    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.out()).isEmpty();
    assertThat(result.err()).startsWith("groundskeeper sweep: ")
        .contains(repo.resolve(".groundskeeper.yaml").toString());
  }

  @Test
  void anInternalErrorIsReportedAndExitsTwo() {
    CliRunner broken = CliRunner.withPolicy(temp, builder -> {
      throw new IllegalStateException("kaput");
    });
    CliRunner.Result result = broken.run(temp, "sweep");
    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.error())
        .isEqualTo("groundskeeper sweep: internal error: kaput (--debug prints its stack trace)");
  }
}
