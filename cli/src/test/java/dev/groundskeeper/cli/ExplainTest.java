package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** check --explain and hook with GROUNDSKEEPER_EXPLAIN=1 explain every answer, an allow too. */
class ExplainTest {

  @TempDir
  Path temp;

  @Test
  void anAllowIsExplainedRuleByRule() {
    Path repo = Git.init(temp.resolve("repo"));
    Git.run(repo, "branch", "feat/done");
    CliRunner cli = CliRunner.builtInRulesOnly(temp);
    CliRunner.Result result = cli.run(repo, "check", "--explain", "--", "git branch -D feat/done");
    assertThat(result.exit()).as(result.err()).isZero();
    String out = result.output();
    assertThat(out).startsWith("allow: git branch -D feat/done\nexplain: ");
    // A rule that ran and allowed says why, and on which facts it decided.
    assertThat(out).containsPattern("(?m)^  allow +branches\\.force-removal +block +[0-9.]+ ms"
        + " +facts: repo\\..*\\n +allowed: it found nothing to object to, on repo\\.");
    // A rule that ran but found nothing it judges says so.
    assertThat(out).containsPattern("(?m)^  not-applicable +scratch\\.consume-chain .*\\n"
        + " +not applicable: nothing in this event is what it judges");
    // A rule that reads other events says it did not apply.
    assertThat(out).containsPattern("(?m)^  not-run +branches\\.stop-guard .*\\n +did not apply:"
        + " it reads only .*Stop.* events, not CommandEvent");
    assertThat(out).contains("derived facts: ");
  }

  @Test
  void aDenialIsExplainedWithTheFactsItRead() {
    Path repo = LossRepository.create(temp.resolve("repo"));
    CliRunner cli = CliRunner.builtInRulesOnly(temp);
    CliRunner.Result result = cli.run(repo, "check", "--explain", "--", "git branch -D feat/x");
    assertThat(result.exit()).isEqualTo(3);
    assertThat(result.output()).containsPattern("(?m)^  deny +branches\\.force-removal +block"
        + " +[0-9.]+ ms +facts: .*repo\\.");
    assertThat(result.output()).contains("denied: ");
  }

  @Test
  void jsonCarriesTheSameRows() throws IOException {
    Path repo = Git.init(temp.resolve("repo"));
    CliRunner cli = CliRunner.builtInRulesOnly(temp);
    CliRunner.Result text = cli.run(repo, "check", "--explain", "--", "git", "status");
    CliRunner.Result result = cli.run(repo, "check", "--json", "--explain", "--", "git",
        "status");
    JsonNode explanation = Json.MAPPER.readTree(result.out()).get("explanation");
    assertThat(explanation.get("derived_facts").isArray()).isTrue();
    List<String> ids = new ArrayList<>();
    for (JsonNode rule : explanation.get("rules")) {
      ids.add(rule.get("rule").asText());
      assertThat(rule.get("why").asText()).isNotBlank();
      if (rule.get("ran").asBoolean()) {
        assertThat(rule.get("nanos").asLong()).isNotNegative();
        assertThat(rule.get("facts_read").isArray()).isTrue();
        assertThat(rule.get("reported").asText()).isNotBlank();
      } else {
        assertThat(rule.has("outcome")).as("a rule that did not run: left out").isFalse();
      }
    }
    assertThat(ids).isNotEmpty().doesNotHaveDuplicates();
    ids.forEach(id -> assertThat(text.output()).contains(" " + id + " "));
  }

  @Test
  void withoutExplainNothingIsAdded() {
    Path repo = Git.init(temp.resolve("repo"));
    CliRunner.Result result = CliRunner.builtInRulesOnly(temp).run(repo, "check", "--", "git",
        "status");
    assertThat(result.output()).isEqualTo("allow: git status");
  }

  @Test
  void theHookExplainsOnStandardErrorAndAnswersAsBefore() throws IOException {
    Path repo = Git.init(temp.resolve("repo"));
    ObjectNode payload = Json.object().put("session_id", "s1").put("cwd", repo.toString())
        .put("hook_event_name", "PreToolUse").put("tool_name", "Bash");
    payload.putObject("tool_input").put("command", "git status");
    String input = Json.MAPPER.writeValueAsString(payload);
    CliRunner plain = CliRunner.builtInRulesOnly(temp);
    CliRunner.Result before = plain.withInput(repo, input, "hook");
    CliRunner.Result explained = CliRunner.builtInRulesOnly(temp)
        .env("GROUNDSKEEPER_EXPLAIN", "1").withInput(repo, input, "hook");
    assertThat(explained.exit()).isEqualTo(before.exit()).isZero();
    assertThat(explained.out()).isEqualTo(before.out());
    assertThat(before.err()).isEmpty();
    assertThat(explained.err()).startsWith("explain: ").contains("branches.force-removal");
  }
}
