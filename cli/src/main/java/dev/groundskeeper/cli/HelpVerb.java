package dev.groundskeeper.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code groundskeeper help [VERB...]}: the usage {@code VERB --help} prints, for people who type
 * the verb first as git and cargo let them. picocli's own help command words its description in
 * a way the help texts here do not (and finds only verbs of the first level).
 */
@Command(name = "help", mixinStandardHelpOptions = true,
    description = {"Prints the usage of the command or of a verb, as --help does"
        + " (groundskeeper help scratch sweep).",
        "",
        "With --man it prints the verb's manual page in roff instead (man -l reads it), made"
            + " from the same command model as --help; --man-dir writes one page per verb."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:printed", "2:no such verb, or the directory cannot be written"})
final class HelpVerb implements Callable<Integer> {

  private final Invocation invocation;

  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "VERB", arity = "0..*", description = "The verb, with its group.")
  List<String> verb = List.of();

  @Option(names = "--man", description = "Print the manual page (roff) instead of the usage.")
  boolean man;

  @Option(names = "--man-dir", paramLabel = "DIR", description = "Write the manual page of the"
      + " command and of every verb into DIR (groundskeeper.1, groundskeeper-sweep.1, ...).")
  Path manDir;

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
    if (manDir != null) {
      Path directory = invocation.resolve(manDir);
      List<String> written = new ArrayList<>();
      try {
        Files.createDirectories(directory);
        write(command, directory, written);
      } catch (IOException e) {
        throw new CliException("cannot write the manual pages into " + directory + ": "
            + e.getMessage());
      }
      invocation.out().println("wrote " + written.size() + " manual pages into " + directory);
    } else if (man) {
      invocation.out().print(ManPage.of(command));
    } else {
      command.usage(invocation.out(), command.getColorScheme());
    }
    return 0;
  }

  /** The page of {@code command} and of each verb under it, each verb once. */
  private static void write(CommandLine command, Path directory, List<String> written)
      throws IOException {
    String name = ManPage.fileName(command);
    if (written.contains(name)) {
      return;
    }
    Files.writeString(directory.resolve(name), ManPage.of(command), StandardCharsets.UTF_8);
    written.add(name);
    for (Map.Entry<String, CommandLine> entry : command.getSubcommands().entrySet()) {
      if (entry.getValue().getCommandName().equals(entry.getKey())
          && !entry.getValue().getCommandSpec().usageMessage().hidden()) {
        write(entry.getValue(), directory, written);
      }
    }
  }
}
