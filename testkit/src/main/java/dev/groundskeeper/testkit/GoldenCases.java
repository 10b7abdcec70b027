package dev.groundskeeper.testkit;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Outcome;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * A golden-case file: YAML with optional {@code defaults} (context keys and {@code now} shared by
 * every case) and a list of {@code cases}, each one event and what the rule must answer. Keys are
 * checked strictly, so a misspelt expectation cannot silently pass.
 */
final class GoldenCases {

  private static final Set<String> EVENT_KEYS =
      Set.of("command", "write", "overwrite", "edit", "completed", "prompt", "sweep", "stop");
  private static final Set<String> CONTEXT_KEYS = Set.of("cwd", "session", "agent", "scratch",
      "now");
  private static final Set<String> EXPECTATION_KEYS = Set.of("expect", "reason",
      "reason_contains", "remedy_commands", "remedy_contains", "no_remedy", "finding_subjects",
      "effects");
  private static final Set<String> OTHER_KEYS = Set.of("name", "content", "exit", "stop_hook_active");

  private final String source;
  private final List<Map<String, Object>> cases;

  private GoldenCases(String source, List<Map<String, Object>> cases) {
    this.source = source;
    this.cases = cases;
  }

  static GoldenCases parse(String source, String yaml) {
    Object root;
    try {
      root = new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml);
    } catch (YAMLException e) {
      throw new IllegalArgumentException("golden cases " + source + ": not YAML: "
          + e.getMessage(), e);
    }
    Map<String, Object> top = map(source, "the file", root);
    unknownKeys(source, "the file", top, Set.of("defaults", "cases"));
    Map<String, Object> defaults = top.containsKey("defaults")
        ? map(source, "defaults", top.get("defaults")) : Map.of();
    unknownKeys(source, "defaults", defaults, CONTEXT_KEYS);
    if (!(top.get("cases") instanceof List<?> list) || list.isEmpty()) {
      throw new IllegalArgumentException("golden cases " + source
          + ": expected a non-empty list under 'cases'");
    }
    List<Map<String, Object>> cases = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      String where = "case " + (i + 1);
      Map<String, Object> raw = map(source, where, list.get(i));
      Map<String, Object> merged = new LinkedHashMap<>(defaults);
      merged.putAll(raw);
      Set<String> allowed = new TreeSet<>(EVENT_KEYS);
      allowed.addAll(CONTEXT_KEYS);
      allowed.addAll(EXPECTATION_KEYS);
      allowed.addAll(OTHER_KEYS);
      unknownKeys(source, where, merged, allowed);
      long events = merged.keySet().stream().filter(EVENT_KEYS::contains).count();
      if (events != 1) {
        throw new IllegalArgumentException("golden cases " + source + ": " + where
            + " needs exactly one event key of " + new TreeSet<>(EVENT_KEYS) + ", found "
            + events);
      }
      if (!merged.containsKey("expect")) {
        throw new IllegalArgumentException("golden cases " + source + ": " + where
            + " has no 'expect' (one of allow, advise, deny, not_applicable, could_not_judge)");
      }
      merged.putIfAbsent("name", where);
      cases.add(merged);
    }
    return new GoldenCases(source, cases);
  }

  Stream<DynamicTest> tests(RuleTester tester, URI location) {
    return cases.stream().map(c -> DynamicTest.dynamicTest(String.valueOf(c.get("name")),
        location, () -> run(tester, c)));
  }

  private void run(RuleTester tester, Map<String, Object> c) {
    String where = "case '" + c.get("name") + "'";
    Facts facts = tester.facts();
    if (c.containsKey("now")) {
      facts = TestFacts.builder().now(instant(where, c.get("now"))).over(facts).build();
    }
    VerdictAssert verdict = tester.given(event(where, c)).withFacts(facts).expect(outcome(where,
        c.get("expect")));
    if (c.containsKey("reason")) {
      verdict.reasonIs(text(where, "reason", c.get("reason")));
    }
    if (c.containsKey("reason_contains")) {
      verdict.reasonContains(texts(where, "reason_contains", c.get("reason_contains")));
    }
    if (c.containsKey("remedy_commands")) {
      verdict.remedyCommands(texts(where, "remedy_commands", c.get("remedy_commands")));
    }
    if (c.containsKey("remedy_contains")) {
      verdict.remedyDescriptionContains(text(where, "remedy_contains", c.get("remedy_contains")));
    }
    if (Boolean.TRUE.equals(c.get("no_remedy"))) {
      verdict.hasNoRemedy();
    }
    if (c.containsKey("finding_subjects")) {
      verdict.findingSubjects(texts(where, "finding_subjects", c.get("finding_subjects")));
    }
    if (c.containsKey("effects")) {
      int expected = integer(where, "effects", c.get("effects"));
      if (verdict.verdict().effects().size() != expected) {
        throw new org.opentest4j.AssertionFailedError(where + " in " + source + ": expected "
            + expected + " effects\n" + VerdictAssert.describe(verdict.verdict()), expected,
            verdict.verdict().effects().size());
      }
    }
  }

  private Event event(String where, Map<String, Object> c) {
    EventBuilder<?> builder;
    if (c.containsKey("command")) {
      builder = Events.command(text(where, "command", c.get("command")));
    } else if (c.containsKey("write")) {
      String path = text(where, "write", c.get("write"));
      builder = c.containsKey("content")
          ? Events.write(path, text(where, "content", c.get("content"))) : Events.write(path);
    } else if (c.containsKey("overwrite")) {
      builder = Events.overwrite(text(where, "overwrite", c.get("overwrite")),
          text(where, "content", c.getOrDefault("content", "")));
    } else if (c.containsKey("edit")) {
      builder = Events.edit(text(where, "edit", c.get("edit")));
    } else if (c.containsKey("completed")) {
      builder = Events.completed(text(where, "completed", c.get("completed")),
          integer(where, "exit", c.getOrDefault("exit", 0)));
    } else if (c.containsKey("prompt")) {
      builder = Events.prompt(text(where, "prompt", c.get("prompt")));
    } else if (c.containsKey("sweep")) {
      builder = Events.sweep();
    } else {
      builder = Events.stop(Boolean.TRUE.equals(c.get("stop_hook_active")));
    }
    if (c.containsKey("cwd")) {
      builder = builder.in(text(where, "cwd", c.get("cwd")));
    }
    if (c.containsKey("session")) {
      builder = builder.session(text(where, "session", c.get("session")));
    }
    if (c.containsKey("agent")) {
      builder = builder.agent(text(where, "agent", c.get("agent")));
    }
    if (Boolean.TRUE.equals(c.get("scratch"))) {
      builder = builder.scratch();
    }
    return builder.build();
  }

  private Outcome outcome(String where, Object value) {
    String word = text(where, "expect", value);
    try {
      return Outcome.valueOf(word.toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("golden cases " + source + ": " + where
          + ": 'expect: " + word
          + "' is not an outcome (allow, advise, deny, not_applicable, could_not_judge)", e);
    }
  }

  private Instant instant(String where, Object value) {
    if (value instanceof Date date) {
      return date.toInstant();
    }
    return Instant.parse(text(where, "now", value));
  }

  private String text(String where, String key, Object value) {
    if (value instanceof String || value instanceof Number || value instanceof Boolean) {
      return String.valueOf(value);
    }
    throw new IllegalArgumentException("golden cases " + source + ": " + where + ": '" + key
        + "' must be text, got " + value);
  }

  private String[] texts(String where, String key, Object value) {
    if (value instanceof List<?> list) {
      return list.stream().map(v -> text(where, key, v)).toArray(String[]::new);
    }
    return new String[] {text(where, key, value)};
  }

  private int integer(String where, String key, Object value) {
    if (value instanceof Integer number) {
      return number;
    }
    throw new IllegalArgumentException("golden cases " + source + ": " + where + ": '" + key
        + "' must be a whole number, got " + value);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(String source, String where, Object value) {
    if (value instanceof Map<?, ?> map) {
      return (Map<String, Object>) map;
    }
    throw new IllegalArgumentException("golden cases " + source + ": " + where
        + " must be a mapping, got " + value);
  }

  private static void unknownKeys(String source, String where, Map<String, Object> map,
      Set<String> allowed) {
    for (Object key : map.keySet()) {
      if (!allowed.contains(String.valueOf(key))) {
        throw new IllegalArgumentException("golden cases " + source + ": " + where
            + ": unknown key '" + key + "' (known keys: " + new TreeSet<>(allowed) + ")");
      }
    }
  }
}
