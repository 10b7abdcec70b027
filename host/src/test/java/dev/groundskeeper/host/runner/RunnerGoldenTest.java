package dev.groundskeeper.host.runner;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext.SessionMode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Each runner's payloads, in the shapes its own schemas and sources give (files under
 * {@code runners/}), are told apart by shape and mapped to the events the file expects.
 */
class RunnerGoldenTest {

  static JsonNode resource(String name) {
    try (InputStream in = RunnerGoldenTest.class.getResourceAsStream("/runners/" + name)) {
      return Mapping.MAPPER.readTree(in);
    } catch (IOException e) {
      throw new AssertionError(name, e);
    }
  }

  @TestFactory
  Stream<DynamicTest> everyRunnersPayloadsAreDetectedAndMapped() {
    List<DynamicTest> tests = new ArrayList<>();
    for (String file : List.of("claude.json", "codex.json", "gemini.json", "cursor.json")) {
      JsonNode golden = resource(file);
      RunnerAdapter adapter = Runners.named(golden.path("runner").asText()).orElseThrow();
      for (JsonNode each : golden.path("cases")) {
        tests.add(DynamicTest.dynamicTest(adapter.name() + ": " + each.path("name").asText(),
            () -> {
              JsonNode payload = each.path("payload");
              assertThat(Runners.detect(payload)).contains(adapter);
              List<String> events = new ArrayList<>();
              for (Event event : adapter.map(payload, SessionMode.NORMAL, Path.of("/"))
                  .events()) {
                events.add(describe(event));
              }
              List<String> expected = new ArrayList<>();
              each.path("events").forEach(e -> expected.add(e.asText()));
              assertThat(events).isEqualTo(expected);
            }));
      }
    }
    return tests.stream();
  }

  static String describe(Event event) {
    String session = " session " + event.context().sessionId()
        + event.context().turnId().map(t -> " turn " + t).orElse("");
    if (event instanceof Event.CommandEvent command) {
      return "CommandEvent " + command.command() + " in " + command.context().cwd() + session;
    }
    if (event instanceof Event.FileWriteEvent write) {
      return "FileWriteEvent " + write.kind() + " " + write.path() + " content="
          + write.content().map(c -> c.replace("\n", "\\n")).orElse("<none>");
    }
    if (event instanceof Event.CommandCompleted done) {
      return "CommandCompleted " + done.command() + " status="
          + (done.exitStatus().isPresent() ? String.valueOf(done.exitStatus().getAsInt())
              : "unknown") + " interrupted=" + done.interrupted();
    }
    if (event instanceof Event.ToolCompleted tool) {
      return "ToolCompleted " + tool.toolName() + tool.path().map(p -> " " + p).orElse("");
    }
    if (event instanceof Event.SessionStart start) {
      return "SessionStart " + start.source();
    }
    if (event instanceof Event.Stop stop) {
      return "Stop active=" + stop.stopHookActive();
    }
    if (event instanceof Event.SubagentStop stop) {
      return "SubagentStop " + stop.agentType() + " agent=" + stop.context().agentId()
          + " active=" + stop.stopHookActive();
    }
    if (event instanceof Event.StopFailure failure) {
      return "StopFailure " + failure.error();
    }
    if (event instanceof Event.PromptSubmitted prompt) {
      return "PromptSubmitted " + prompt.prompt();
    }
    if (event instanceof Event.PreCompact compact) {
      return "PreCompact " + compact.trigger();
    }
    return event.getClass().getSimpleName();
  }
}
