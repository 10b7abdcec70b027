package dev.groundskeeper.cli.install;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.host.runner.RunnerAdapter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What install writes for each runner is what that runner's adapter says delivers the events the
 * rules read: every such hook, with a matcher covering every tool; nothing the adapter would
 * ignore. A rule reading an event that install never registers would judge nothing, silently
 * (the touch records once missed every Write because PostToolUse matched Bash alone).
 */
class InstalledRegistrationsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path temp;

  /** The hooks object install wrote for {@code runner} into an empty home. */
  private JsonNode installed(Runner runner) throws IOException {
    Machine machine = new Machine(temp).has(runner);
    Machine.Run run = machine.install("--runner", runner.id);
    assertThat(run.code()).as(run.err()).isZero();
    return JSON.readTree(Files.readString(machine.file(runner, Scope.USER))).path("hooks");
  }

  /** Whether one of the entries of a hook (groups or flat entries) runs for {@code tool}. */
  private static boolean covers(Runner runner, JsonNode entries, String tool) {
    for (JsonNode entry : entries) {
      String matcher = entry.path("matcher").asText("");
      if (matcher.isEmpty() || matcher.equals("*")) {
        return true;
      }
      // Gemini tests its matcher unanchored, the others as a whole-name pattern.
      Pattern pattern = Pattern.compile(matcher);
      if (runner == Runner.GEMINI ? pattern.matcher(tool).find()
          : pattern.matcher(tool).matches()) {
        return true;
      }
    }
    return false;
  }

  @ParameterizedTest
  @EnumSource(Runner.class)
  void everyHookAndToolTheAdapterNeedsForTheRulesIsInstalled(Runner runner) throws IOException {
    JsonNode hooks = installed(runner);
    List<String> missing = new ArrayList<>();
    List<RunnerAdapter.Registration> needed =
        runner.adapter().registrations(Machine.RULE_EVENTS, false);
    assertThat(needed).as("the rules read something this runner delivers").isNotEmpty();
    for (RunnerAdapter.Registration registration : needed) {
      if (!hooks.has(registration.hook()) || hooks.path(registration.hook()).isEmpty()) {
        missing.add(registration.hook());
        continue;
      }
      for (String tool : registration.tools()) {
        if (!covers(runner, hooks.path(registration.hook()), tool)) {
          missing.add(registration.hook() + " " + tool);
        }
      }
    }
    assertThat(missing).as(runner.id + ": install must register").isEmpty();
  }

  @ParameterizedTest
  @EnumSource(Runner.class)
  void installRegistersNoHookTheAdapterIgnores(Runner runner) throws IOException {
    Set<String> mapped = new TreeSet<>();
    runner.adapter().registrations().forEach(registration -> mapped.add(registration.hook()));
    Set<String> written = new TreeSet<>();
    for (Iterator<String> names = installed(runner).fieldNames(); names.hasNext(); ) {
      written.add(names.next());
    }
    assertThat(mapped).as(runner.id + ": every installed hook is mapped").containsAll(written);
  }

  /**
   * The events a rule reads that a runner has no hook for, written out: a runner (or an adapter
   * change) that starts or stops delivering one is seen here, and its page says so.
   */
  @Test
  void theEventsARunnerCannotDeliverAreKnown() {
    Map<String, Set<String>> undelivered = new TreeMap<>();
    for (Runner runner : Runner.values()) {
      Set<String> names = new TreeSet<>();
      for (Class<? extends Event> type : Machine.RULE_EVENTS) {
        if (type != Event.SweepRequest.class && runner.adapter().sourcesOf(type).isEmpty()) {
          names.add(type.getSimpleName());
        }
      }
      undelivered.put(runner.id, names);
    }
    assertThat(undelivered).isEqualTo(Map.of(
        "claude", Set.of(),
        "codex", Set.of("AgentDispatch", "StopFailure", "WorktreeCreate"),
        "gemini", Set.of("AgentDispatch", "StopFailure", "SubagentStart", "SubagentStop",
            "WorktreeCreate"),
        "cursor", Set.of("AgentDispatch", "PreCompact", "SubagentStart", "WorktreeCreate")));
  }

  @Test
  void claudeCodesTableIsTheOneWrittenOut() {
    Map<String, Set<String>> table = new TreeMap<>();
    for (Registration registration : Runner.CLAUDE.registrations(Machine.RULE_EVENTS)) {
      table.put(registration.event(), Set.copyOf(registration.tools()));
    }
    assertThat(table).isEqualTo(Machine.CLAUDE);
  }
}
