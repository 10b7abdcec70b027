package dev.groundskeeper.cli.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Event;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bytes that are not text in one line of a transcript (found by ReplayFuzzTest: one invalid
 * UTF-8 byte made replay read nothing of the file, so the `git branch -D` two lines before it
 * was not reported) cost that line only.
 */
class TranscriptEncodingTest {

  private static final String BASH = "{\"type\":\"assistant\",\"sessionId\":\"s\",\"cwd\":\"/r\","
      + "\"message\":{\"content\":[{\"type\":\"tool_use\",\"name\":\"Bash\","
      + "\"input\":{\"command\":\"git branch -D feat/x\"}}]}}";

  @TempDir
  Path temp;

  @Test
  void aLineThatIsNotUtf8IsReportedWithItsNumberAndEveryOtherLineIsRead() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.writeBytes((BASH + "\n{\"type\":\"user\",\"x\":\"").getBytes(StandardCharsets.UTF_8));
    bytes.writeBytes(new byte[] {(byte) 0xC3, 0x28, (byte) 0xFF});
    bytes.writeBytes(("\"}\r\n" + BASH + "\r\n").getBytes(StandardCharsets.UTF_8));
    Path file = Files.write(temp.resolve("t.jsonl"), bytes.toByteArray());

    Transcripts.Read read = Transcripts.read(file, Function.identity());

    assertThat(read.unreadable()).extracting(Transcripts.Unreadable::line,
        Transcripts.Unreadable::why).containsExactly(
            org.assertj.core.groups.Tuple.tuple(2, "not UTF-8 text"));
    assertThat(read.steps().stream().filter(step -> step.event() instanceof Event.CommandEvent)
        .map(Transcripts.Step::line)).containsExactly(1, 3);
  }

  @Test
  void aCarriageReturnInsideALineDoesNotSplitIt() throws IOException {
    Path file = Files.writeString(temp.resolve("t.jsonl"), "{\"type\":\"user\",\r\"x\":1}\n"
        + BASH + "\n");

    Transcripts.Read read = Transcripts.read(file, Function.identity());

    assertThat(read.unreadable()).isEmpty();
    assertThat(read.steps().stream().filter(step -> step.event() instanceof Event.CommandEvent)
        .map(Transcripts.Step::line)).containsExactly(2);
  }
}
