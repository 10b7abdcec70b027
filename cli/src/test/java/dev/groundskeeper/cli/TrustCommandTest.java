package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.host.TrustList;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code groundskeeper trust}: the person trusts a repository's own configuration, lists and
 * removes trust; the hook reports an untrusted repository's refused settings once per session,
 * with the command, and judges with the guards on either way.
 */
class TrustCommandTest {

  @TempDir
  Path temp;

  private Path repo;
  private CliRunner cli;

  @BeforeEach
  void setUp() throws IOException {
    repo = Git.init(temp.resolve("repo"));
    cli = CliRunner.builtInRulesOnly(temp);
    Files.writeString(repo.resolve(".groundskeeper.yaml"),
        "branches:\n  force_removal:\n    mode: 'off'\n");
    Git.run(repo, "switch", "-q", "-c", "feat/x");
    Git.run(repo, "commit", "-q", "--allow-empty", "-m", "only here");
    Git.run(repo, "switch", "-q", "main");
  }

  private ObjectNode bash(String session, String command) {
    ObjectNode node = Json.object().put("session_id", session).put("cwd", repo.toString())
        .put("hook_event_name", "PreToolUse").put("tool_name", "Bash");
    node.putObject("tool_input").put("command", command);
    return node;
  }

  private JsonNode hook(String session, String command) throws IOException {
    CliRunner.Result result = cli.withInput(repo,
        Json.MAPPER.writeValueAsString(bash(session, command)), "hook");
    assertThat(result.exit()).as(result.err()).isZero();
    return Json.MAPPER.readTree(result.out());
  }

  @Test
  void anUntrustedRepositoryIsToldOnceAndItsLossGuardStillRefuses() throws IOException {
    JsonNode first = hook("s1", "git status");
    assertThat(first.path("hookSpecificOutput").path("additionalContext").asText())
        .contains("not trusted", "branches.force_removal.mode",
            "groundskeeper trust " + repo.toRealPath());
    assertThat(hook("s1", "git status").toString()).doesNotContain("not trusted");
    JsonNode denied = hook("s1", "git branch -D feat/x").path("hookSpecificOutput");
    assertThat(denied.path("permissionDecision").asText()).isEqualTo("deny");
    assertThat(Git.run(repo, "branch", "--list", "feat/x")).contains("feat/x");
  }

  @Test
  void trustListAndRemove() throws IOException {
    CliRunner.Result trusted = cli.run(repo.resolve("."), "trust");
    assertThat(trusted.exit()).as(trusted.err()).isZero();
    assertThat(trusted.out()).contains("Trusted " + repo.toRealPath(),
        "branches.force_removal.mode", "groundskeeper trust --remove");
    String root = Git.run(repo, "rev-list", "--max-parents=0", "HEAD");
    assertThat(cli.run(repo, "trust", "--list").out()).contains(repo.toRealPath().toString(),
        root.strip());
    // Trusted: the repository's own setting applies, and nothing is reported.
    JsonNode answer = hook("s2", "git branch -D feat/x");
    assertThat(answer.toString()).doesNotContain("not trusted");
    assertThat(answer.path("hookSpecificOutput").path("permissionDecision").asText())
        .isNotEqualTo("deny");

    CliRunner.Result removed = cli.run(temp, "trust", "--remove", repo.toString());
    assertThat(removed.exit()).as(removed.err()).isZero();
    assertThat(removed.out()).contains("No longer trusted");
    assertThat(cli.run(repo, "trust", "--list").out()).contains("No repository is trusted.");
    assertThat(hook("s3", "git branch -D feat/x").path("hookSpecificOutput")
        .path("permissionDecision").asText()).isEqualTo("deny");
  }

  @Test
  void anAgentCannotTrustForThePerson() throws IOException {
    CliRunner.Result result = cli.env("CLAUDECODE", "1").run(repo, "trust");
    assertThat(result.exit()).isEqualTo(Main.CANNOT_RUN);
    assertThat(result.err()).contains("inside an agent's session");
    assertThat(TrustList.read(Map.of("XDG_CONFIG_HOME", temp.resolve("xdg").toString()))
        .entries()).isEmpty();
  }

  @Test
  void outsideARepositoryThereIsNothingToTrust() throws IOException {
    Path plain = Files.createDirectories(temp.resolve("plain"));
    CliRunner.Result result = cli.run(plain, "trust");
    assertThat(result.exit()).isEqualTo(Main.CANNOT_RUN);
    assertThat(result.err()).contains("is in no git repository");
  }
}
