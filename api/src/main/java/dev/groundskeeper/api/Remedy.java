package dev.groundskeeper.api;

import java.util.List;
import java.util.Objects;

/**
 * The way out of a denial or advice: a short description and the exact commands to run, in order
 * (for a corrected command, the one corrected command).
 *
 * @param description what to do, in words; may be blank when a command says it all
 * @param commands the commands, each one that runs as printed
 */
@API(status = API.Status.STABLE)
public record Remedy(String description, List<String> commands) {

  /**
   * Checks the remedy and copies the commands.
   *
   * @param description what to do, in words; may be blank when a command says it all
   * @param commands the commands, each one that runs as printed
   * @throws IllegalArgumentException when it has neither a description nor a command
   */
  public Remedy {
    Objects.requireNonNull(description, "description");
    commands = List.copyOf(commands);
    if (description.isBlank() && commands.isEmpty()) {
      throw new IllegalArgumentException("a remedy needs a description or a command");
    }
  }

  /**
   * A way out that runs commands.
   *
   * @param description what the commands do
   * @param commands the commands, in order
   * @return the remedy
   */
  public static Remedy run(String description, String... commands) {
    return new Remedy(description, List.of(commands));
  }

  /**
   * A way out in words alone.
   *
   * @param description what to do, non-blank
   * @return the remedy
   */
  public static Remedy describe(String description) {
    return new Remedy(description, List.of());
  }

  /**
   * Description then one command per line, indented, as shown to agents and people.
   *
   * @return the text, without a final line feed
   */
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
