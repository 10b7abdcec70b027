package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.shell.ParseProblem;
import dev.groundskeeper.api.shell.Script;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The part of a command the shell model could not read, and whether it may force-delete a branch
 * or remove a worktree. The parser stops at the first thing it cannot read, so a deletion
 * written after an unclosed quote or heredoc is in no reading at all: a guard that fails closed
 * must look at that text itself. It can only look at words there, so it errs towards refusing:
 * any {@code branch} word with a forcing delete option, any {@code update-ref} with {@code -d},
 * any {@code worktree} with {@code remove} counts.
 */
final class UnreadText {

  /** Where a word ends in text that may not be valid shell: blanks, quotes and operators. */
  private static final Pattern WORD_BREAK = Pattern.compile("[\\s'\"`;&|()<>{}\\\\$]+");

  private final ParseProblem problem;
  private final String text;

  private UnreadText(ParseProblem problem, String text) {
    this.problem = problem;
    this.text = text;
  }

  /** The text from the first place the reading stopped, when it stopped anywhere. */
  static Optional<UnreadText> of(Script script) {
    if (script.complete()) {
      return Optional.empty();
    }
    ParseProblem first = script.problems().get(0);
    String source = script.source();
    int from = Math.max(0, Math.min(first.offset(), source.length()));
    return Optional.of(new UnreadText(first, source.substring(from)));
  }

  /** Why the reading stopped, and where. */
  ParseProblem problem() {
    return problem;
  }

  /** The text not read, shortened for a message. */
  String excerpt() {
    String oneLine = text.strip().replace('\n', ' ');
    return oneLine.length() <= 80 ? oneLine : oneLine.substring(0, 77) + "...";
  }

  /** True when words in the text may force-delete a branch or remove a worktree. */
  boolean mayRemove() {
    Set<String> words = new HashSet<>();
    for (String word : WORD_BREAK.split(text)) {
      if (!word.isEmpty()) {
        words.add(word);
      }
    }
    boolean forcedDelete = false;
    boolean delete = false;
    boolean force = false;
    for (String word : words) {
      if (shortCluster(word)) {
        forcedDelete |= word.indexOf('D') > 0;
        delete |= word.indexOf('d') > 0;
        force |= word.indexOf('f') > 0;
      } else {
        // git takes an unambiguous prefix of a long option: --del, --forc
        delete |= longPrefix(word, "--delete");
        force |= longPrefix(word, "--force");
      }
    }
    return words.contains("branch") && (forcedDelete || delete && force)
        || words.contains("update-ref") && delete
        || words.contains("worktree") && words.contains("remove");
  }

  private static boolean shortCluster(String word) {
    if (word.length() < 2 || word.charAt(0) != '-' || word.charAt(1) == '-') {
      return false;
    }
    for (int i = 1; i < word.length(); i++) {
      if (!Character.isLetter(word.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean longPrefix(String word, String option) {
    return word.length() >= 4 && option.startsWith(word);
  }
}
