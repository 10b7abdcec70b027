package dev.groundskeeper.cli.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Event;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Whatever a transcript holds, reading it never fails: every line is either judged, ignored as
 * carrying no tool call, or reported with its own number, and a damaged line never hides the
 * tool calls after it.
 */
class TranscriptsPropertiesTest {

  private static final String BASH = "{\"type\":\"assistant\",\"sessionId\":\"s\",\"cwd\":\"/r\","
      + "\"message\":{\"content\":[{\"type\":\"tool_use\",\"name\":\"Bash\","
      + "\"input\":{\"command\":\"git status\"}}]}}";

  @Provide
  Arbitrary<List<String>> lines() {
    Arbitrary<String> noise = Arbitraries.oneOf(
        // one line of noise: a line break in it would make it two lines of the file, and the
        // line numbers this property checks would shift
        Arbitraries.strings().ofMaxLength(30).filter(text -> text.indexOf('\n') < 0
            && text.indexOf('\r') < 0),
        Arbitraries.of("{}", "[]", "null", "{\"type\":\"assistant\"}",
            "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"tool_use\"}]}}",
            "{\"type\":\"assistant\",\"cwd\":\"/r\",\"message\":{\"content\":[{\"type\":"
                + "\"tool_use\",\"name\":\"Write\",\"input\":{}}]}}",
            "{\"type\":\"system\",\"subtype\":\"compact_boundary\",\"cwd\":\"/r\"}",
            "{\"type\":\"assistant\",\"cwd\":\"relative\",\"message\":{}}"),
        Arbitraries.just(BASH).map(line -> line.substring(0, line.length() / 2)));
    return Arbitraries.oneOf(noise, Arbitraries.just(BASH)).list().ofMaxSize(25);
  }

  @Property(tries = 200)
  void everyLineIsJudgedOrReportedAndNothingIsLostAfterADamagedOne(
      @ForAll("lines") List<String> lines) throws Exception {
    Path file = Files.createTempFile("gk-transcript", ".jsonl");
    try {
      Files.write(file, lines);
      Transcripts.Read read = Transcripts.read(file, Function.identity());
      Set<Integer> reported = new HashSet<>();
      read.unreadable().forEach(line -> {
        assertThat(line.line()).isBetween(1, lines.size());
        assertThat(line.why()).isNotBlank();
        reported.add(line.line());
      });
      List<Transcripts.Step> commands = read.steps().stream()
          .filter(step -> step.event() instanceof Event.CommandEvent).toList();
      assertThat(commands).hasSize((int) lines.stream().filter(BASH::equals).count());
      for (Transcripts.Step step : commands) {
        assertThat(lines.get(step.line() - 1)).isEqualTo(BASH);
        assertThat(reported).doesNotContain(step.line());
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }

  private static final String TURN_END = "{\"type\":\"system\",\"subtype\":\"turn_duration\"}";
  private static final String HOOK_SUMMARY =
      "{\"type\":\"system\",\"subtype\":\"stop_hook_summary\",\"hookCount\":1}";

  @Provide
  Arbitrary<List<String>> turns() {
    return Arbitraries.of(BASH, TURN_END, HOOK_SUMMARY, "{\"type\":\"user\"}").list()
        .ofMaxSize(30);
  }

  /**
   * A stop is judged at each recorded turn end that follows something judged, never twice in a
   * row, and a session that started ends on one.
   */
  @Property(tries = 200)
  void aStopIsJudgedAtEachRecordedTurnEndAndAtTheEnd(@ForAll("turns") List<String> lines)
      throws Exception {
    Path file = Files.createTempFile("gk-transcript", ".jsonl");
    try {
      Files.write(file, lines);
      List<Transcripts.Step> steps = Transcripts.read(file, Function.identity()).steps();
      int expected = 0;
      boolean started = false;
      boolean judgedSinceStop = false;
      for (String line : lines) {
        if (line.equals(BASH)) {
          started = true;
          judgedSinceStop = true;
        } else if ((line.equals(TURN_END) || line.equals(HOOK_SUMMARY)) && judgedSinceStop) {
          expected++;
          judgedSinceStop = false;
        }
      }
      if (judgedSinceStop) {
        expected++; // the session ended after calls no recorded stop followed
      }
      assertThat(steps.stream().filter(step -> step.event() instanceof Event.Stop))
          .hasSize(expected);
      for (int i = 1; i < steps.size(); i++) {
        assertThat(steps.get(i - 1).event() instanceof Event.Stop
            && steps.get(i).event() instanceof Event.Stop).as("two stops in a row").isFalse();
      }
      if (started) {
        assertThat(steps.get(steps.size() - 1).event()).isInstanceOf(Event.Stop.class);
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }
}
