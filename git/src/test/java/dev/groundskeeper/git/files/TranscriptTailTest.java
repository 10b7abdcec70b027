package dev.groundskeeper.git.files;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.files.ContextUsage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TranscriptTailTest {

  @TempDir
  Path dir;

  private static String assistant(long input, long created, long read, boolean sidechain) {
    return "{\"type\":\"assistant\",\"isSidechain\":" + sidechain + ",\"message\":{\"role\":"
        + "\"assistant\",\"usage\":{\"input_tokens\":" + input
        + ",\"cache_creation_input_tokens\":" + created + ",\"cache_read_input_tokens\":" + read
        + ",\"output_tokens\":99}}}";
  }

  @Test
  void theLatestMainThreadUsageCountsInputAndCacheTokens() throws IOException {
    Path transcript = dir.resolve("s.jsonl");
    Files.writeString(transcript, String.join("\n",
        "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"hi\"}}",
        assistant(10, 1000, 2000, false),
        assistant(20, 3000, 40000, false),
        assistant(1, 1, 1, true),
        "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"the word \\\"usage\\\"\"}}",
        "not json at all \"usage\"", ""));
    assertThat(new TranscriptTail(dir).latestUsage(Path.of("s.jsonl")))
        .contains(new ContextUsage(43020));
  }

  @Test
  void onlyTheTailOfALongTranscriptIsRead() throws IOException {
    Path transcript = dir.resolve("long.jsonl");
    StringBuilder text = new StringBuilder(assistant(5, 5, 5, false)).append('\n');
    String filler = "{\"type\":\"user\",\"message\":{\"content\":\"" + "x".repeat(1000) + "\"}}\n";
    while (text.length() < TranscriptTail.TAIL_BYTES * 2) {
      text.append(filler);
    }
    Files.writeString(transcript, text.toString());
    assertThat(new TranscriptTail(dir).latestUsage(transcript)).isEmpty();
    Files.writeString(transcript, text + assistant(100, 0, 0, false) + "\n");
    assertThat(new TranscriptTail(dir).latestUsage(transcript)).contains(new ContextUsage(100));
  }

  @Test
  void aMissingOrLinkedTranscriptReadsAsNothing() throws IOException {
    assertThat(new TranscriptTail(dir).latestUsage(Path.of("missing.jsonl"))).isEmpty();
    Path real = Files.writeString(dir.resolve("real.jsonl"), assistant(1, 2, 3, false));
    Files.createSymbolicLink(dir.resolve("link.jsonl"), real);
    assertThat(new TranscriptTail(dir).latestUsage(Path.of("link.jsonl"))).isEmpty();
    assertThat(new TranscriptTail(dir).latestUsage(real)).contains(new ContextUsage(6));
  }
}
