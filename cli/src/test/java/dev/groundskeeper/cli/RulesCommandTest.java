package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RulesCommandTest {

  @TempDir
  Path temp;

  @Test
  void listsEveryRuleWithModeSummaryAndDocsPage() {
    CliRunner.Result result = new CliRunner(temp).run(temp, "rules");
    assertThat(result.exit()).isZero();
    assertThat(result.output()).isEqualTo(String.join("\n",
        "clitest.fragile  block   Fails on the command 'explode'.  (docs/rules/clitest.fragile.md)",
        "clitest.guard    block   Denies commands, writes and stops marked dangerous.  "
            + "(docs/rules/clitest.guard.md)",
        "clitest.notes    advise  Describes the events it sees.  (docs/rules/clitest.notes.md)"));
  }

  @Test
  void jsonDescribesEachRule() throws IOException {
    CliRunner.Result result = new CliRunner(temp).run(temp, "rules", "--json");
    assertThat(result.exit()).isZero();
    JsonNode rules = Json.MAPPER.readTree(result.out());
    assertThat(rules).hasSize(3);
    assertThat(Json.compact(rules.get(1))).isEqualTo("{\"id\":\"clitest.guard\","
        + "\"title\":\"Test guard\",\"mode\":\"block\",\"default_mode\":\"block\","
        + "\"summary\":\"Denies commands, writes and stops marked dangerous.\","
        + "\"docs\":\"docs/rules/clitest.guard.md\",\"events\":[\"AgentDispatch\","
        + "\"CommandEvent\",\"FileWriteEvent\",\"PromptSubmitted\",\"Stop\",\"SubagentStop\","
        + "\"WorktreeCreate\"]}");
  }
}
