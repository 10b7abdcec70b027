package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged rule modules through {@code groundskeeper hook} on real repositories: the facts the
 * command composes (repository and file facts) reach the rules, and the effects they ask for are
 * performed.
 */
class BuiltInRulesHookTest {

  @TempDir
  Path temp;

  private Path repo;
  private CliRunner cli;

  @BeforeEach
  void setUp() {
    repo = Git.init(temp.resolve("repo"));
    cli = CliRunner.builtInRulesOnly(temp);
  }

  private JsonNode hook(ObjectNode payload) throws IOException {
    CliRunner.Result result = cli.withInput(repo, Json.MAPPER.writeValueAsString(payload), "hook");
    assertThat(result.exit()).as(result.err()).isZero();
    return Json.MAPPER.readTree(result.out());
  }

  private ObjectNode bash(String event, String command) {
    ObjectNode node = Json.object().put("session_id", "s1").put("cwd", repo.toString())
        .put("hook_event_name", event).put("tool_name", "Bash");
    node.putObject("tool_input").put("command", command);
    return node;
  }

  @Test
  void aBranchCreatedInAFreshRepositoryIsJudgedWithoutNotes() throws IOException {
    Path fresh = temp.resolve("fresh");
    Files.createDirectories(fresh);
    Git.run(fresh, "init", "-q", "-b", "main");
    ObjectNode payload = bash("PreToolUse", "git switch -c feat/first");
    payload.put("cwd", fresh.toString());

    CliRunner.Result result = cli.withInput(fresh, Json.MAPPER.writeValueAsString(payload), "hook");

    // before its first commit the default branch is the one HEAD names: nothing to be unsure of
    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out().strip()).isEqualTo("{}");
  }

  @Test
  void aForcedDeletionOfABranchWhoseCommitLivesNowhereElseIsDenied() throws IOException {
    Git.run(repo, "branch", "feat/x");
    Git.run(repo, "switch", "-q", "feat/x");
    Git.run(repo, "commit", "-q", "--allow-empty", "-m", "only here");
    Git.run(repo, "switch", "-q", "main");

    JsonNode answer = hook(bash("PreToolUse", "git branch -D feat/x"));

    JsonNode specific = answer.path("hookSpecificOutput");
    assertThat(specific.path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(specific.path("permissionDecisionReason").asText())
        .contains("branches.force-removal", "feat/x", "1 commit");
    assertThat(Git.run(repo, "branch", "--list", "feat/x")).contains("feat/x");
  }

  @Test
  void anInvalidConfigurationLeavesTheGuardsOnTheirDefaults() throws IOException {
    Git.run(repo, "switch", "-q", "-c", "feat/x");
    Git.run(repo, "commit", "-q", "--allow-empty", "-m", "only here");
    Git.run(repo, "switch", "-q", "main");
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "branches:\n  wip:\n    capp: 5\n");

    JsonNode answer = hook(bash("PreToolUse", "git branch -D feat/x"));

    JsonNode specific = answer.path("hookSpecificOutput");
    assertThat(specific.path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(specific.path("permissionDecisionReason").asText())
        .contains("branches.force-removal", "feat/x");
  }

  @Test
  void aPluginThatCannotBeLoadedLeavesTheBuiltInGuardsJudging() throws IOException {
    Git.run(repo, "switch", "-q", "-c", "feat/x");
    Git.run(repo, "commit", "-q", "--allow-empty", "-m", "only here");
    Git.run(repo, "switch", "-q", "main");
    Files.createDirectories(repo.resolve("empty-plugins"));
    Files.writeString(repo.resolve("not-a.jar"), "not a zip");
    // Untrusted, the repository's plugin is never loaded, and the guards judge as ever.
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "engine:\n  plugins: [not-a.jar]\n");
    CliRunner.Result untrusted = cli.withInput(repo,
        Json.MAPPER.writeValueAsString(bash("PreToolUse", "git branch -D feat/x")), "hook");
    assertThat(untrusted.exit()).as(untrusted.err()).isZero();
    assertThat(Json.MAPPER.readTree(untrusted.out()).path("hookSpecificOutput")
        .path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(untrusted.err()).doesNotContain("could not be loaded");
    assertThat(cli.run(repo, "trust").exit()).isZero();
    for (String plugin : new String[] {"tools/missing.jar", "empty-plugins", "not-a.jar"}) {
      Files.writeString(repo.resolve(".groundskeeper.yaml"),
          "engine:\n  plugins: [" + plugin + "]\n");

      CliRunner.Result result = cli.withInput(repo,
          Json.MAPPER.writeValueAsString(bash("PreToolUse", "git branch -D feat/x")), "hook");

      // exit 1 would read to Claude Code as "the hook failed, go ahead"
      assertThat(result.exit()).as(plugin + ": " + result.err()).isZero();
      JsonNode specific = Json.MAPPER.readTree(result.out()).path("hookSpecificOutput");
      assertThat(specific.path("permissionDecision").asText()).as(plugin).isEqualTo("deny");
      assertThat(specific.path("permissionDecisionReason").asText()).as(plugin)
          .contains("branches.force-removal", "feat/x");
      assertThat(result.err()).as(plugin).contains("could not be loaded")
          .contains("judged on the embedded defaults");
    }
    assertThat(Git.run(repo, "branch", "--list", "feat/x")).contains("feat/x");
  }

  @Test
  void aForcedDeletionAimedAtAnotherRepositoryIsRefusedRatherThanJudgedOnTheWrongOne()
      throws IOException {
    Git.run(repo, "switch", "-q", "-c", "feat/x");
    Git.run(repo, "commit", "-q", "--allow-empty", "-m", "only here");
    Git.run(repo, "switch", "-q", "main");
    Path other = Git.init(temp.resolve("other"));
    for (String command : new String[] {"git -C " + repo + " branch -D feat/x",
        "cd " + repo + " && git branch -D feat/x",
        "git --git-dir=" + repo.resolve(".git") + " branch -D feat/x"}) {
      ObjectNode payload = bash("PreToolUse", command).put("cwd", other.toString());

      JsonNode specific = hook(payload).path("hookSpecificOutput");

      assertThat(specific.path("permissionDecision").asText()).as(command).isEqualTo("deny");
      assertThat(specific.path("permissionDecisionReason").asText()).as(command)
          .contains("cannot be judged");
    }
    assertThat(Git.run(repo, "branch", "--list", "feat/x")).contains("feat/x");
  }

  @Test
  void aForcedDeletionOutsideAnyRepositoryFailsClosed() throws IOException {
    Path nowhere = java.nio.file.Files.createDirectories(temp.resolve("nowhere"));
    ObjectNode payload = bash("PreToolUse", "git branch -D feat/x").put("cwd", nowhere.toString());

    CliRunner.Result result =
        cli.withInput(nowhere, Json.MAPPER.writeValueAsString(payload), "hook");

    JsonNode specific = Json.MAPPER.readTree(result.out()).path("hookSpecificOutput");
    assertThat(specific.path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(specific.path("permissionDecisionReason").asText())
        .contains("is in no git repository, so nothing proves what it would delete");
  }

  @Test
  void aForcedDeletionFromASubdirectoryOfTheSameCheckoutIsJudgedNormally() throws IOException {
    Files.createDirectories(repo.resolve("sub"));
    Git.run(repo, "branch", "done");

    JsonNode answer = hook(bash("PreToolUse", "cd sub && git branch -D done"));

    assertThat(answer.path("hookSpecificOutput").path("permissionDecision").asText())
        .isNotEqualTo("deny");
  }

  @Test
  void aForcedDeletionOfAMergedBranchIsAllowed() throws IOException {
    Git.run(repo, "branch", "done");

    JsonNode answer = hook(bash("PreToolUse", "git branch -D done"));

    assertThat(answer.path("hookSpecificOutput").path("permissionDecision").asText())
        .isNotEqualTo("deny");
  }

  @Test
  void aNewNonScratchFileUnderTheScratchRootIsDenied() throws IOException {
    Files.createDirectories(repo.resolve("untracked/scratch"));
    ObjectNode write = Json.object().put("session_id", "s1").put("cwd", repo.toString())
        .put("hook_event_name", "PreToolUse").put("tool_name", "Write");
    write.putObject("tool_input").put("file_path", "untracked/scratch/fix.patch")
        .put("content", "diff --git a/x b/x\n");

    JsonNode answer = hook(write);

    JsonNode specific = answer.path("hookSpecificOutput");
    assertThat(specific.path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(specific.path("permissionDecisionReason").asText())
        .contains("scratch.shape", "fix.patch");
  }

  @Test
  void theTextSweepEscapesControlBytesOfBranchNames() throws IOException {
    String tip = Git.run(repo, "rev-parse", "HEAD").strip();
    Git.run(repo, "switch", "-q", "-c", "work");
    Git.run(repo, "commit", "-q", "--allow-empty", "-m", "work");
    Git.run(repo, "switch", "-q", "main");
    String work = Git.run(repo, "rev-parse", "work").strip();
    // git refuses such a name; a ref file written behind its back must not reach the terminal raw
    Files.writeString(repo.resolve(".git/refs/heads/evil\u001b[31mred\u0007"), work + "\n");

    CliRunner.Result result = cli.run(repo, "sweep");

    assertThat(tip).isNotEqualTo(work);
    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out()).doesNotContain("\u001b", "\u0007").contains("evil\\x1b[31mred");
  }

  @Test
  void theSweepReadsTheRepository() throws IOException {
    Files.createDirectories(repo.resolve("untracked"));
    Files.writeString(repo.resolve("untracked/stray-notes.md"), "# notes\n");

    CliRunner.Result result = cli.run(repo, "sweep");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out()).contains("scratch.sweep", "stray-notes.md")
        .doesNotContain("could not judge");
  }

  @Test
  void outsideARepositoryTheSweepSaysSoAndNoRuleFails() throws IOException {
    Path elsewhere = Files.createDirectories(temp.resolve("not-a-repo"));

    CliRunner.Result result = cli.run(elsewhere, "sweep");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out()).startsWith("Sweep of " + elsewhere + " (not in a git repository): ")
        .contains("none has anything to say").doesNotContain("could not judge");
  }

  @Test
  void anAllowedWorktreeCreationAddsItToTheStoreAndAnswersItsPath() throws IOException {
    Path home = temp.resolve("gk-home");
    cli.env("GROUNDSKEEPER_HOME", home.toString());
    ObjectNode create = Json.object().put("session_id", "s1").put("cwd", repo.toString())
        .put("hook_event_name", "WorktreeCreate").put("name", "fix-login");

    CliRunner.Result result =
        cli.withInput(repo, Json.MAPPER.writeValueAsString(create), "hook");

    assertThat(result.exit()).as(result.err()).isZero();
    Path created = Path.of(result.output());
    assertThat(created).isAbsolute().startsWith(home.resolve("worktrees")).isDirectory();
    assertThat(created.getFileName().toString()).isEqualTo("fix-login");
    assertThat(Git.run(repo, "worktree", "list", "--porcelain")).contains(created.toString());
    assertThat(Git.run(repo, "branch", "--list", "fix-login")).contains("fix-login");
  }

  @Test
  void aRepeatedWorktreeCreationAnswersTheExistingWorktree() throws IOException {
    cli.env("GROUNDSKEEPER_HOME", temp.resolve("gk-home").toString());
    String create = Json.MAPPER.writeValueAsString(Json.object().put("session_id", "s1")
        .put("cwd", repo.toString()).put("hook_event_name", "WorktreeCreate")
        .put("name", "fix-login"));

    CliRunner.Result first = cli.withInput(repo, create, "hook");
    CliRunner.Result again = cli.withInput(repo, create, "hook");

    assertThat(first.exit()).as(first.err()).isZero();
    assertThat(again.exit()).as(again.err()).isZero();
    assertThat(again.output()).isEqualTo(first.output());
    assertThat(Git.run(repo, "worktree", "list", "--porcelain").lines()
        .filter(line -> line.startsWith("worktree ")).count()).isEqualTo(2);
  }

  @Test
  void aWorktreeCreationWithATakenNameIsRefusedAndNothingIsWritten() throws IOException {
    cli.env("GROUNDSKEEPER_HOME", temp.resolve("gk-home").toString());
    Git.run(repo, "branch", "fix-login");
    ObjectNode create = Json.object().put("session_id", "s1").put("cwd", repo.toString())
        .put("hook_event_name", "WorktreeCreate").put("name", "fix-login");

    CliRunner.Result result =
        cli.withInput(repo, Json.MAPPER.writeValueAsString(create), "hook");

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.output()).isEmpty();
    assertThat(result.error()).startsWith("groundskeeper: cannot create worktree 'fix-login': ");
    assertThat(Git.run(repo, "worktree", "list", "--porcelain").lines()
        .filter(line -> line.startsWith("worktree ")).count()).isEqualTo(1);
  }
}
