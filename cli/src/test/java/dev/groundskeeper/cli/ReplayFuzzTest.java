package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;
import net.jqwik.api.statistics.Statistics;

/**
 * A corpus-mutation fuzzer over {@code groundskeeper replay}: the recorded Claude Code and Codex
 * transcripts of src/test/resources/replay (which ask for {@code git branch -D} of an unpushed
 * branch and {@code git reset --hard} over a modified file) with lines cut, bytes replaced, NUL,
 * ESC and invalid UTF-8 inserted, a field of another type or removed, huge and deeply nested
 * lines, lines dropped or doubled, and loss commands carrying control bytes. Whatever the file
 * holds, replay exits 0 (or 2 when nothing could be read), prints one JSON object with
 * {@code --json}, no stack trace, no raw control byte in its text report, answers within the
 * runner timeout's bound, and every denial of the unchanged file whose line (and the lines
 * before it that set the session's directory) was left as it was is still reported.
 */
@AddLifecycleHook(FuzzTries.class)
class ReplayFuzzTest {

  private Path temp;
  private Path repo;
  private CliRunner cli;
  private final Map<String, List<String>> transcripts = new HashMap<>();
  private final Map<String, Set<Integer>> denied = new HashMap<>();

  @BeforeProperty
  void setUp() throws IOException {
    temp = Files.createTempDirectory("gk-replay-fuzz");
    repo = LossRepository.withChange(temp.resolve("repo"), "README.md", "one\n",
        "one\ntwo, not committed\n");
    cli = CliRunner.builtInRulesOnly(temp);
    for (String name : List.of("claude-session.jsonl", "codex-rollout.jsonl")) {
      List<String> lines = List.of(GoldenTranscripts.text(name, repo.toString()).split("\n"));
      transcripts.put(name, lines);
      Path file = temp.resolve("baseline-" + name);
      Files.write(file, lines);
      JsonNode report = Json.MAPPER.readTree(cli.run(repo, "replay", "--json", "--repo",
          repo.toString(), file.toString()).out());
      Set<Integer> lossLines = new TreeSet<>();
      report.path("denials").forEach(denial -> lossLines.add(denial.path("line").asInt()));
      assertThat(lossLines).as(name).isNotEmpty();
      denied.put(name, lossLines);
    }
  }

  @AfterProperty
  void tearDown() throws IOException {
    try (Stream<Path> files = Files.walk(temp)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }

  /** One try: whether it leaves the denied lines (and the session's first lines) alone. */
  record Try(boolean keepsTheLosses, boolean json, long seed) {}

  @Provide
  Arbitrary<Try> tries() {
    return Combinators.combine(Arbitraries.integers().between(0, 1), Arbitraries.of(true, false),
        Arbitraries.longs()).as((kind, json, seed) -> new Try(kind == 0, json, seed));
  }

  /** A line of the mutated file: its bytes and the line of the unchanged file it is (or 0). */
  record Line(byte[] bytes, int origin) {}

  @Property(shrinking = ShrinkingMode.OFF)
  void everyTranscriptIsReplayedWithoutFailingAndKeepsItsIntactDenials(
      @ForAll("tries") Try attempt) throws IOException {
    Random random = new Random(attempt.seed());
    String name = random.nextBoolean() ? "claude-session.jsonl" : "codex-rollout.jsonl";
    List<String> original = transcripts.get(name);
    Set<Integer> losses = denied.get(name);
    List<Line> lines = new ArrayList<>();
    for (int i = 0; i < original.size(); i++) {
      lines.add(new Line(original.get(i).getBytes(StandardCharsets.UTF_8), i + 1));
    }
    List<String> how = new ArrayList<>();
    int changes = 1 + random.nextInt(3);
    for (int i = 0; i < changes; i++) {
      // the first two lines name the session's directory; a kept denial needs them
      int first = attempt.keepsTheLosses() ? 2 : 0;
      List<Integer> free = new ArrayList<>();
      for (int at = first; at < lines.size(); at++) {
        if (!attempt.keepsTheLosses() || !losses.contains(lines.get(at).origin())) {
          free.add(at);
        }
      }
      if (free.isEmpty()) {
        break;
      }
      how.add(mutate(lines, free.get(random.nextInt(free.size())), random));
    }
    Path file = temp.resolve("mutant.jsonl");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (Line line : lines) {
      bytes.write(line.bytes());
      bytes.write('\n');
    }
    Files.write(file, bytes.toByteArray());
    String where = name + " (" + String.join(", ", how) + "), seed " + attempt.seed();

    List<String> args = new ArrayList<>(List.of("replay", "--repo", repo.toString()));
    if (attempt.json()) {
      args.add("--json");
    }
    args.add(file.toString());
    FuzzTries.Timed<CliRunner.Result> timed = FuzzTries.within(where,
        () -> cli.run(repo, args.toArray(String[]::new)));
    CliRunner.Result result = timed.value();
    where += ": exit " + result.exit() + ", err " + result.error();
    Statistics.label("transcript").collect(attempt.keepsTheLosses() ? "denied lines kept"
        : "any mutant");
    Statistics.label("exit").collect(result.exit());
    Statistics.label("time").collect(timed.bucket());

    for (String stream : List.of(result.out(), result.err())) {
      assertThat(stream).as(where).doesNotContain("\tat ", "Exception in thread", "java.lang.",
          "com.fasterxml.", ".java:");
    }
    assertThat(result.exit()).as(where).isIn(0, 2);
    if (!attempt.json()) {
      ControlBytes.assertNone(result.out(), where);
    }
    ControlBytes.assertNone(result.err(), where);
    if (attempt.json() && result.exit() == 0) {
      JsonNode report = Json.MAPPER.readTree(result.out());
      assertThat(report.isObject()).as(where).isTrue();
      if (attempt.keepsTheLosses()) {
        Set<Integer> reported = new TreeSet<>();
        report.path("denials").forEach(denial -> reported.add(
            lines.get(denial.path("line").asInt() - 1).origin()));
        assertThat(reported).as(where).containsAll(losses);
      }
    }
    Statistics.label("transcript")
        .coverage(coverage -> coverage.check("denied lines kept").percentage(p -> p >= 30));
  }

  /** Changes the line at {@code at}; says how. */
  private static String mutate(List<Line> lines, int at, Random random) {
    byte[] line = lines.get(at).bytes();
    switch (random.nextInt(9)) {
      case 0 -> {
        lines.set(at, new Line(java.util.Arrays.copyOf(line, random.nextInt(line.length + 1)),
            0));
        return "line " + (at + 1) + " cut";
      }
      case 1 -> {
        byte[] flipped = line.clone();
        if (flipped.length > 0) {
          int where = random.nextInt(flipped.length);
          flipped[where] = (byte) random.nextInt(256);
          // a line break would make it two lines and shift the rest
          if (flipped[where] == '\n') {
            flipped[where] = 0;
          }
        }
        lines.set(at, new Line(flipped, 0));
        return "a byte of line " + (at + 1) + " replaced";
      }
      case 2 -> {
        byte[][] bad = {{0}, {0x1b, '[', '2', 'J'}, {(byte) 0xC3, 0x28}, {(byte) 0xFF},
            {'\r'}, {(byte) 0xC2, (byte) 0x9B}, {(byte) 0xE2, (byte) 0x80, (byte) 0xAE}};
        byte[] insert = bad[random.nextInt(bad.length)];
        lines.set(at, new Line(PayloadMutator.insert(line, random.nextInt(line.length + 1),
            insert), 0));
        return "raw bytes inserted into line " + (at + 1);
      }
      case 3 -> {
        JsonNode node = parse(line);
        if (node instanceof ObjectNode object) {
          List<String> paths = PayloadMutator.paths(object, Set.of());
          String path = paths.get(random.nextInt(paths.size()));
          if (random.nextBoolean()) {
            PayloadMutator.set(object, path, PayloadMutator.otherType(random));
          } else {
            PayloadMutator.remove(object, path);
          }
          lines.set(at, new Line(PayloadMutator.bytes(object), 0));
          return path + " of line " + (at + 1) + " changed";
        }
        return "line " + (at + 1) + " not JSON, left";
      }
      case 4 -> {
        String huge = random.nextBoolean() ? PayloadMutator.huge(random)
            : "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"tool_use\","
                + "\"name\":\"Bash\",\"input\":{\"command\":\"" + PayloadMutator.huge(random)
                + "\"}}]}}";
        lines.set(at, new Line(huge.getBytes(StandardCharsets.UTF_8), 0));
        return "line " + (at + 1) + " huge";
      }
      case 5 -> {
        int depth = 1000 + random.nextInt(5000);
        lines.set(at, new Line(("{\"type\":\"assistant\",\"x\":" + "[".repeat(depth)
            + "]".repeat(depth) + "}").getBytes(StandardCharsets.UTF_8), 0));
        return "line " + (at + 1) + " nested " + depth;
      }
      case 6 -> {
        lines.remove(at);
        return "line " + (at + 1) + " dropped";
      }
      case 7 -> {
        lines.add(at, new Line(line, 0));
        return "line " + (at + 1) + " doubled";
      }
      default -> {
        // a command carrying control bytes, which the text report must not print raw
        String odd = PayloadMutator.odd(random).replace("\n", "\\n");
        String text = new String(line, StandardCharsets.UTF_8);
        String changed = text.replace("git branch -D feat/x", "git branch -D feat/x" + escaped(
            odd)).replace("git status", "git status " + escaped(odd));
        lines.set(at, new Line(changed.getBytes(StandardCharsets.UTF_8), 0));
        return "control text in the commands of line " + (at + 1);
      }
    }
  }

  /** {@code text} as it would stand inside a JSON string. */
  private static String escaped(String text) {
    String json = new String(PayloadMutator.bytes(Json.MAPPER.getNodeFactory().textNode(text)),
        StandardCharsets.UTF_8);
    return json.substring(1, json.length() - 1);
  }

  private static JsonNode parse(byte[] line) {
    try {
      return Json.MAPPER.readTree(line);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
