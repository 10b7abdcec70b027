package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A corpus-mutation fuzzer over the hook's payloads, through the hook's public entry
 * ({@code groundskeeper hook}): valid Claude Code payloads are mutated (bytes flipped, cut,
 * NUL and invalid UTF-8 inserted, a field's type changed, a field removed, a huge field, deep
 * nesting, unknown events and tools). Whatever comes in, standard output is empty or one JSON
 * object, no stack trace reaches either stream, the exit code is 0, 1 or (only for a worktree
 * creation) 2, and while the payload still names a Bash command that would lose a commit, the
 * answer is a denial with exit 0. The number of inputs is {@code groundskeeper.fuzz.inputs}
 * (a short run in the build; {@code -Pfuzz} runs many more; figures in docs/benchmarks/fuzz.md);
 * the seed is {@code groundskeeper.fuzz.seed}, printed on failure.
 */
class HookFuzzTest {

  static final int INPUTS = Integer.getInteger("groundskeeper.fuzz.inputs", 60);
  static final long SEED = Long.getLong("groundskeeper.fuzz.seed", System.nanoTime());
  static final String LOSS = "git branch -D feat/x";

  @TempDir
  Path temp;

  private Path repo;
  private CliRunner cli;

  @BeforeEach
  void setUp() {
    repo = Git.init(temp.resolve("repo"));
    Git.run(repo, "switch", "-q", "-c", "feat/x");
    Git.run(repo, "commit", "-q", "--allow-empty", "-m", "only here");
    Git.run(repo, "switch", "-q", "main");
    cli = CliRunner.builtInRulesOnly(temp);
  }

  private List<ObjectNode> corpus() {
    List<ObjectNode> corpus = new ArrayList<>();
    corpus.add(tool("PreToolUse", "Bash", "command", LOSS));
    corpus.add(tool("PreToolUse", "Bash", "command", "echo hi > notes.md && rm -- notes.md"));
    corpus.add(tool("PreToolUse", "Write", "file_path", repo.resolve("a.txt").toString()));
    corpus.add(tool("PostToolUse", "Bash", "command", "git status"));
    corpus.add(base("Stop").put("stop_hook_active", false));
    corpus.add(base("SessionStart").put("source", "startup"));
    corpus.add(base("UserPromptSubmit").put("prompt", "hello"));
    return corpus;
  }

  private ObjectNode base(String event) {
    return Json.object().put("session_id", "fuzz").put("cwd", repo.toString())
        .put("transcript_path", temp.resolve("t.jsonl").toString())
        .put("hook_event_name", event);
  }

  private ObjectNode tool(String event, String tool, String field, String value) {
    ObjectNode node = base(event).put("tool_name", tool);
    node.putObject("tool_input").put(field, value);
    return node;
  }

  @Test
  void everyMutatedPayloadGetsAnAnswerInTheRunnersShape() throws IOException {
    Random random = new Random(SEED);
    List<ObjectNode> corpus = corpus();
    int denials = 0;
    for (int i = 0; i < INPUTS; i++) {
      ObjectNode original = corpus.get(random.nextInt(corpus.size())).deepCopy();
      Mutant mutant = mutate(original, random);
      CliRunner.Result result = cli.withBytes(repo, mutant.bytes(), "hook");
      String where = "seed " + SEED + ", input " + i + " (" + mutant.how() + "): "
          + result.err();
      assertThat(result.out() + result.err()).as(where).doesNotContain("\tat ")
          .doesNotContain("Exception in thread");
      assertThat(result.exit()).as(where).isIn(0, 1, 2);
      if (!result.output().isEmpty() && !original.path("hook_event_name").asText()
          .equals("PreCompact")) {
        JsonNode answer = Json.MAPPER.readTree(result.output());
        assertThat(answer.isObject()).as(where).isTrue();
      }
      if (result.exit() == 2) {
        assertThat(original.path("hook_event_name").asText()).as(where)
            .isEqualTo("WorktreeCreate");
      }
      if (mutant.stillALoss()) {
        assertThat(result.exit()).as(where).isZero();
        assertThat(Json.MAPPER.readTree(result.output()).path("hookSpecificOutput")
            .path("permissionDecision").asText()).as(where).isEqualTo("deny");
        denials++;
      }
    }
    assertThat(Git.run(repo, "branch", "--list", "feat/x")).contains("feat/x");
    System.out.println("HookFuzzTest: " + INPUTS + " inputs, " + denials
        + " still-loss inputs denied, seed " + SEED);
  }

  record Mutant(byte[] bytes, String how, boolean stillALoss) {}

  /** One mutation; {@code stillALoss} when the payload still asks to run {@link #LOSS}. */
  private Mutant mutate(ObjectNode payload, Random random) throws IOException {
    boolean loss = payload.path("tool_input").path("command").asText().equals(LOSS)
        && payload.path("hook_event_name").asText().equals("PreToolUse");
    List<String> fields = new ArrayList<>();
    payload.fieldNames().forEachRemaining(fields::add);
    String field = fields.get(random.nextInt(fields.size()));
    byte[] json = Json.MAPPER.writeValueAsBytes(payload);
    switch (random.nextInt(10)) {
      case 0 -> {
        byte[] cut = java.util.Arrays.copyOf(json, random.nextInt(json.length));
        return new Mutant(cut, "cut", false);
      }
      case 1 -> {
        byte[] flipped = json.clone();
        int at = random.nextInt(flipped.length);
        flipped[at] = (byte) random.nextInt(256);
        return new Mutant(flipped, "byte " + at + " replaced", false);
      }
      case 2 -> {
        String text = new String(json, StandardCharsets.UTF_8);
        int at = random.nextInt(text.length());
        byte[] head = text.substring(0, at).getBytes(StandardCharsets.UTF_8);
        byte[] tail = text.substring(at).getBytes(StandardCharsets.UTF_8);
        byte[] bad = random.nextBoolean() ? new byte[] {0} : new byte[] {(byte) 0xC3, 0x28};
        byte[] out = new byte[head.length + bad.length + tail.length];
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(bad, 0, out, head.length, bad.length);
        System.arraycopy(tail, 0, out, head.length + bad.length, tail.length);
        return new Mutant(out, "NUL or invalid UTF-8 at " + at, false);
      }
      case 3 -> {
        switch (random.nextInt(4)) {
          case 0 -> payload.put(field, random.nextInt());
          case 1 -> payload.putArray(field).add("x");
          case 2 -> payload.putNull(field);
          default -> payload.putObject(field).put("x", 1);
        }
        return new Mutant(Json.MAPPER.writeValueAsBytes(payload), field + " of another type",
            loss && !List.of("tool_input", "hook_event_name", "tool_name", "cwd")
                .contains(field) && !field.equals("session_id"));
      }
      case 4 -> {
        payload.remove(field);
        return new Mutant(Json.MAPPER.writeValueAsBytes(payload), field + " removed",
            loss && List.of("transcript_path").contains(field));
      }
      case 5 -> {
        payload.put(field, "x".repeat(1 << (10 + random.nextInt(11))));
        return new Mutant(Json.MAPPER.writeValueAsBytes(payload), field + " huge", false);
      }
      case 6 -> {
        StringBuilder deep = new StringBuilder();
        int depth = 1000 + random.nextInt(5000);
        deep.append("[".repeat(depth)).append("]".repeat(depth));
        String text = new String(json, StandardCharsets.UTF_8);
        text = text.substring(0, text.length() - 1) + ",\"deep\":" + deep + "}";
        return new Mutant(text.getBytes(StandardCharsets.UTF_8), "nested " + depth, false);
      }
      case 7 -> {
        payload.put("hook_event_name", "Unknown" + random.nextInt(100));
        return new Mutant(Json.MAPPER.writeValueAsBytes(payload), "unknown event", false);
      }
      case 8 -> {
        payload.put("tool_name", "Tool" + random.nextInt(100));
        return new Mutant(Json.MAPPER.writeValueAsBytes(payload), "unknown tool", false);
      }
      default -> {
        payload.put("unexpected_" + random.nextInt(100), random.nextInt());
        return new Mutant(Json.MAPPER.writeValueAsBytes(payload), "extra field", loss);
      }
    }
  }
}
