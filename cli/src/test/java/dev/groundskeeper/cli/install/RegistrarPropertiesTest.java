package dev.groundskeeper.cli.install;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The invariants of merging into a settings file, over generated files (other keys, other tools'
 * hooks in the same events, any indentation): uninstall after install gives back the original
 * bytes, install twice is install once, install only inserts, and what is installed is what the
 * table asks for.
 */
class RegistrarPropertiesTest {

  private static final String COMMAND = "/opt/gk/bin/groundskeeper hook --runner claude";
  private static final List<Registration> TABLE =
      Runner.CLAUDE.registrations(Machine.RULE_EVENTS);

  @Property(tries = 200)
  void uninstallAfterInstallGivesBackTheOriginalBytes(@ForAll("settings") String original) {
    Registrar registrar = new Registrar(Runner.CLAUDE, Path.of("settings.json"));

    String installed = registrar.install(Optional.of(original), TABLE, COMMAND);

    assertThat(registrar.uninstall(installed)).isEqualTo(original);
    assertThat(InstallCommandTest.isSubsequence(original, installed)).isTrue();
  }

  @Property(tries = 200)
  void installingTwiceIsInstallingOnce(@ForAll("settings") String original) {
    Registrar registrar = new Registrar(Runner.CLAUDE, Path.of("settings.json"));

    String once = registrar.install(Optional.of(original), TABLE, COMMAND);

    assertThat(registrar.install(Optional.of(once), TABLE, COMMAND)).isEqualTo(once);
  }

  @Property(tries = 200)
  void everyEventOfTheTableHoldsExactlyOneEntryOfOursAndEveryOtherHookStays(
      @ForAll("settings") String original) throws Exception {
    Registrar registrar = new Registrar(Runner.CLAUDE, Path.of("settings.json"));

    String installed = registrar.install(Optional.of(original), TABLE, COMMAND);

    JsonNode before = JsonText.parse(original, false).node();
    JsonNode after = JsonText.parse(installed, false).node();
    for (Registration registration : TABLE) {
      assertThat(registrar.ours(installed, registration.event())).hasSize(1);
    }
    before.path("hooks").fields().forEachRemaining(event -> {
      for (JsonNode group : event.getValue()) {
        assertThat(after.path("hooks").path(event.getKey())).contains(group);
      }
    });
    before.fields().forEachRemaining(field -> {
      if (!field.getKey().equals("hooks")) {
        assertThat(after.get(field.getKey())).isEqualTo(field.getValue());
      }
    });
  }

  @Provide
  Arbitrary<String> settings() {
    Arbitrary<String> unit = Arbitraries.of("  ", "    ", "\t", " ");
    Arbitrary<ObjectNode> document = Combinators.combine(
        Arbitraries.of("opus", "sonnet"), Arbitraries.integers().between(0, 3),
        Arbitraries.subsetOf("PreToolUse", "Stop", "Notification", "PostToolUse"),
        Arbitraries.of(true, false))
        .as((model, otherKeys, events, hooksFirst) -> {
          JsonNodeFactory json = JsonNodeFactory.instance;
          ObjectNode root = json.objectNode();
          ObjectNode hooks = json.objectNode();
          for (String event : events) {
            ObjectNode group = hooks.putArray(event).addObject();
            if (event.equals("PreToolUse")) {
              group.put("matcher", "Bash");
            }
            group.putArray("hooks").addObject().put("type", "command")
                .put("command", "/usr/local/bin/audit " + event);
          }
          if (hooksFirst && !events.isEmpty()) {
            root.set("hooks", hooks);
          }
          root.put("model", model);
          for (int i = 0; i < otherKeys; i++) {
            root.putObject("key" + i).putArray("list").add(i).add("x");
          }
          if (!hooksFirst && !events.isEmpty()) {
            root.set("hooks", hooks);
          }
          return root;
        });
    return Combinators.combine(document, unit, Arbitraries.of("\n", "\r\n"),
        Arbitraries.of(true, false))
        .as((root, indent, newline, compact) -> compact
            ? root.toString() + newline
            : JsonText.render(root, "", new JsonText.Style(indent, newline)) + newline);
  }
}
