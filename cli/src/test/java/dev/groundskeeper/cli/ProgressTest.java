package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The slow verbs say what they are doing on standard error when it is a terminal (a line erased
 * before the result), and nowhere else: not off a terminal, never on standard output, never in
 * a hook's answer. The test's terminal shows the line at once (no delay).
 */
class ProgressTest {

  private static final String ERASE = "\r\u001b[K";

  @TempDir
  Path temp;

  private Path repo;

  @BeforeEach
  void repository() throws IOException {
    repo = Files.createDirectories(temp.resolve("repo"));
    Map<String, String> env = Map.of("HOME", temp.toString(), "GIT_CONFIG_NOSYSTEM", "1");
    TestProcesses.run(repo, env, "git", "init", "-q", "-b", "main");
    TestProcesses.run(repo, env, "git", "config", "user.name", "Pat");
    TestProcesses.run(repo, env, "git", "config", "user.email", "pat@example.com");
    Files.writeString(repo.resolve("a.txt"), "a");
    TestProcesses.run(repo, env, "git", "add", "-A");
    TestProcesses.run(repo, env, "git", "commit", "-q", "-m", "initial");
  }

  @ParameterizedTest
  @ValueSource(strings = {"sweep", "sweep --json", "worktree prune --dry-run",
      "worktree prune --dry-run --json", "branch clean", "branch clean --json"})
  void aSlowVerbShowsItsProgressOnATerminalOnlyAndErasesIt(String line) {
    String[] args = line.split(" ");
    String verb = line.replace(" --json", "").replace(" --dry-run", "");

    CliRunner.Result shown = CliRunner.builtInRulesOnly(temp).onATerminal().run(repo, args);
    assertThat(shown.exit()).as(shown.err()).isBetween(0, 1);
    assertThat(shown.err()).startsWith(ERASE + "groundskeeper " + verb + ": ")
        .contains("...").endsWith(ERASE);
    assertThat(shown.out()).doesNotContain("\r").doesNotContain("groundskeeper " + verb + ":");

    CliRunner.Result piped = CliRunner.builtInRulesOnly(temp).run(repo, args);
    assertThat(piped.err()).as("off a terminal").isEmpty();
    assertThat(piped.out()).isEqualTo(shown.out());
  }

  @Test
  void aHookNeverShowsProgress() {
    String payload = "{\"session_id\":\"s\",\"cwd\":\"" + repo + "\",\"hook_event_name\":"
        + "\"PreToolUse\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\"}}";
    CliRunner.Result hook = CliRunner.builtInRulesOnly(temp).onATerminal()
        .withInput(repo, payload, "hook");
    assertThat(hook.err()).doesNotContain(ERASE);
    assertThat(hook.out()).doesNotContain(ERASE);
  }
}
