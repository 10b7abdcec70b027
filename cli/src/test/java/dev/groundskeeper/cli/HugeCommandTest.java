package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.shell.Shell;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Bash command of 1 MiB through {@code groundskeeper hook} (issue 17): the hook answers in the
 * runner's shape, within seconds where it used to run past any runner's timeout (which runners
 * read as "go ahead"): the rules judge at most {@link Shell#MAX_JUDGED_COMMANDS} simple commands,
 * and a longer command is refused by the loss guards as one they could not read, wherever a
 * loss sits in it. A command just under the bound, in the shape the rules compare in pairs most,
 * is judged whole.
 */
class HugeCommandTest {

  static final int MIB = 1024 * 1024;

  @TempDir
  Path temp;

  private Path repo;
  private CliRunner cli;

  @BeforeEach
  void setUp() {
    repo = LossRepository.create(temp.resolve("repo"));
    cli = CliRunner.builtInRulesOnly(temp);
  }

  private CliRunner.Result hook(String command) throws Exception {
    ObjectNode payload = Json.object().put("session_id", "huge").put("cwd", repo.toString())
        .put("transcript_path", temp.resolve("t.jsonl").toString())
        .put("hook_event_name", "PreToolUse").put("tool_name", "Bash");
    payload.putObject("tool_input").put("command", command);
    return cli.withBytes(repo, Json.MAPPER.writeValueAsBytes(payload), "hook");
  }

  private static String filled(String unit) {
    return unit.repeat(MIB / unit.length());
  }

  private String denial(CliRunner.Result result) throws Exception {
    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out() + result.err()).doesNotContain("\tat ");
    JsonNode answer = Json.MAPPER.readTree(result.output()).path("hookSpecificOutput");
    assertThat(answer.path("permissionDecision").asText()).as(result.output())
        .isEqualTo("deny");
    assertThat(Git.run(repo, "branch", "--list", "feat/x")).contains("feat/x");
    return answer.path("permissionDecisionReason").asText();
  }

  @ParameterizedTest
  @ValueSource(strings = {"echo hi && ",
      "git commit -F untracked/scratch/m.md && rm untracked/scratch/o.md && ",
      "git commit -F untracked/scratch/m.md; rm untracked/scratch/o.md; ",
      "cat a | grep b | ", "git status; ", "printf 'x' | git update-ref --stdin && "})
  void aMebibyteOfCommandsEndingInALossIsRefusedAsTooLongToJudge(String unit) throws Exception {
    assertThat(denial(hook(filled(unit) + "git branch -D feat/x")))
        .contains("more than the " + Shell.MAX_JUDGED_COMMANDS + " a rule judges");
  }

  @ParameterizedTest
  @ValueSource(strings = {"echo hi && ", "ls -la | grep x; "})
  void aMebibyteOfCommandsNamingNoLossIsLetThrough(String unit) throws Exception {
    // nothing in the text is a command a loss guard judges, so none of them refuses it
    CliRunner.Result result = hook(filled(unit) + "true");
    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out() + result.err()).doesNotContain("\tat ");
    assertThat(Json.MAPPER.readTree(result.output()).path("hookSpecificOutput")
        .path("permissionDecision").asText("allow")).isNotEqualTo("deny");
  }

  @ParameterizedTest
  @ValueSource(strings = {"git commit -F untracked/scratch/m.md && rm untracked/scratch/o.md && ",
      "git commit -F untracked/scratch/m.md; rm untracked/scratch/o.md; "})
  void aCommandJustUnderTheBoundIsJudgedWhole(String unit) throws Exception {
    // each unit is two simple commands; the deletion is the last one the rules may judge
    String command = unit.repeat((Shell.MAX_JUDGED_COMMANDS - 1) / 2) + "git branch -D feat/x";
    assertThat(denial(hook(command))).doesNotContain("a rule judges").contains("feat/x");
  }
}
