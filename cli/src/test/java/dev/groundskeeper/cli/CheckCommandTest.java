package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckCommandTest {

  @TempDir
  Path temp;

  Path project;
  CliRunner cli;

  @BeforeEach
  void setUp() throws IOException {
    project = Files.createDirectories(temp.resolve("project"));
    cli = new CliRunner(temp);
  }

  @Test
  void anAllowedCommandExitsZero() {
    CliRunner.Result result = cli.run(project, "check", "--", "ls", "-la");
    assertThat(result.exit()).isZero();
    assertThat(result.output()).isEqualTo("allow: ls -la");
    assertThat(result.err()).isEmpty();
  }

  @Test
  void adviceExitsOneAndPrintsTheAdvice() {
    CliRunner.Result result = cli.run(project, "check", "--", "echo", "note");
    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.output())
        .isEqualTo("advise: echo note\n[clitest.notes] noted: echo note in " + project);
  }

  @Test
  void aDenialExitsThreeAndNamesTheWayOut() {
    CliRunner.Result result = cli.run(project, "check", "--", "rm -rf /");
    assertThat(result.exit()).isEqualTo(3);
    assertThat(result.output()).isEqualTo("deny: rm -rf /\n[clitest.guard] it removes everything\n"
        + "Remove only the build output:\n  rm -r ./build");
  }

  @Test
  void aRuleThatCouldNotJudgeCountsAsAdvice() {
    CliRunner.Result result = cli.run(project, "check", "--", "explode");
    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.output()).isEqualTo("advise: explode\n[clitest.fragile] could not judge:"
        + " the rule failed: boom");
  }

  @Test
  void wordsAfterTheFirstAreTheCommandEvenWhenTheyLookLikeOptions() {
    CliRunner.Result result = cli.run(project, "check", "rm", "-rf", "/");
    assertThat(result.exit()).isEqualTo(3);
    assertThat(result.output()).startsWith("deny: rm -rf /\n");
  }

  @Test
  void jsonListsEveryVerdict() throws IOException {
    CliRunner.Result result = cli.run(project, "check", "--json", "--", "echo", "note");
    assertThat(result.exit()).isEqualTo(1);
    JsonNode json = Json.MAPPER.readTree(result.out());
    assertThat(json.get("command").asText()).isEqualTo("echo note");
    assertThat(json.get("cwd").asText()).isEqualTo(project.toString());
    assertThat(json.get("outcome").asText()).isEqualTo("advise");
    assertThat(json.get("message").asText())
        .isEqualTo("[clitest.notes] noted: echo note in " + project);
    assertThat(json.get("verdicts")).hasSize(3);
    assertThat(json.get("verdicts").findValuesAsText("rule"))
        .containsExactly("clitest.fragile", "clitest.guard", "clitest.notes");
    assertThat(json.get("verdicts").findValuesAsText("outcome"))
        .containsExactly("allow", "allow", "advise");
  }

  @Test
  void jsonCarriesTheRemedyOfADenial() throws IOException {
    CliRunner.Result result = cli.run(project, "check", "--json", "--", "rm -rf /");
    assertThat(result.exit()).isEqualTo(3);
    JsonNode guard = Json.MAPPER.readTree(result.out()).get("verdicts").get(1);
    assertThat(Json.compact(guard)).isEqualTo("{\"rule\":\"clitest.guard\",\"outcome\":\"deny\","
        + "\"reason\":\"it removes everything\",\"remedy\":{\"description\":"
        + "\"Remove only the build output:\",\"commands\":[\"rm -r ./build\"]},"
        + "\"findings\":[],\"effects\":[]}");
  }

  @Test
  void cwdIsWhereTheCommandIsJudged() throws IOException {
    Path other = Files.createDirectories(temp.resolve("other"));
    CliRunner.Result result = cli.run(project, "check", "--cwd", "../other", "--", "echo note");
    assertThat(result.output()).endsWith("noted: echo note in " + other);
  }

  @Test
  void cwdMustBeADirectory() {
    CliRunner.Result result = cli.run(project, "check", "--cwd", "missing", "--", "ls");
    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.error())
        .isEqualTo("groundskeeper check: --cwd " + project.resolve("missing")
            + " is not a directory");
  }

  @Test
  void aCommandIsRequired() {
    CliRunner.Result result = cli.run(project, "check", "--json");
    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.error()).isEqualTo("groundskeeper check: Missing required parameter:"
        + " 'COMMAND' (see groundskeeper check --help)");
  }

  @Test
  void anEmptyCommandIsNothingToJudge() {
    CliRunner.Result result = cli.run(project, "check", "--", " ");
    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.error())
        .isEqualTo("groundskeeper check: nothing to judge: the command is empty");
  }

  @Test
  void aCommandReadOnlyInPartSaysSo() throws IOException {
    CliRunner.Result text = cli.run(project, "check", "--", "echo \"unterminated");
    assertThat(text.output()).contains("note: the command could not be read in full (")
        .contains(" at offset 5); the rules judged what could be read");
    CliRunner.Result json = cli.run(project, "check", "--json", "--", "echo \"unterminated");
    JsonNode unread = Json.MAPPER.readTree(json.out()).get("unread");
    assertThat(unread).hasSize(1);
    assertThat(unread.get(0).get("offset").asInt()).isEqualTo(5);
    assertThat(Json.MAPPER.readTree(cli.run(project, "check", "--json", "--", "ls").out())
        .get("unread")).isEmpty();
  }

  @Test
  void scratchModeAppliesToChecksToo() {
    cli.env("GROUNDSKEEPER_SESSION_MODE", "scratch");
    assertThat(cli.run(project, "check", "--", "git", "commit", "-m", "x").exit()).isEqualTo(3);
  }

  @Test
  void anInvalidSessionModeCannotBeJudged() {
    cli.env("GROUNDSKEEPER_SESSION_MODE", "maybe");
    CliRunner.Result result = cli.run(project, "check", "--", "ls");
    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.error()).isEqualTo("groundskeeper check: GROUNDSKEEPER_SESSION_MODE must be"
        + " `normal` or `scratch`, not `maybe`");
  }
}
