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
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Claude Code settings the documentation gives register every hook and tool the built-in
 * rules read: a rule reading an event the settings never deliver would judge nothing, silently
 * (the touch records once missed every Write because PostToolUse matched Bash alone).
 */
class ClaudeCodeSettingsTest {

  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

  private static Set<Class<? extends Event>> eventsTheBuiltInRulesRead() {
    Policy policy = Policy.builder().discover(ClaudeCodeSettingsTest.class.getClassLoader())
        .build();
    Set<Class<? extends Event>> events = new HashSet<>();
    for (ConfiguredRule rule : policy.rules()) {
      events.addAll(rule.rule().info().events());
    }
    return events;
  }

  /** The first JSON block of {@code file} that holds a "hooks" object. */
  private static JsonNode settingsIn(Path file) throws IOException {
    String text = Files.readString(file);
    int at = 0;
    while ((at = text.indexOf("```json\n", at)) >= 0) {
      int end = text.indexOf("```", at + 8);
      JsonNode node = Json.MAPPER.readTree(text.substring(at + 8, end));
      if (node.has("hooks")) {
        return node.path("hooks");
      }
      at = end + 3;
    }
    throw new AssertionError(file + " shows no Claude Code settings");
  }

  @ParameterizedTest
  @ValueSource(strings = {"docs/claude-code.md"})
  void theDocumentedSettingsDeliverEveryEventTheRulesRead(String document) throws IOException {
    assertDelivered(document, settingsIn(ROOT.resolve(document)));
  }

  /** README gives one command, {@code install}: the settings it writes are held the same way. */
  @Test
  void theInstalledSettingsDeliverEveryEventTheRulesRead(@TempDir Path temp) throws IOException {
    CliRunner cli = CliRunner.builtInRulesOnly(temp);
    CliRunner.Result installed = cli.run(temp, "install", "--runner", "claude");
    assertThat(installed.exit()).as(installed.err()).isZero();
    Path settings = cli.home().resolve(".claude/settings.json");
    JsonNode hooks = Json.MAPPER.readTree(Files.readString(settings)).path("hooks");
    assertDelivered("install", hooks);
    assertThat(hooks.path("Stop").get(0).path("hooks").get(0).path("command").asText())
        .as("this checkout's launcher, by its real path")
        .isEqualTo(ROOT.resolve("bin/groundskeeper").toRealPath() + " hook --runner claude");
    assertThat(Files.readString(ROOT.resolve("README.md"))).contains("bin/groundskeeper install");
  }

  private static void assertDelivered(String document, JsonNode hooks) {
    Map<String, Set<String>> required = new TreeMap<>();
    for (RunnerAdapter.Registration registration
        : Runners.CLAUDE_CODE.registrations(eventsTheBuiltInRulesRead(), false)) {
      required.put(registration.hook(), registration.tools());
    }
    assertThat(required).containsKeys("PreToolUse", "PostToolUse", "PostToolUseFailure", "Stop");
    List<String> missing = new ArrayList<>();
    required.forEach((hook, tools) -> {
      if (!hooks.has(hook)) {
        missing.add(hook);
        return;
      }
      for (String tool : tools) {
        boolean matched = false;
        for (JsonNode group : hooks.path(hook)) {
          String matcher = group.path("matcher").asText("");
          matched |= matcher.isEmpty() || matcher.equals("*")
              || Pattern.compile(matcher).matcher(tool).matches();
        }
        if (!matched) {
          missing.add(hook + " " + tool);
        }
      }
    });
    assertThat(missing).as(document + " must register").isEmpty();
  }

  @Test
  void everyEventAHookCanCarryHasItsClaudeCodeSource() {
    List<String> undelivered = Arrays.stream(Event.class.getPermittedSubclasses())
        .filter(type -> type != Event.SweepRequest.class)
        .filter(type -> Runners.CLAUDE_CODE.sourcesOf(type.asSubclass(Event.class)).isEmpty())
        .map(Class::getSimpleName).toList();
    assertThat(undelivered).isEmpty();
  }
}
