package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A {@code gh} invocation: the command group ({@code issue}, {@code pr}, {@code release},
 * {@code api}, …), its action ({@code create}, {@code comment}, …; empty for {@code gh api},
 * whose first operand is the endpoint) and the arguments read with the options that take a value
 * for that pair.
 *
 * @param command the simple command read
 * @param group the command group
 * @param action its action; empty for {@code gh api}
 * @param arguments the arguments, read with that pair's options
 */
@API(status = API.Status.EXPERIMENTAL)
public record GhCommand(SimpleCommand command, String group, String action, Argv arguments) {

  /**
   * Checks the components.
   *
   * @param command the simple command read
   * @param group the command group
   * @param action its action; empty for {@code gh api}
   * @param arguments the arguments, read with that pair's options
   */
  public GhCommand {
    Objects.requireNonNull(command, "command");
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(arguments, "arguments");
  }

  private record Spec(String letters, Set<String> names) {}

  private static final Set<String> ISSUE_PR_NAMES = Set.of("--title", "--body", "--body-file",
      "--assignee", "--label", "--milestone", "--project", "--template", "--repo", "--recover",
      "--base", "--head", "--reviewer", "--comment", "--reason", "--add-assignee",
      "--remove-assignee", "--add-label", "--remove-label", "--add-project", "--remove-project",
      "--add-reviewer", "--remove-reviewer", "--jq", "--json", "--search", "--state", "--limit",
      "--author", "--subject", "--match-head-commit", "--author-email");

  private static final Map<String, Spec> SPECS = Map.of(
      "issue", new Spec("tbFalmpTRcrLSqsA", ISSUE_PR_NAMES),
      "pr", new Spec("tbFalmpBHrRTcLSqsA", ISSUE_PR_NAMES),
      "pr merge", new Spec("btFAR", ISSUE_PR_NAMES),
      "pr review", new Spec("bFR", ISSUE_PR_NAMES),
      "release", new Spec("nFtR", Set.of("--notes", "--notes-file", "--title", "--target",
          "--notes-start-tag", "--discussion-category", "--repo", "--tag", "--latest")),
      "api", new Spec("FfHXtqp", Set.of("--field", "--raw-field", "--header", "--method",
          "--template", "--jq", "--preview", "--input", "--hostname", "--cache")));

  private static final Set<String> BODY_ACTIONS = Set.of("create", "comment", "edit", "close");

  /**
   * Reads {@code command} as gh, when its name is {@code gh}.
   *
   * @param command a simple command of a script
   * @return the gh reading, or empty for another program
   */
  public static Optional<GhCommand> of(SimpleCommand command) {
    if (!command.isNamed("gh")) {
      return Optional.empty();
    }
    List<Word> args = command.arguments();
    String group = args.isEmpty() ? "" : args.get(0).value();
    int from = Math.min(1, args.size());
    String action = "";
    if (!group.equals("api") && args.size() > 1 && !args.get(1).value().startsWith("-")) {
      action = args.get(1).value();
      from = 2;
    }
    Spec spec = SPECS.getOrDefault(group + " " + action,
        SPECS.getOrDefault(group, new Spec("R", Set.of("--repo"))));
    Argv arguments = Argv.read(args.subList(from, args.size()), spec.letters(), spec.names(),
        false);
    return Optional.of(new GhCommand(command, group, action, arguments));
  }

  /**
   * Whether the group and action are {@code group} and {@code action}.
   *
   * @param group a gh command group ({@code pr})
   * @param action its action ({@code create})
   * @return true when both are
   */
  public boolean is(String group, String action) {
    return this.group.equals(group) && this.action.equals(action);
  }

  /**
   * The file the body or notes are read from: {@code --body-file}/{@code -F} for
   * {@code issue|pr create|comment|edit|close}, {@code --notes-file}/{@code -F} for
   * {@code release create|edit}; never for {@code gh api}, whose {@code -F} is a field.
   * Includes {@code -} (standard input).
   *
   * @return the option with its value, or empty
   */
  public Optional<Argv.Option> bodyFile() {
    List<Argv.Option> files;
    if ((group.equals("issue") || group.equals("pr")) && BODY_ACTIONS.contains(action)) {
      files = arguments.all("-F", "--body-file");
    } else if (group.equals("release") && (action.equals("create") || action.equals("edit"))) {
      files = arguments.all("-F", "--notes-file");
    } else {
      return Optional.empty();
    }
    for (int i = files.size() - 1; i >= 0; i--) {
      if (files.get(i).value().isPresent()) {
        return Optional.of(files.get(i));
      }
    }
    return Optional.empty();
  }
}
