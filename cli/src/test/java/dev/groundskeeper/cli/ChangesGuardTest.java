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
 * The guards over uncommitted work wired end to end: the provider is discovered, the git module
 * offers its facts, and `groundskeeper check` / `hook` refuse a discard in a dirty repository
 * and allow it in a clean one.
 */
class ChangesGuardTest {

  @TempDir
  Path temp;

  private Path repo;
  private CliRunner cli;

  @BeforeEach
  void setUp() throws IOException {
    repo = Git.init(temp.resolve("repo"));
    Files.writeString(repo.resolve("a.txt"), "one\n");
    Git.run(repo, "add", "a.txt");
    Git.run(repo, "commit", "-q", "-m", "a");
    cli = CliRunner.builtInRulesOnly(temp);
  }

  @Test
  void checkRefusesAResetHardThatWouldLoseAChange() throws IOException {
    Files.writeString(repo.resolve("a.txt"), "one\ntwo\n");

    CliRunner.Result result = cli.run(repo, "check", "--", "git reset --hard");

    assertThat(result.exit()).as(result.err()).isEqualTo(3);
    assertThat(result.output()).startsWith("deny: git reset --hard\n[changes.discard] This would"
        + " discard uncommitted work that exists nowhere else:");
    assertThat(result.output()).contains("a.txt (+1 -0)", "stash push -m 'kept before: git"
        + " reset --hard' -- a.txt && git reset --hard");
    assertThat(Files.readString(repo.resolve("a.txt"))).isEqualTo("one\ntwo\n");
  }

  /**
   * changes.delete reads the repository's one regenerable list, the one the force-removal guard
   * and prune read: narrowing or widening branches.cleanup_after_merge.regenerable moves what a
   * deletion may take, and the changes block has no list of its own any more.
   */
  @Test
  void theOneRegenerableSettingDecidesWhatADeletionMayTake() throws IOException {
    // the user's file: a repository's own file may not add rebuildable globs (docs/trust.md)
    Path user = Files.createDirectories(temp.resolve("xdg/groundskeeper")).resolve("config.yaml");
    Files.writeString(user, "branches:\n  cleanup_after_merge:\n    regenerable: ['gen/**']\n");
    Files.createDirectories(repo.resolve("gen"));
    Files.writeString(repo.resolve("gen/out.txt"), "generated\n");
    Files.createDirectories(repo.resolve("node_modules/x"));
    Files.writeString(repo.resolve("node_modules/x/index.js"), "x\n");

    CliRunner.Result generated = cli.run(repo, "check", "--", "rm -rf gen");
    CliRunner.Result modules = cli.run(repo, "check", "--", "rm -rf node_modules");
    Files.writeString(user, "changes:\n  regenerable: ['**']\n");
    CliRunner.Result old = cli.run(repo, "check", "--", "rm -rf gen");

    assertThat(generated.exit()).as(generated.output()).isZero();
    assertThat(modules.exit()).as(modules.output()).isEqualTo(3);
    assertThat(modules.output()).contains("[changes.delete]", "node_modules/x/index.js");
    assertThat(old.exit()).as("a changes.regenerable key is unknown now").isEqualTo(2);
    assertThat(old.err()).contains("changes.regenerable");
  }

  @Test
  void checkAllowsAResetHardOnACleanTree() {
    CliRunner.Result result = cli.run(repo, "check", "--", "git reset --hard");
    assertThat(result.exit()).as(result.output()).isZero();
  }

  @Test
  void theHookDeniesGitCleanOfUntrackedWork() throws IOException {
    Files.writeString(repo.resolve("new.txt"), "new work\n");
    ObjectNode payload = Json.object().put("session_id", "s1").put("cwd", repo.toString())
        .put("hook_event_name", "PreToolUse").put("tool_name", "Bash");
    payload.putObject("tool_input").put("command", "git clean -fdx");

    CliRunner.Result result = cli.withInput(repo, Json.MAPPER.writeValueAsString(payload), "hook");

    assertThat(result.exit()).as(result.err()).isZero();
    JsonNode specific = Json.MAPPER.readTree(result.out()).path("hookSpecificOutput");
    assertThat(specific.path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(specific.path("permissionDecisionReason").asText())
        .contains("changes.delete", "new.txt");
  }

  @Test
  void theHookDeniesExpiringTheReflogOverAResetCommitAndTheWayOutRuns() throws IOException {
    Files.writeString(repo.resolve("w.txt"), "work\n");
    Git.run(repo, "add", "w.txt");
    Git.run(repo, "commit", "-q", "-m", "work reset away");
    Git.run(repo, "reset", "-q", "--hard", "HEAD~1");
    String command = "git reflog expire --expire=now --all && git gc --prune=now";

    CliRunner.Result result = cli.run(repo, "check", "--", command);

    assertThat(result.exit()).as(result.err()).isEqualTo(3);
    assertThat(result.output()).contains("[changes.expire]", "work reset away",
        "git branch groundskeeper/kept-");
    java.util.regex.Matcher keep = java.util.regex.Pattern
        .compile("git branch (groundskeeper/kept-\\S+) ([0-9a-f]{40})").matcher(result.output());
    assertThat(keep.find()).as(result.output()).isTrue();
    Git.run(repo, "branch", keep.group(1), keep.group(2));
    assertThat(cli.run(repo, "check", "--", command).exit()).isZero();
  }
}
