package dev.groundskeeper.git.files;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.files.NudgeState;
import dev.groundskeeper.api.files.NudgeStateReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** Reads and writes the stale-notes nudge state dotfile as a small JSON object. */
final class NudgeStateFile implements NudgeStateReader {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int MAX_BYTES = 4096;
  static final String TEMPORARY_PREFIX = ".groundskeeper-nudge";

  private final Path base;

  NudgeStateFile(Path base) {
    this.base = base;
  }

  @Override
  public Optional<NudgeState> read(Path stateFile) {
    Path file = base.resolve(stateFile);
    try {
      if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > MAX_BYTES) {
        return Optional.empty();
      }
      JsonNode node = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
      if (node == null || !node.isObject()) {
        return Optional.empty();
      }
      JsonNode newest = node.path("newestWrite");
      Optional<Instant> newestWrite = newest.isTextual()
          ? Optional.of(Instant.parse(newest.asText())) : Optional.empty();
      return Optional.of(new NudgeState(newestWrite, node.path("tokensAtWrite").asLong(0),
          node.path("tokensAtNudge").asLong(0)));
    } catch (IOException | DateTimeParseException | IllegalArgumentException
        | SecurityException e) {
      // A damaged state file only costs one nudge cycle; it is rewritten at the next change.
      return Optional.empty();
    }
  }

  /**
   * Replaces the file atomically; refuses to write through a symbolic link. Removes the
   * temporaries of writers killed before their rename ({@link LeftTemporaries#LOCKLESS} old).
   */
  void write(Path stateFile, NudgeState state) throws IOException {
    Path file = base.resolve(stateFile).normalize();
    if (Files.isSymbolicLink(file)) {
      throw new IOException("refusing to write the nudge state through the symbolic link " + file);
    }
    Path directory = file.getParent();
    Files.createDirectories(directory);
    ObjectNode node = JSON.createObjectNode();
    state.newestWrite().ifPresentOrElse(
        instant -> node.put("newestWrite", instant.toString()),
        () -> node.putNull("newestWrite"));
    node.put("tokensAtWrite", state.tokensAtWrite());
    node.put("tokensAtNudge", state.tokensAtNudge());
    Path temporary = Files.createTempFile(directory, TEMPORARY_PREFIX, ".tmp");
    try {
      // Writers of this file take no lock, so only a temporary long dead is another's leftover.
      LeftTemporaries.remove(directory, TEMPORARY_PREFIX + "*.tmp", temporary,
          LeftTemporaries.LOCKLESS);
      Files.writeString(temporary, JSON.writeValueAsString(node), StandardCharsets.UTF_8);
      try {
        Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temporary);
    }
  }
}
