package dev.groundskeeper.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The recorded transcripts of src/test/resources/replay (a Claude Code session and its
 * sub-agent's transcript, a Codex rollout) that the replay tests and the replay fuzzer read,
 * their recorded directory ({@code @CWD@}) pointed at a test repository.
 */
final class GoldenTranscripts {

  private GoldenTranscripts() {}

  /** The text of the transcript {@code name} with {@code cwd} as its recorded directory. */
  static String text(String name, String cwd) throws IOException {
    try (InputStream in = GoldenTranscripts.class.getResourceAsStream("/replay/" + name)) {
      if (in == null) {
        throw new IOException("no golden transcript " + name + " in src/test/resources/replay");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("@CWD@", cwd);
    }
  }
}
