package dev.groundskeeper.cli.install;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.cli.install.JsonText.Arr;
import dev.groundskeeper.cli.install.JsonText.Member;
import dev.groundskeeper.cli.install.JsonText.Obj;
import dev.groundskeeper.cli.install.JsonText.Style;
import dev.groundskeeper.cli.install.JsonText.Value;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Adds and removes Groundskeeper's hook entries in the text of one settings file. Entries are
 * Groundskeeper's when their command runs a Groundskeeper launcher's hook verb
 * ({@link Launcher#runsHook}), wherever they stand; every other entry, key and byte is left as
 * it is. Pure: text in, text out.
 */
final class Registrar {

  /** Where one of Groundskeeper's hooks is: element of the event array, and hook in its group. */
  record Found(int element, int hook) {}

  private final Runner runner;
  private final Path file;

  Registrar(Runner runner, Path file) {
    this.runner = runner;
    this.file = file;
  }

  /**
   * The text with {@code registrations} installed for {@code command}: an event whose entry is
   * already exactly right is left alone; in any other event Groundskeeper's entries are replaced
   * by the right one. {@code text} is empty for a file that does not exist.
   */
  String install(Optional<String> text, List<Registration> registrations, String command) {
    String current = text.orElse(runner.emptyDocument());
    Style style = text.map(JsonText::style).orElse(Style.DEFAULT);
    Obj root = root(current);
    if (root.member("hooks").isEmpty()) {
      ObjectNode hooks = JsonNodeFactory.instance.objectNode();
      for (Registration registration : registrations) {
        hooks.putArray(registration.event()).add(runner.entry(registration, command));
      }
      return JsonText.appendMember(current, root, "hooks", hooks, style);
    }
    for (Registration registration : registrations) {
      ObjectNode wanted = runner.entry(registration, command);
      Obj hooks = hooks(current).orElseThrow();
      Optional<Member> event = hooks.member(registration.event());
      if (event.isEmpty()) {
        current = JsonText.appendMember(current, hooks, registration.event(),
            JsonNodeFactory.instance.arrayNode().add(wanted), style);
        continue;
      }
      Arr entries = array(event.get());
      List<Found> ours = find(entries);
      if (ours.size() == 1 && entries.elements().get(ours.get(0).element()).node()
          .equals(wanted)) {
        continue;
      }
      current = removeOurs(current, registration.event(), false);
      Arr emptied = array(hooks(current).orElseThrow().member(registration.event()).orElseThrow());
      current = JsonText.appendElement(current, emptied, wanted, style);
    }
    return current;
  }

  /**
   * The text with every Groundskeeper hook removed, and the groups, event arrays and
   * {@code hooks} object that removal left empty; unchanged when there is none.
   */
  String uninstall(String text) {
    Optional<Obj> hooks = hooks(text);
    if (hooks.isEmpty()) {
      return text;
    }
    String current = text;
    boolean removed = false;
    for (Member event : hooks.get().members()) {
      if (!(event.value() instanceof Arr)) {
        continue; // a setting inside "hooks" (older Gemini CLI: enabled, disabled), no event
      }
      String after = removeOurs(current, event.key(), true);
      removed |= !after.equals(current);
      current = after;
    }
    Obj root = root(current);
    Obj left = hooks(current).orElseThrow();
    if (removed && left.members().isEmpty()) {
      current = JsonText.removeMember(current, root, root.indexOf("hooks"));
    }
    return current;
  }

  /** Groundskeeper's entries in each event of the file, by event name. */
  List<Found> ours(String text, String event) {
    return hooks(text).flatMap(h -> h.member(event)).map(m -> find(array(m))).orElse(List.of());
  }

  /** Removes Groundskeeper's hooks from one event, last first, parsing again after each. */
  private String removeOurs(String text, String event, boolean dropEmptyEvent) {
    String current = text;
    boolean removed = false;
    while (true) {
      Obj hooks = hooks(current).orElseThrow();
      Arr entries = array(hooks.member(event).orElseThrow());
      List<Found> ours = find(entries);
      if (ours.isEmpty()) {
        break;
      }
      removed = true;
      Found last = ours.get(ours.size() - 1);
      Value element = entries.elements().get(last.element());
      if (last.hook() >= 0) {
        Arr groupHooks = (Arr) ((Obj) element).member("hooks").orElseThrow().value();
        if (groupHooks.elements().size() > 1) {
          current = JsonText.removeElement(current, groupHooks, last.hook());
          continue;
        }
      }
      current = JsonText.removeElement(current, entries, last.element());
    }
    if (removed && dropEmptyEvent) {
      Obj hooks = hooks(current).orElseThrow();
      if (array(hooks.member(event).orElseThrow()).elements().isEmpty()) {
        current = JsonText.removeMember(current, hooks, hooks.indexOf(event));
      }
    }
    return current;
  }

  /** Groundskeeper's hooks among one event's entries, in file order. */
  private List<Found> find(Arr entries) {
    List<Found> found = new ArrayList<>();
    for (int i = 0; i < entries.elements().size(); i++) {
      JsonNode entry = entries.elements().get(i).node();
      if (!runner.grouped) {
        if (Runner.command(entry).filter(Launcher::runsHook).isPresent()) {
          found.add(new Found(i, -1));
        }
        continue;
      }
      JsonNode hooks = entry.path("hooks");
      for (int j = 0; j < hooks.size(); j++) {
        if (Runner.command(hooks.get(j)).filter(Launcher::runsHook).isPresent()) {
          found.add(new Found(i, j));
        }
      }
    }
    return found;
  }

  Obj root(String text) {
    Value value;
    try {
      value = JsonText.parse(text, runner.comments);
    } catch (JsonText.Malformed e) {
      throw new InstallException(file + ":" + e.getMessage() + "; nothing was changed (fix the"
          + " file, or move it aside, and run again)");
    }
    if (!(value instanceof Obj root)) {
      throw new InstallException(file + " does not hold a JSON object; nothing was changed");
    }
    return root;
  }

  /** The {@code hooks} object, if the file has one; an error when it is not an object. */
  Optional<Obj> hooks(String text) {
    Optional<Member> hooks = root(text).member("hooks");
    if (hooks.isEmpty()) {
      return Optional.empty();
    }
    if (!(hooks.get().value() instanceof Obj object)) {
      throw new InstallException(file + ": \"hooks\" is not an object; nothing was changed");
    }
    return Optional.of(object);
  }

  private Arr array(Member event) {
    if (!(event.value() instanceof Arr entries)) {
      throw new InstallException(file + ": hooks." + event.key()
          + " is not an array; nothing was changed");
    }
    return entries;
  }
}
