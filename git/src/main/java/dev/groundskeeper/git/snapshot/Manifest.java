package dev.groundskeeper.git.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.repo.Snapshot;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A snapshot's {@code manifest.json}: what each path was (its content's git blob id, whether it
 * was executable, the link target), what HEAD and the index held for it then, and which stored
 * file holds its bytes. Written last, so a directory with a manifest is complete.
 */
record Manifest(int version, String id, Instant created, String sessionId, String command,
    Path top, List<Entry> entries, long bytes) {

  static final int VERSION = 1;
  static final String FILE_NAME = "manifest.json";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  Manifest {
    entries = List.copyOf(entries);
  }

  /** A git index or tree entry: its mode (octal, as git prints it) and object id. */
  record GitEntry(String mode, String id) {}

  /**
   * One path.
   *
   * @param content the stored file holding its bytes (a file) or empty
   * @param blob the git blob id of its content (a file's bytes, a link's target), or empty
   * @param head what HEAD held at the path, if anything
   * @param index what the index held at the path, if anything
   * @param indexContent the stored file holding the index's bytes, when they differ from the
   *     working file's and from HEAD's
   */
  record Entry(String path, Snapshot.Kind kind, long size, boolean executable,
      Optional<String> target, Optional<String> content, Optional<String> blob,
      Optional<GitEntry> head, Optional<GitEntry> index, Optional<String> indexContent) {

    /** The index differs from HEAD: restoring puts the index entry back too. */
    boolean staged() {
      return !head.equals(index);
    }
  }

  Snapshot summary() {
    List<Snapshot.File> files = new ArrayList<>();
    for (Entry entry : entries) {
      files.add(new Snapshot.File(entry.path(), entry.kind(), entry.size(), entry.staged()));
    }
    return new Snapshot(id, created, sessionId, command, top, files, bytes);
  }

  byte[] toJson() throws IOException {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("version", version).put("id", id).put("created", created.toString())
        .put("session", sessionId).put("command", command).put("top", top.toString())
        .put("bytes", bytes);
    ArrayNode list = root.putArray("entries");
    for (Entry e : entries) {
      ObjectNode node = list.addObject();
      node.put("path", e.path()).put("kind", e.kind().name()).put("size", e.size())
          .put("executable", e.executable());
      e.target().ifPresent(t -> node.put("target", t));
      e.content().ifPresent(c -> node.put("content", c));
      e.blob().ifPresent(b -> node.put("blob", b));
      e.head().ifPresent(h -> node.putObject("head").put("mode", h.mode()).put("id", h.id()));
      e.index().ifPresent(i -> node.putObject("index").put("mode", i.mode()).put("id", i.id()));
      e.indexContent().ifPresent(c -> node.put("index_content", c));
    }
    return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(root);
  }

  /** Reads a manifest; a missing or malformed field is an {@link IOException} naming it. */
  static Manifest fromJson(byte[] json) throws IOException {
    JsonNode root = MAPPER.readTree(json);
    if (root == null || !root.isObject()) {
      throw new IOException("the manifest is not a JSON object");
    }
    int version = required(root, "version").asInt();
    if (version != VERSION) {
      throw new IOException("manifest version " + version + " is not one this build reads");
    }
    List<Entry> entries = new ArrayList<>();
    for (JsonNode node : required(root, "entries")) {
      Snapshot.Kind kind;
      try {
        kind = Snapshot.Kind.valueOf(required(node, "kind").asText());
      } catch (IllegalArgumentException e) {
        throw new IOException("unknown entry kind " + node.get("kind"), e);
      }
      entries.add(new Entry(required(node, "path").asText(), kind,
          required(node, "size").asLong(), node.path("executable").asBoolean(false),
          text(node, "target"), text(node, "content"), text(node, "blob"),
          git(node.get("head")), git(node.get("index")), text(node, "index_content")));
    }
    Instant created;
    try {
      created = Instant.parse(required(root, "created").asText());
    } catch (RuntimeException e) {
      throw new IOException("the manifest's created time is not an instant", e);
    }
    return new Manifest(version, required(root, "id").asText(), created,
        root.path("session").asText(""), root.path("command").asText(""),
        Path.of(required(root, "top").asText()), entries, required(root, "bytes").asLong());
  }

  private static JsonNode required(JsonNode node, String field) throws IOException {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      throw new IOException("the manifest has no " + field);
    }
    return value;
  }

  private static Optional<String> text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? Optional.empty() : Optional.of(value.asText());
  }

  private static Optional<GitEntry> git(JsonNode node) throws IOException {
    if (node == null || node.isNull()) {
      return Optional.empty();
    }
    return Optional.of(new GitEntry(required(node, "mode").asText(), required(node, "id")
        .asText()));
  }
}
