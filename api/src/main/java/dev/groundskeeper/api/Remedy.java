package dev.groundskeeper.api;

import java.util.List;
import java.util.Objects;

/**
 * The way out of a denial or advice: a short description and the exact commands to run, in order
 * (for a corrected command, the one corrected command).
 */
@API(status = API.Status.STABLE)
public record Remedy(String description, List<String> commands) {

  public Remedy {
    Objects.requireNonNull(description, "description");
    commands = List.copyOf(commands);
    if (description.isBlank() && commands.isEmpty()) {
      throw new IllegalArgumentException("a remedy needs a description or a command");
    }
  }

  public static Remedy run(String description, String... commands) {
    return new Remedy(description, List.of(commands));
  }

  public static Remedy describe(String description) {
    return new Remedy(description, List.of());
  }

  /** Description then one command per line, indented, as shown to agents and people. */
  public String render() {
    StringBuilder text = new StringBuilder(description);
    for (String command : commands) {
      if (text.length() > 0) {
        text.append('\n');
      }
      text.append("  ").append(command);
    }
    return text.toString();
  }
}
