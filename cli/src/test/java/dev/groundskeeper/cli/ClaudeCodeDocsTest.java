package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Policy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/claude-code.md's denial sample is the hook's real answer: the hook is run on a repository
 * where {@code feat/x} holds two commits never pushed or merged, and its answer must equal the
 * page's sample (but for the tip's abbreviated id, which the commit's time changes). Every rule id
 * the page names in brackets is a built-in rule's, or the engine's own.
 */
class ClaudeCodeDocsTest {

  private static final Path PAGE = Path.of("").toAbsolutePath().getParent()
      .resolve("docs/claude-code.md");
  private static final Pattern TIP = Pattern.compile("(feat/x at )[0-9a-f]{12}");

  @TempDir
  Path temp;

  @Test
  void theDenialSampleIsTheHooksAnswerToAForcedDeleteOfUnpushedWork() throws IOException {
    Path origin = temp.resolve("remote.git");
    Git.run(temp, "init", "-q", "--bare", "-b", "main", origin.toString());
    Path work = Git.init(temp.resolve("app"));
    Git.run(work, "remote", "add", "origin", origin.toString());
    Git.run(work, "push", "-q", "-u", "origin", "main");
    Git.run(work, "switch", "-q", "-c", "feat/x");
    for (String file : List.of("b.txt", "c.txt")) {
      Files.writeString(work.resolve(file), file);
      Git.run(work, "add", file);
      Git.run(work, "commit", "-q", "-m", "add " + file);
    }
    Git.run(work, "switch", "-q", "main");
    ObjectNode payload = Json.object().put("session_id", "try").put("cwd", work.toString())
        .put("hook_event_name", "PreToolUse").put("tool_name", "Bash");
    payload.putObject("tool_input").put("command", "git branch -D feat/x");

    CliRunner.Result result = CliRunner.builtInRulesOnly(temp)
        .withInput(work, Json.compact(payload), "hook");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(withoutTip(Json.MAPPER.readTree(result.out())))
        .isEqualTo(withoutTip(Json.MAPPER.readTree(sample())));
  }

  @Test
  void everyRuleIdThePageNamesExists() throws IOException {
    Policy policy = Policy.builder().discover(Main.class.getClassLoader()).build();
    Set<String> ids = policy.rules().stream().map(ConfiguredRule::id)
        .collect(Collectors.toSet());
    List<String> unknown = new ArrayList<>();
    List<String> found = new ArrayList<>();
    // [id] as a text prints it; a Markdown link's [text](target) is not one
    Matcher named = Pattern.compile("\\[([a-z]+\\.[a-z.-]+)\\](?!\\()")
        .matcher(Files.readString(PAGE));
    while (named.find()) {
      String id = named.group(1);
      found.add(id);
      if (!ids.contains(id) && !id.startsWith(Decision.ENGINE_PREFIX)) {
        unknown.add(id);
      }
    }
    assertThat(found).contains("branches.force-removal");
    assertThat(unknown).as("rule ids in docs/claude-code.md that no built-in rule has").isEmpty();
  }

  /** The first JSON block after the paragraph that introduces the denial sample. */
  private static String sample() throws IOException {
    String page = Files.readString(PAGE);
    int start = page.indexOf("```json\n", page.indexOf("The text of a denial or advice"));
    assertThat(start).as("the denial sample in " + PAGE).isPositive();
    return page.substring(start + "```json\n".length(), page.indexOf("```", start + 7));
  }

  private static JsonNode withoutTip(JsonNode answer) {
    ObjectNode output = (ObjectNode) answer.get("hookSpecificOutput").deepCopy();
    String reason = output.path("permissionDecisionReason").asText();
    assertThat(TIP.matcher(reason).find()).as(reason).isTrue();
    output.put("permissionDecisionReason", TIP.matcher(reason).replaceAll("$1<tip>"));
    return output;
  }
}
