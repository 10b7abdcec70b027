package dev.groundskeeper.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code groundskeeper help [VERB...]}: the usage {@code VERB --help} prints, for people who type
 * the verb first as git and cargo let them. picocli's own help command words its description in
 * a way the help texts here do not (and finds only verbs of the first level).
 */
@Command(name = "help", mixinStandardHelpOptions = true,
    description = "Prints the usage of the command or of a verb, as --help does"
        + " (groundskeeper help scratch sweep).",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:printed", "2:no such verb"})
final class HelpVerb implements Callable<Integer> {

  private final Invocation invocation;

  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "VERB", arity = "0..*", description = "The verb, with its group.")
  List<String> verb = List.of();

  HelpVerb(Invocation invocation) {
    this.invocation = invocation;
  }

  @Override
  public Integer call() {
    CommandLine command = spec.root().commandLine();
    for (String name : verb) {
      CommandLine sub = command.getSubcommands().get(name);
      if (sub == null) {
        throw new CliException("no verb '" + String.join(" ", verb) + "' (see groundskeeper"
            + " --help)");
      }
      command = sub;
    }
    command.usage(invocation.out(), command.getColorScheme());
    return 0;
  }
}
