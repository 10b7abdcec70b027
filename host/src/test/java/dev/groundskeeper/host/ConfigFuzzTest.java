package dev.groundskeeper.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.config.ConfigException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * A fuzzer over configuration files, through the loader the hook uses ({@link PolicyLoader} via
 * {@link Host#policyOrDefaults}): alias bombs, self-referencing aliases, deep nesting, a 10 MiB
 * scalar, a wrong type at every key of docs/groundskeeper.schema.json, unknown keys, invalid
 * UTF-8, NUL and control bytes, several documents, and byte mutations of a valid file, written
 * as the user's file or as an (untrusted) repository's. Loading either succeeds or throws a
 * {@link ConfigException} whose message is short and names the file; anything else thrown (an
 * {@code OutOfMemoryError}, a {@code StackOverflowError}, a SnakeYAML exception) fails the
 * property. Whatever the file, the policy the hook then runs keeps the loss guard on. Hangs are
 * bounded by input size (the loader reads at most 256 KiB) and tries, not by a clock.
 */
class ConfigFuzzTest {

  private static final String FORCE_REMOVAL = "branches.force-removal";

  /** A valid file that every namespace of the schema appears in, mutated by some inputs. */
  static final String VALID = """
      engine:
        on_error: deny
      branches:
        protected_names: [main, release]
        wip:
          cap: 5
          mode: warn
        force_removal:
          mode: block
      changes:
        discard: block
      log:
        decisions: "off"
      scratch:
        directory: .scratch
      worktrees:
        quiet_days: 14
      """;

  private static Path temp;
  private static Path repo;
  private static Path userFile;
  private static Path repoFile;
  private static Host host;
  private static Workspace workspace;
  private static List<Leaf> leaves;

  /** A key of the schema with the JSON types it accepts. */
  record Leaf(List<String> path, List<String> types) {
    String dotted() {
      return String.join(".", path);
    }
  }

  /** One file's bytes, how they were made, and whether they must be refused. */
  record Input(String how, byte[] bytes, boolean invalid) {
    @Override
    public String toString() {
      return how + " (" + bytes.length + " bytes)";
    }
  }

  @BeforeContainer
  static void setUp() throws IOException {
    temp = Files.createTempDirectory("config-fuzz");
    repo = Git.init(temp.resolve("repo"));
    Path home = Files.createDirectories(temp.resolve("home"));
    userFile = home.resolve(".config/groundskeeper/config.yaml");
    Files.createDirectories(userFile.getParent());
    repoFile = repo.resolve(".groundskeeper.yaml");
    host = Host.builder().environment(Map.of("HOME", home.toString())).build();
    workspace = Workspace.locate(repo);
    JsonNode schema = new ObjectMapper().readTree(
        Path.of("..", "docs", "groundskeeper.schema.json").toFile());
    leaves = new ArrayList<>();
    collect(schema, new ArrayList<>(), leaves);
  }

  @AfterContainer
  static void cleanUp() throws IOException {
    try (var walk = Files.walk(temp)) {
      walk.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }

  private static void collect(JsonNode node, List<String> path, List<Leaf> into) {
    JsonNode properties = node.path("properties");
    if (properties.isObject() && properties.size() > 0) {
      for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        List<String> next = new ArrayList<>(path);
        next.add(field.getKey());
        collect(field.getValue(), next, into);
      }
      return;
    }
    List<String> types = new ArrayList<>();
    JsonNode type = node.path("type");
    if (type.isArray()) {
      type.forEach(t -> types.add(t.asText()));
    } else if (type.isTextual()) {
      types.add(type.asText());
    }
    into.add(new Leaf(List.copyOf(path), List.copyOf(types)));
  }

  @Property
  void anyFileGivesAPolicyOrAClearErrorAndTheLossGuardStaysOn(
      @ForAll("inputs") Input input, @ForAll boolean inRepository) throws IOException {
    Path file = inRepository ? repoFile : userFile;
    Files.deleteIfExists(inRepository ? userFile : repoFile);
    Files.write(file, input.bytes());

    Optional<ConfigException> refused = Optional.empty();
    try {
      host.policies().loadReported(workspace);
    } catch (ConfigException e) {
      refused = Optional.of(e);
    } catch (Throwable e) {
      throw new AssertionError(input + " in " + file + ": threw " + e, e);
    }
    if (input.invalid()) {
      assertThat(refused).as(input.toString()).isPresent();
    }
    refused.ifPresent(e -> {
      assertThat(e.problems()).isNotEmpty();
      // a clear error: it names the file, stays short, and shows no stack trace
      assertThat(e.getMessage()).as(input.toString()).startsWith("invalid configuration")
          .contains(file.toString()).doesNotContain("\tat ");
      assertThat(e.getMessage().length()).as(input.toString()).isLessThan(16 * 1024);
    });

    List<String> notes = new ArrayList<>();
    Policy policy;
    try {
      policy = host.policyOrDefaults(workspace, notes);
    } catch (Throwable e) {
      throw new AssertionError(input + " in " + file + ": the hook's loader threw " + e, e);
    }
    assertThat(notes.isEmpty()).as(input.toString()).isEqualTo(refused.isEmpty());
    if (refused.isPresent() || inRepository) {
      // the defaults, or an untrusted file held to the trust boundary: the guard still judges
      assertThat(policy.rules()).as(input.toString())
          .filteredOn(rule -> rule.id().equals(FORCE_REMOVAL)).singleElement()
          .extracting(ConfiguredRule::mode).isEqualTo(dev.groundskeeper.api.Mode.BLOCK);
    }
  }

  // ------------------------------------------------------------------ inputs

  @Provide
  Arbitrary<Input> inputs() {
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, wrongTypes()),
        net.jqwik.api.Tuple.of(1, unknownKeys()),
        net.jqwik.api.Tuple.of(2, aliasBombs()),
        net.jqwik.api.Tuple.of(1, selfReferences()),
        net.jqwik.api.Tuple.of(2, deepNesting()),
        net.jqwik.api.Tuple.of(1, hugeScalars()),
        net.jqwik.api.Tuple.of(2, badBytes()),
        net.jqwik.api.Tuple.of(1, shapes()),
        net.jqwik.api.Tuple.of(3, mutations()));
  }

  private static Input text(String how, String yaml, boolean invalid) {
    return new Input(how, yaml.getBytes(StandardCharsets.UTF_8), invalid);
  }

  /** {@code value} (a YAML text, flow style) at {@code path}, as block mappings. */
  static String at(List<String> path, String value) {
    StringBuilder yaml = new StringBuilder();
    for (int i = 0; i < path.size(); i++) {
      yaml.append("  ".repeat(i)).append(path.get(i)).append(':');
      yaml.append(i == path.size() - 1 ? " " + value + "\n" : "\n");
    }
    return yaml.toString();
  }

  /** Values of every YAML shape; each is wrong for a key unless the key's types allow it. */
  private static final List<String> SHAPES = List.of("{wrong: 1}", "[a, b]", "many", "1.5",
      "-7", "maybe", "yes", "true", "\"\"", "!!binary aGk=", "2026-12-02", "0x1F", ".inf",
      "[[nested]]", "{a: {b: c}}", "12345678901234567890");

  private Arbitrary<Input> wrongTypes() {
    return Combinators.combine(Arbitraries.of(leaves), Arbitraries.of(SHAPES))
        .filter((leaf, shape) -> wrongFor(leaf, shape))
        .as((leaf, shape) -> text("`" + shape + "` at " + leaf.dotted(),
            at(leaf.path(), shape), true));
  }

  /**
   * Whether {@code shape} is certainly of a type {@code leaf} refuses. A plain scalar may be read
   * as a string, so it only counts as wrong where no string is allowed; an enum's string is wrong
   * unless it is one of the values (none of the shapes is, but "yes"/"true" may be booleans).
   */
  static boolean wrongFor(Leaf leaf, String shape) {
    List<String> types = leaf.types();
    boolean mapping = shape.startsWith("{");
    boolean list = shape.startsWith("[");
    if (mapping) {
      return true;
    }
    if (list) {
      return !types.contains("array");
    }
    // YAML 1.1, as SnakeYAML reads it: 0x1F is an integer, yes a boolean
    boolean integer = shape.matches("-?\\d{1,9}") || shape.equals("0x1F");
    boolean bool = shape.equals("true") || shape.equals("yes");
    if (types.contains("string") || types.contains("array")) {
      return false;
    }
    if (types.contains("integer")) {
      return !integer;
    }
    if (types.contains("boolean")) {
      return !bool;
    }
    return false;
  }

  private Arbitrary<Input> unknownKeys() {
    return Combinators.combine(Arbitraries.of(leaves),
        Arbitraries.strings().withCharRange('a', 'z').ofMinLength(3).ofMaxLength(12))
        .as((leaf, name) -> {
          List<String> path = new ArrayList<>(leaf.path().subList(0, leaf.path().size() - 1));
          path.add("zz_" + name);
          return text("unknown key " + String.join(".", path), at(path, "1"), true);
        });
  }

  /** Billion laughs: each level an anchored list of {@code width} aliases of the one before. */
  private Arbitrary<Input> aliasBombs() {
    return Combinators.combine(Arbitraries.integers().between(2, 12),
        Arbitraries.integers().between(2, 12), Arbitraries.of(leaves), Arbitraries.of(true, false))
        .as((levels, width, leaf, mappings) -> {
          StringBuilder value = new StringBuilder("[&l0 " + (mappings ? "{a: lol}" : "[lol]"));
          for (int level = 1; level <= levels; level++) {
            value.append(", &l").append(level).append(mappings ? " {" : " [");
            for (int i = 0; i < width; i++) {
              value.append(i == 0 ? "" : ", ")
                  .append(mappings ? "k" + i + ": *l" : "*l").append(level - 1);
            }
            value.append(mappings ? "}" : "]");
          }
          value.append("]");
          String yaml = at(leaf.path(), value.toString()) + "other: *l" + levels + "\n";
          return text(levels + "x" + width + " alias bomb at " + leaf.dotted(), yaml, true);
        });
  }

  /** Aliases of a node inside itself: a cycle, which SnakeYAML's composer builds. */
  private Arbitrary<Input> selfReferences() {
    return Arbitraries.of(leaves).flatMap(leaf -> Arbitraries.of(
        at(leaf.path(), "&r [*r]"),
        at(leaf.path(), "&r {a: *r}"),
        at(leaf.path(), "&r {<<: *r, a: 1}"),
        "&top\n" + at(leaf.path(), "*top"),
        at(leaf.path().subList(0, 1), "&r {" + leaf.path().get(leaf.path().size() - 1)
            + ": *r}"),
        at(leaf.path().subList(0, 1), "&r {<<: *r}"))
        .map(yaml -> text("self-reference at " + leaf.dotted(), yaml, true)));
  }

  private Arbitrary<Input> deepNesting() {
    return Combinators.combine(Arbitraries.integers().between(40, 200_000),
        Arbitraries.integers().between(0, 3), Arbitraries.of(leaves))
        .as((depth, style, leaf) -> {
          String value = switch (style) {
            case 0 -> "[".repeat(depth) + "]".repeat(depth);
            case 1 -> "{a: ".repeat(depth) + "1" + "}".repeat(depth);
            case 2 -> "[".repeat(depth);
            default -> null;
          };
          if (value == null) {
            StringBuilder block = new StringBuilder();
            int levels = Math.min(depth, 400);
            for (int i = 0; i < levels; i++) {
              block.append(" ".repeat(i)).append("a:\n");
            }
            block.append(" ".repeat(levels)).append("b: 1\n");
            return text("block nesting " + levels + " at " + leaf.dotted(),
                at(leaf.path(), "") + indent(block.toString(), leaf.path().size() * 2), true);
          }
          return text("flow nesting " + depth + " (style " + style + ") at " + leaf.dotted(),
              at(leaf.path(), value), true);
        });
  }

  private static String indent(String text, int spaces) {
    return text.lines().map(line -> " ".repeat(spaces) + line + "\n")
        .reduce("", String::concat);
  }

  private Arbitrary<Input> hugeScalars() {
    return Combinators.combine(Arbitraries.of(leaves),
        Arbitraries.of(10 << 20, 256 * 1024 + 1, 200 * 1024), Arbitraries.of(true, false))
        .as((leaf, size, key) -> {
          String big = "x".repeat(size);
          String yaml = key ? at(List.of(leaf.path().get(0), big), "1")
              : at(leaf.path(), big);
          // under the 256 KiB cap a long plain string may be a valid value of a string key
          return text((key ? "key of " : "scalar of ") + size + " chars at " + leaf.dotted(),
              yaml, size > 256 * 1024 || key || !leaf.types().contains("string"));
        });
  }

  /** Bytes no UTF-8 YAML text may hold, put anywhere in the valid file. */
  private Arbitrary<Input> badBytes() {
    List<byte[]> bad = List.of(new byte[] {(byte) 0xC3, 0x28}, new byte[] {(byte) 0xFF},
        new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, new byte[] {(byte) 0xE2, (byte) 0x82},
        new byte[] {(byte) 0xC0, (byte) 0x80}, new byte[] {0}, new byte[] {0x1B},
        new byte[] {0x07}, new byte[] {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80});
    byte[] valid = VALID.getBytes(StandardCharsets.UTF_8);
    return Combinators.combine(Arbitraries.of(bad), Arbitraries.integers().between(0, valid.length))
        .as((bytes, at) -> {
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          out.write(valid, 0, at);
          out.writeBytes(bytes);
          out.write(valid, at, valid.length - at);
          return new Input(String.format("byte 0x%02X… at %d", bytes[0], at), out.toByteArray(),
              true);
        });
  }

  private Arbitrary<Input> shapes() {
    return Arbitraries.of(
        text("a list at the top", "- engine\n- branches\n", true),
        text("a scalar at the top", "just words\n", true),
        text("two documents", "---\nengine: {}\n---\nbranches: {}\n", true),
        text("a tag at the top", "!!python/object:os.system [ls]\n", true),
        text("a custom tag", "engine: !custom {on_error: deny}\n", false),
        text("a duplicate namespace", "engine: {}\nengine: {}\n", true),
        text("tab indentation", "engine:\n\ton_error: deny\n", true),
        text("an unclosed flow", "branches: {protected_names: [main\n", true),
        text("an unclosed quote", "branches:\n  default: \"main\n", true),
        text("only a comment", "# nothing\n", false),
        text("a byte order mark", "\uFEFFengine:\n  on_error: deny\n", false),
        text("valid", VALID, false));
  }

  /** Byte-level mutations of the valid file: replaced, cut, duplicated or dropped ranges. */
  private Arbitrary<Input> mutations() {
    byte[] valid = VALID.getBytes(StandardCharsets.UTF_8);
    return Combinators.combine(Arbitraries.integers().between(0, 3),
        Arbitraries.integers().between(0, valid.length - 1),
        Arbitraries.integers().between(1, 40), Arbitraries.integers().between(0, 255))
        .as((kind, at, span, value) -> {
          int end = Math.min(valid.length, at + span);
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          String how;
          switch (kind) {
            case 0 -> {
              out.writeBytes(valid);
              byte[] bytes = out.toByteArray();
              bytes[at] = (byte) value.intValue();
              return new Input("byte " + at + " set to " + value, bytes, false);
            }
            case 1 -> {
              out.write(valid, 0, at);
              how = "cut at " + at;
            }
            case 2 -> {
              out.write(valid, 0, end);
              out.write(valid, at, valid.length - at);
              how = "bytes " + at + ".." + end + " doubled";
            }
            default -> {
              out.write(valid, 0, at);
              out.write(valid, end, valid.length - end);
              how = "bytes " + at + ".." + end + " dropped";
            }
          }
          return new Input(how, out.toByteArray(), false);
        });
  }

  @Example
  void aLongValueIsShortenedInTheError() throws IOException {
    // found by the property: a 200 KiB value of engine.on_error came back whole in the message
    Files.deleteIfExists(repoFile);
    Files.writeString(userFile, "engine:\n  on_error: " + "x".repeat(200 * 1024) + "\n");
    assertThatThrownBy(() -> host.policies().loadReported(workspace))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("engine.on_error")
        .hasMessageContaining("xxx… (204800 characters)")
        .satisfies(e -> assertThat(e.getMessage().length()).isLessThan(2048));
  }
}
