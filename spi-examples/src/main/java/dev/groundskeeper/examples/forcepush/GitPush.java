package dev.groundskeeper.examples.forcepush;

import dev.groundskeeper.api.shell.Argv;
import dev.groundskeeper.api.shell.GitCommand;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Word;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One {@code git push} of a script, read through the shared git argv model: the words that force
 * it ({@code --force}, {@code -f}, or a cluster such as {@code -uf}, each word once), whether it
 * carries a lease, whether it pushes every branch, its remote and its refspecs.
 */
record GitPush(GitCommand git, List<Word> forceWords, boolean lease, boolean allBranches,
    Optional<Word> remote, List<Word> refspecs) {

  static List<GitPush> in(Script script) {
    List<GitPush> pushes = new ArrayList<>();
    for (GitCommand git : script.gitCommands()) {
      if (git.is("push")) {
        pushes.add(of(git));
      }
    }
    return List.copyOf(pushes);
  }

  private static GitPush of(GitCommand git) {
    Argv arguments = git.arguments();
    Map<Word, Boolean> forcing = new IdentityHashMap<>();
    List<Word> forceWords = new ArrayList<>();
    for (Argv.Option option : arguments.all("--force", "-f")) {
      if (forcing.put(option.word(), Boolean.TRUE) == null) {
        forceWords.add(option.word());
      }
    }
    List<Word> operands = arguments.operands();
    return new GitPush(git, List.copyOf(forceWords), arguments.has("--force-with-lease"),
        arguments.has("--all", "--branches"),
        operands.isEmpty() ? Optional.empty() : Optional.of(operands.get(0)),
        operands.size() > 1 ? operands.subList(1, operands.size()) : List.of());
  }

  /** The {@code push} word itself, after git's global options. */
  Word pushWord() {
    List<Word> words = git.command().words();
    int firstArgument = Integer.MAX_VALUE;
    for (Argv.Option option : git.arguments().options()) {
      firstArgument = Math.min(firstArgument, option.word().start());
    }
    for (Word operand : git.arguments().operands()) {
      firstArgument = Math.min(firstArgument, operand.start());
    }
    Word push = words.get(words.size() - 1);
    for (Word word : words.subList(1, words.size())) {
      if (word.value().equals("push") && word.start() < firstArgument) {
        push = word;
      }
    }
    return push;
  }

  /** The flag letters of a short-option cluster, up to {@code o}, which takes a value. */
  static String shortFlags(String cluster) {
    int value = cluster.indexOf('o');
    return value < 0 ? cluster.substring(1) : cluster.substring(1, value);
  }

  String remoteName() {
    return remote.map(Word::value).orElse("its upstream remote");
  }
}
