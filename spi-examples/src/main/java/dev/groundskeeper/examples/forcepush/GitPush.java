package dev.groundskeeper.examples.forcepush;

import dev.groundskeeper.examples.forcepush.CommandWords.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One {@code git push} read from a command line: the words that force it ({@code --force},
 * {@code -f}, or a cluster such as {@code -uf}), whether it carries a lease, whether it pushes
 * every branch, its remote and its refspecs.
 */
record GitPush(Word push, List<Word> forceWords, boolean lease, boolean allBranches,
    Optional<Word> remote, List<Word> refspecs) {

  private static final Set<String> GLOBAL_WITH_VALUE = Set.of("-C", "-c", "--git-dir",
      "--work-tree", "--namespace", "--config-env", "--super-prefix");
  private static final Set<String> PUSH_WITH_VALUE = Set.of("-o", "--push-option", "--repo",
      "--receive-pack", "--exec");

  /** Every push in {@code text}; {@code complete} is false when the text was not read in full. */
  record Found(List<GitPush> pushes, boolean complete) {}

  static Found in(String text) {
    CommandWords words = CommandWords.read(text);
    List<GitPush> pushes = new ArrayList<>();
    for (List<Word> command : words.commands()) {
      of(command).ifPresent(pushes::add);
    }
    return new Found(List.copyOf(pushes), words.complete());
  }

  private static Optional<GitPush> of(List<Word> command) {
    int i = 0;
    while (i < command.size() && command.get(i).value().matches("[A-Za-z_][A-Za-z0-9_]*=.*")) {
      i++;
    }
    if (i >= command.size() || !isGit(command.get(i).value())) {
      return Optional.empty();
    }
    i++;
    while (i < command.size() && command.get(i).value().startsWith("-")) {
      i += GLOBAL_WITH_VALUE.contains(command.get(i).value()) ? 2 : 1;
    }
    if (i >= command.size() || !command.get(i).value().equals("push")) {
      return Optional.empty();
    }
    Word push = command.get(i);
    List<Word> force = new ArrayList<>();
    List<Word> operands = new ArrayList<>();
    boolean lease = false;
    boolean all = false;
    boolean optionsEnded = false;
    for (int j = i + 1; j < command.size(); j++) {
      Word word = command.get(j);
      String v = word.value();
      if (optionsEnded || !v.startsWith("-") || v.length() < 2) {
        operands.add(word);
      } else if (v.equals("--")) {
        optionsEnded = true;
      } else if (v.equals("--force")) {
        force.add(word);
      } else if (v.equals("--force-with-lease") || v.startsWith("--force-with-lease=")) {
        lease = true;
      } else if (v.equals("--all") || v.equals("--branches")) {
        all = true;
      } else if (PUSH_WITH_VALUE.contains(v)) {
        j++;
      } else if (!v.startsWith("--") && shortFlags(v).indexOf('f') >= 0) {
        force.add(word);
      }
    }
    Optional<Word> remote = operands.isEmpty() ? Optional.empty() : Optional.of(operands.get(0));
    List<Word> refspecs = operands.size() > 1 ? operands.subList(1, operands.size()) : List.of();
    return Optional.of(new GitPush(push, List.copyOf(force), lease, all, remote,
        List.copyOf(refspecs)));
  }

  /** The flag letters of a short-option cluster, up to a letter that takes a value. */
  static String shortFlags(String cluster) {
    int value = cluster.indexOf('o');
    return value < 0 ? cluster.substring(1) : cluster.substring(1, value);
  }

  private static boolean isGit(String name) {
    return name.equals("git") || name.endsWith("/git");
  }

  String remoteName() {
    return remote.map(Word::value).orElse("the default remote");
  }
}
