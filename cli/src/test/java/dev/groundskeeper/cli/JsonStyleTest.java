package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every verb's {@code --json}, run in a real temp repository, prints exactly one JSON document on
 * standard output, in the one style: compact on one line, indented with {@code --pretty} (the
 * same document), and no null anywhere in it (an absent value is left out). {@code serve --status
 * --json} is not listed: its conversion belongs to the serve work (see ServeStatusJsonTest).
 */
class JsonStyleTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

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
    TestProcesses.run(repo, env, "git", "branch", "waiting");
    try (InputStream in = getClass().getResourceAsStream("/replay/claude-session.jsonl")) {
      Files.writeString(temp.resolve("session.jsonl"), new String(in.readAllBytes(),
          StandardCharsets.UTF_8).replace("@CWD@", repo.toString()));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"--version --json", "rules --json", "sweep --json", "log --json",
      "log --stats --json", "config show --json", "worktree list --json",
      "worktree list --all --json", "worktree prune --dry-run --json", "worktree add lane --json",
      "scratch sweep --json", "check --json -- ls", "check --json --explain -- git status",
      "branch park waiting --reason r --dry-run --json", "branch clean --json",
      "scratch reap --json", "replay --json @SESSION@", "doctor --json", "snapshot list --json",
      "snapshot show @SNAPSHOT@ --json"})
  void printsOneCompactJsonDocumentWithoutNullsAndIndentsItWithPretty(String line)
      throws IOException {
    String args = line.replace("@SESSION@", temp.resolve("session.jsonl").toString());
    if (line.startsWith("snapshot")) {
      args = args.replace("@SNAPSHOT@", snapshot());
    }
    CliRunner.Result result = CliRunner.builtInRulesOnly(temp).run(repo, args.split(" "));
    // worktree prune answers 1 when nothing was reclaimed, doctor when it has findings
    assertThat(result.exit()).as(result.err()).isBetween(0, 1);
    JsonNode document = parse(result.out());
    assertNoNull(document, line);
    assertThat(result.output()).as(line).doesNotContain("\n");

    CliRunner.Result indented = CliRunner.builtInRulesOnly(temp)
        .run(repo, args.replaceFirst("--json", "--json --pretty").split(" "));
    assertThat(indented.output()).as(line + " --pretty").contains("\n  \"");
    JsonNode again = parse(indented.out());
    assertNoNull(again, line + " --pretty");
    if (!line.startsWith("worktree add")) { // the second add is refused: the name is taken
      assertThat(again.size()).as(line).isEqualTo(document.size());
    }
  }

  /**
   * A snapshot of a modified file, taken the way it is in use: the hook, in snapshot mode, before
   * {@code git checkout -- a.txt}; its id.
   */
  private String snapshot() throws IOException {
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "changes:\n  discard: snapshot\n");
    Files.writeString(repo.resolve("a.txt"), "a, and an afternoon's work\n");
    String payload = MAPPER.writeValueAsString(Map.of("session_id", "s1", "cwd",
        repo.toString(), "hook_event_name", "PreToolUse", "tool_name", "Bash", "tool_input",
        Map.of("command", "git checkout -- a.txt")));
    CliRunner cli = CliRunner.builtInRulesOnly(temp);
    CliRunner.Result hook = cli.withInput(repo, payload, "hook");
    assertThat(hook.out()).as(hook.err()).contains("Kept a copy");
    return cli.run(repo, "snapshot", "list").out().split(" ")[0];
  }

  private static JsonNode parse(String out) throws IOException {
    JsonNode document;
    try (JsonParser parser = MAPPER.createParser(out)) {
      document = MAPPER.readTree(parser);
      assertThat(parser.nextToken()).as("one document only: %s", out).isNull();
    }
    assertThat(document).as(out).isNotNull();
    return document;
  }

  private static void assertNoNull(JsonNode node, String line) {
    assertThat(node.isNull()).as("a null in the --json of %s", line).isFalse();
    node.forEach(child -> assertNoNull(child, line));
  }
}
