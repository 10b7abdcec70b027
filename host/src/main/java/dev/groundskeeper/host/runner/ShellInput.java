package dev.groundskeeper.host.runner;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The command line of a shell tool call, which runners spell as one string or as an argument
 * vector ({@code ["bash", "-lc", "git status"]}). A vector that runs a shell with a script is its
 * script; any other vector is its words, each quoted for the shell where it needs it, so the one
 * command parser reads it as what will run.
 */
final class ShellInput {

  private static final Set<String> SHELLS = Set.of("bash", "sh", "zsh", "dash", "/bin/bash",
      "/bin/sh", "/bin/zsh", "/usr/bin/bash", "/usr/bin/zsh");

  private ShellInput() {}

  /** The command at the first of {@code fields} present, read as above; empty when none is. */
  static Optional<String> command(Payload payload, String... fields) {
    for (String field : fields) {
      JsonNode node = payload.node(field);
      if (node.isTextual()) {
        return Optional.of(node.asText());
      }
      if (node.isArray()) {
        List<String> words = new ArrayList<>();
        for (JsonNode word : node) {
          if (!word.isTextual()) {
            throw new PayloadException("the " + payload.event() + " payload's field `" + field
                + "` must hold strings only");
          }
          words.add(word.asText());
        }
        return Optional.of(line(words));
      }
      if (!node.isMissingNode() && !node.isNull()) {
        throw new PayloadException("the " + payload.event() + " payload's field `" + field
            + "` must be a string or a list of strings, not "
            + node.getNodeType().toString().toLowerCase(java.util.Locale.ROOT));
      }
    }
    return Optional.empty();
  }

  static String line(List<String> words) {
    if (words.size() == 3 && SHELLS.contains(words.get(0))
        && (words.get(1).equals("-c") || words.get(1).equals("-lc"))) {
      return words.get(2);
    }
    List<String> quoted = new ArrayList<>();
    for (String word : words) {
      quoted.add(word.matches("[A-Za-z0-9_@%+=:,./-]+") ? word
          : "'" + word.replace("'", "'\\''") + "'");
    }
    return String.join(" ", quoted);
  }
}
