package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every verb's {@code --json}, run in a real temp repository, prints exactly one JSON document on
 * standard output. The verbs that already follow the one style
 * (compact, {@code --pretty} indents) are held to it, and to no null anywhere in it; the others still indent (issue 18 moves
 * them).
 */
class JsonStyleTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** The verbs whose --json is compact on one line, and indented with --pretty. */
  private static final List<String> COMPACT = List.of("branch park", "branch clean",
      "scratch reap");

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
  }

  @ParameterizedTest
  @ValueSource(strings = {"--version --json", "rules --json", "sweep --json", "log --json",
      "config show --json", "worktree list --json", "scratch sweep --json",
      "check --json -- ls", "branch park waiting --reason r --dry-run --json",
      "branch clean --json", "scratch reap --json"})
  void printsOneJsonDocumentWithoutNulls(String line) throws IOException {
    CliRunner.Result result = CliRunner.builtInRulesOnly(temp).run(repo, line.split(" "));
    assertThat(result.exit()).as(result.err()).isZero();
    JsonNode document;
    try (JsonParser parser = MAPPER.createParser(result.out())) {
      document = MAPPER.readTree(parser);
      assertThat(parser.nextToken()).as("one document only: %s", result.out()).isNull();
    }
    assertThat(document).as(result.out()).isNotNull();
    boolean compact = COMPACT.stream().anyMatch(line::startsWith);
    if (compact) {
      // config show --json and scratch sweep --json still hold nulls (issue 18 moves them)
      assertNoNull(document, line);
      assertThat(result.output()).as(line).doesNotContain("\n");
      String[] pretty = (line + " --pretty").split(" ");
      CliRunner.Result indented = CliRunner.builtInRulesOnly(temp).run(repo, pretty);
      assertThat(indented.output()).as(line + " --pretty").contains("\n  \"");
      assertThat(MAPPER.readTree(indented.out())).isEqualTo(document);
    }
  }

  private static void assertNoNull(JsonNode node, String line) {
    assertThat(node.isNull()).as("a null in the --json of %s", line).isFalse();
    node.forEach(child -> assertNoNull(child, line));
  }
}
