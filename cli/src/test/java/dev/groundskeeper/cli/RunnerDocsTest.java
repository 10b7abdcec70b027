package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.host.runner.RunnerAdapter;
import dev.groundskeeper.host.runner.Runners;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each runner's page gives settings that register every hook and tool the built-in rules read
 * through that runner, and a registration table that is the adapter's own.
 */
class RunnerDocsTest {

  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

  private static Set<Class<? extends Event>> eventsTheBuiltInRulesRead() {
    Policy policy = Policy.builder().discover(RunnerDocsTest.class.getClassLoader()).build();
    Set<Class<? extends Event>> events = new HashSet<>();
    for (ConfiguredRule rule : policy.rules()) {
      events.addAll(rule.rule().info().events());
    }
    return events;
  }

  private static JsonNode hooksIn(String text) throws IOException {
    int at = text.indexOf("```json\n");
    assertThat(at).as("a JSON block").isNotNegative();
    return Json.MAPPER.readTree(text.substring(at + 8, text.indexOf("```", at + 8)))
        .path("hooks");
  }

  /** Whether one of the hook's entries (groups with a matcher) covers {@code tool}. */
  private static boolean covers(JsonNode entries, String tool) {
    for (JsonNode entry : entries) {
      String matcher = entry.path("matcher").asText("");
      if (matcher.isEmpty() || matcher.equals("*")
          || Pattern.compile(matcher).matcher(tool).matches()) {
        return true;
      }
    }
    return false;
  }

  @ParameterizedTest
  @ValueSource(strings = {"codex", "gemini", "cursor"})
  void theSettingsRegisterWhatTheRulesReadAndTheTableIsTheAdapters(String name)
      throws IOException {
    RunnerAdapter adapter = Runners.named(name).orElseThrow();
    String page = Files.readString(ROOT.resolve("docs/runners/" + name + ".md"));
    JsonNode hooks = hooksIn(page);
    List<String> missing = new ArrayList<>();
    for (RunnerAdapter.Registration needed
        : adapter.registrations(eventsTheBuiltInRulesRead(), false)) {
      if (!hooks.has(needed.hook())) {
        missing.add(needed.hook());
        continue;
      }
      for (String tool : needed.tools()) {
        if (!covers(hooks.path(needed.hook()), tool)) {
          missing.add(needed.hook() + " " + tool);
        }
      }
    }
    assertThat(missing).as(name + ".md must register").isEmpty();

    Set<String> table = new TreeSet<>();
    Matcher row = Pattern.compile("(?m)^\\| `(\\w+)` \\| ([^|\\n]*)\\|$").matcher(page);
    while (row.find()) {
      table.add((row.group(1) + " " + row.group(2).replace("`", "")).strip());
    }
    Set<String> expected = new TreeSet<>();
    for (RunnerAdapter.Registration registration : adapter.registrations()) {
      expected.add(registration.hook() + " "
          + String.join(", ", new TreeSet<>(registration.tools())));
    }
    assertThat(table).as(name + ".md's registration table").isEqualTo(
        expected.stream().map(String::strip).collect(java.util.stream.Collectors.toCollection(
            TreeSet::new)));
    assertThat(hooks.size()).as("hooks the settings register")
        .isEqualTo(adapter.registrations().size());
  }
}
