package dev.groundskeeper.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.host.ProgramWord;
import dev.groundskeeper.host.Workspace;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.shell.ParseProblem;
import dev.groundskeeper.api.shell.Shell;
import dev.groundskeeper.cli.explain.Explainer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "check", mixinStandardHelpOptions = true,
    description = {
        "Judges a shell command as the hook would, without running it.",
        "",
        "The command is judged as a Bash tool call about to run. The words after -- are joined"
            + " with spaces; quote the whole command to keep its own quoting:",
        "  groundskeeper check -- git branch -D feat/x",
        "  groundskeeper check -- 'git commit -m \"wip\" && git push --force'"},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:allowed",
        "1:allowed with advice (or a rule could not judge)",
        "2:could not judge at all (bad usage, configuration or plugin)",
        "3:denied"})
final class CheckCommand implements Callable<Integer> {

  static final String SESSION_ID = "groundskeeper-check";

  private final Invocation invocation;

  @Option(names = "--json", description = "Print the decision as JSON, with every verdict.")
  private boolean json;

  @Option(names = "--pretty", description = "With --json: indent the JSON.")
  private boolean pretty;

  @Option(names = "--explain", description = "Show every rule: whether it ran, its verdict,"
      + " the facts it read, its time and why (for an allow too); with --json, as JSON.")
  private boolean explain;

  @Option(names = "--cwd", paramLabel = "DIR",
      description = "Judge as if the command ran in DIR (default: the current directory).")
  private Path cwd;

  @Parameters(paramLabel = "COMMAND", arity = "1..*", description = "The command to judge.")
  private List<String> words;

  CheckCommand(Invocation invocation) {
    this.invocation = invocation;
  }

  @Override
  public Integer call() {
    Path directory = cwd == null ? invocation.workingDirectory() : invocation.resolve(cwd);
    if (!Files.isDirectory(directory)) {
      throw new CliException("--cwd " + directory + " is not a directory");
    }
    String command = String.join(" ", words);
    if (command.isBlank()) {
      throw new CliException("nothing to judge: the command is empty");
    }
    EventContext context = EventContext.of(SESSION_ID, directory)
        .withMode(HookCommand.sessionMode(invocation));
    Event event = new Event.CommandEvent(context, command);
    Workspace workspace = Workspace.locate(directory);
    Policy policy = invocation.host().policies().load(workspace);
    Facts facts = invocation.host().facts(workspace, policy, event);
    ProgramWord program = invocation.host().program();
    Decision decision = program.render(explain
        ? policy.explain(event, facts, invocation.host().nanoTime())
        : policy.evaluate(event, facts));
    // Rules judge what could be read; a person checking a command should know when that was not
    // all of it (bash itself would refuse an unterminated quote, for instance).
    List<ParseProblem> unread = Shell.parse(command).problems();
    Debug.ruleFailures(invocation, "check", policy, event, facts, decision);
    if (json) {
      ObjectNode node = Json.object().put("command", command).put("cwd", directory.toString());
      node.setAll(Json.decision(decision));
      ArrayNode problems = node.putArray("unread");
      unread.forEach(problem -> problems.addObject().put("reason", problem.reason())
          .put("offset", problem.offset()));
      if (explain) {
        node.set("explanation", Explainer.json(Explainer.rows(policy, event, decision),
            decision));
      }
      invocation.out().println(Json.text(node, pretty));
    } else {
      invocation.out().println(SafeText.escape(Json.word(decision.outcome()) + ": " + command));
      if (!decision.message().isEmpty()) {
        invocation.out().println(SafeText.escapeLines(program.render(decision.message())));
      }
      for (ParseProblem problem : unread) {
        invocation.out().println(SafeText.escape("note: the command could not be read in full ("
            + problem.reason() + " at offset " + problem.offset()
            + "); the rules judged what could be read"));
      }
      if (explain) {
        invocation.out().println(Explainer.text(Explainer.rows(policy, event, decision),
            decision));
      }
    }
    return exitCode(decision.outcome());
  }

  static int exitCode(Outcome outcome) {
    switch (outcome) {
      case DENY:
        return 3;
      case ADVISE:
        return 1;
      default:
        return 0;
    }
  }
}
