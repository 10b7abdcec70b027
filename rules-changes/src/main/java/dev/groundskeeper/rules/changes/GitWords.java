package dev.groundskeeper.rules.changes;

import dev.groundskeeper.api.shell.Argv;
import dev.groundskeeper.api.shell.GitCommand;
import dev.groundskeeper.api.shell.Word;
import java.util.List;
import java.util.Set;

/**
 * A git command's arguments read again with the options of the subcommand this module judges,
 * keeping apart what comes before {@code --} (options, a tree-ish) and after it (paths only):
 * the shared git model reads most of these subcommands with no option taking a value, and folds
 * the operands on both sides of {@code --} together.
 *
 * @param options the options before {@code --}, read with the given value options
 * @param operands the operands before {@code --}
 * @param paths the words after {@code --}
 * @param dashDash whether {@code --} was written
 */
record GitWords(Argv options, List<Word> operands, List<Word> paths, boolean dashDash) {

  private static final Set<String> GLOBAL_VALUE_NAMES = Set.of("--git-dir", "--work-tree",
      "--namespace", "--config-env", "--super-prefix", "--exec-path-value");

  static GitWords read(GitCommand git, String valueLetters, Set<String> valueNames) {
    List<Word> words = git.command().words();
    // the global options, skipped as the git model reads them
    int i = 1;
    while (i < words.size()) {
      String v = words.get(i).value();
      if (!v.startsWith("-") || v.length() < 2) {
        break;
      }
      boolean takesNext = v.equals("-C") || v.equals("-c") || GLOBAL_VALUE_NAMES.contains(v);
      i += takesNext ? 2 : 1;
    }
    i = Math.min(i + 1, words.size()); // the subcommand
    if (!git.action().isEmpty() && i < words.size()) {
      i++;
    }
    List<Word> rest = words.subList(i, words.size());
    int dash = -1;
    for (int j = 0; j < rest.size(); j++) {
      if (rest.get(j).value().equals("--")) {
        // the value of an option that takes one is not the end of the options (-m --): rare in
        // the subcommands read here, whose value options are few
        dash = j;
        break;
      }
    }
    List<Word> before = dash < 0 ? rest : rest.subList(0, dash);
    List<Word> after = dash < 0 ? List.of() : rest.subList(dash + 1, rest.size());
    Argv argv = Argv.read(before, valueLetters, valueNames, false);
    return new GitWords(argv, argv.operands(), List.copyOf(after), dash >= 0);
  }

  /** The operands before and after {@code --}: every path a command without a tree-ish names. */
  List<Word> allOperands() {
    if (paths.isEmpty()) {
      return operands;
    }
    return java.util.stream.Stream.concat(operands.stream(), paths.stream()).toList();
  }
}
