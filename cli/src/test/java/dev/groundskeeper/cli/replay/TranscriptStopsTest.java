package dev.groundskeeper.cli.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Event;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A stop is judged where each transcript shape records the end of a turn, not only at its end. */
class TranscriptStopsTest {

  @TempDir
  Path temp;

  private List<String> steps(String name, String... lines) throws IOException {
    Path file = Files.write(temp.resolve(name), List.of(lines));
    return Transcripts.read(file, Function.identity()).steps().stream()
        .map(step -> step.line() + " " + step.event().getClass().getSimpleName()).toList();
  }

  private static String bash(String command) {
    return "{\"type\":\"assistant\",\"sessionId\":\"s1\",\"cwd\":\"/r\",\"message\":{\"role\":"
        + "\"assistant\",\"content\":[{\"type\":\"tool_use\",\"id\":\"toolu_1\",\"name\":\"Bash\","
        + "\"input\":{\"command\":\"" + command + "\"}}]}}";
  }

  @Test
  void claudeCodesTurnEndsAreStopsAndOneTurnEndIsOneStop() throws IOException {
    assertThat(steps("claude.jsonl",
        "{\"type\":\"user\",\"sessionId\":\"s1\",\"cwd\":\"/r\",\"message\":{\"role\":\"user\","
            + "\"content\":\"tidy up\"}}",
        bash("git status"),
        "{\"type\":\"system\",\"subtype\":\"stop_hook_summary\",\"hookCount\":1,"
            + "\"preventedContinuation\":false,\"sessionId\":\"s1\"}",
        "{\"type\":\"system\",\"subtype\":\"turn_duration\",\"durationMs\":10167}",
        bash("git branch -D feat/x"),
        "{\"type\":\"system\",\"subtype\":\"turn_duration\",\"durationMs\":2000}",
        bash("git log")))
        .containsExactly("1 SessionStart", "2 CommandEvent", "3 Stop", "5 CommandEvent",
            "6 Stop", "7 CommandEvent", "7 Stop");
  }

  @Test
  void aSubagentsTurnEndIsASubagentStop() throws IOException {
    String line = bash("git status").replace("\"sessionId\":\"s1\"",
        "\"sessionId\":\"s1\",\"agentId\":\"a1\",\"isSidechain\":true");
    assertThat(steps("agent-a1.jsonl", line,
        "{\"type\":\"system\",\"subtype\":\"turn_duration\",\"isSidechain\":true}"))
        .containsExactly("1 SubagentStart", "1 CommandEvent", "2 SubagentStop");
  }

  @Test
  void codexsTaskCompleteIsAStop() throws IOException {
    assertThat(steps("rollout.jsonl",
        "{\"timestamp\":\"t\",\"type\":\"session_meta\",\"payload\":{\"id\":\"c1\",\"cwd\":\"/r\"}}",
        "{\"timestamp\":\"t\",\"type\":\"response_item\",\"payload\":{\"type\":\"function_call\","
            + "\"name\":\"shell_command\",\"arguments\":\"{\\\"command\\\":\\\"git status\\\"}\","
            + "\"call_id\":\"call_1\"}}",
        "{\"timestamp\":\"t\",\"type\":\"event_msg\",\"payload\":{\"type\":\"task_complete\","
            + "\"turn_id\":\"turn-1\"}}",
        "{\"timestamp\":\"t\",\"type\":\"event_msg\",\"payload\":{\"type\":\"task_started\","
            + "\"turn_id\":\"turn-2\"}}",
        "{\"timestamp\":\"t\",\"type\":\"response_item\",\"payload\":{\"type\":\"function_call\","
            + "\"name\":\"shell_command\",\"arguments\":\"{\\\"command\\\":\\\"git log\\\"}\","
            + "\"call_id\":\"call_2\"}}",
        "{\"timestamp\":\"t\",\"type\":\"event_msg\",\"payload\":{\"type\":\"task_complete\","
            + "\"turn_id\":\"turn-2\"}}"))
        .containsExactly("1 SessionStart", "2 CommandEvent", "3 Stop", "5 CommandEvent",
            "6 Stop");
  }
}
