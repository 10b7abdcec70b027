package dev.groundskeeper.git.files;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.groundskeeper.api.files.ContextUsage;
import dev.groundskeeper.api.files.TranscriptReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * Reads the context size of the latest model call from the end of a Claude Code transcript
 * (JSON lines). Only the last {@link #TAIL_BYTES} bytes are read; a line cut by that window, or
 * any line that is not JSON, is skipped. The context size is what the model read for that call:
 * input tokens plus tokens written to and read from the prompt cache.
 */
final class TranscriptTail implements TranscriptReader {

  static final int TAIL_BYTES = 256 * 1024;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path base;

  TranscriptTail(Path base) {
    this.base = base;
  }

  @Override
  public Optional<ContextUsage> latestUsage(Path transcript) {
    Path file = base.resolve(transcript);
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    String tail;
    try {
      tail = readTail(file);
    } catch (IOException | SecurityException e) {
      return Optional.empty();
    }
    int end = tail.length();
    while (end > 0) {
      int start = tail.lastIndexOf('\n', end - 1) + 1;
      Optional<ContextUsage> usage = usageOf(tail.substring(start, end));
      if (usage.isPresent()) {
        return usage;
      }
      end = start - 1;
    }
    return Optional.empty();
  }

  private static String readTail(Path file) throws IOException {
    try (SeekableByteChannel channel = Files.newByteChannel(file, StandardOpenOption.READ)) {
      long size = channel.size();
      long from = Math.max(0, size - TAIL_BYTES);
      channel.position(from);
      ByteBuffer buffer = ByteBuffer.allocate((int) (size - from));
      int read;
      do {
        read = channel.read(buffer);
      } while (read >= 0 && buffer.hasRemaining());
      buffer.flip();
      return StandardCharsets.UTF_8.decode(buffer).toString();
    }
  }

  static Optional<ContextUsage> usageOf(String line) {
    if (line.isBlank() || !line.contains("\"usage\"")) {
      return Optional.empty();
    }
    JsonNode record;
    try {
      record = JSON.readTree(line);
    } catch (JsonProcessingException e) {
      return Optional.empty();
    }
    if (record == null || record.path("isSidechain").asBoolean(false)) {
      return Optional.empty();
    }
    JsonNode usage = record.path("message").path("usage");
    if (!usage.isObject() || !usage.has("input_tokens")) {
      return Optional.empty();
    }
    long tokens = usage.path("input_tokens").asLong(0)
        + usage.path("cache_creation_input_tokens").asLong(0)
        + usage.path("cache_read_input_tokens").asLong(0);
    return tokens > 0 ? Optional.of(new ContextUsage(tokens)) : Optional.empty();
  }
}
