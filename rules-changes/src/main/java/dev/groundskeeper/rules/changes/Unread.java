package dev.groundskeeper.rules.changes;

import dev.groundskeeper.api.shell.ParseProblem;
import dev.groundskeeper.api.shell.Script;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The text the shell model could not read (after an unclosed quote, backtick or heredoc), which
 * is in no reading: a guard that fails closed judges its words. It errs towards refusing: the
 * words {@code git} and {@code reset} anywhere in it count as a reset.
 */
final class Unread {

  private static final Pattern WORD_BREAK = Pattern.compile("[\\s'\"`;&|()<>{}\\\\$]+");

  private final ParseProblem problem;
  private final Set<String> words = new HashSet<>();
  private final String excerpt;

  private Unread(ParseProblem problem, String text) {
    this.problem = problem;
    for (String word : WORD_BREAK.split(text)) {
      if (!word.isEmpty()) {
        words.add(word);
      }
    }
    String oneLine = text.strip().replace('\n', ' ');
    this.excerpt = oneLine.length() <= 80 ? oneLine : oneLine.substring(0, 77) + "...";
  }

  static Optional<Unread> of(Script script) {
    if (script.complete()) {
      return Optional.empty();
    }
    ParseProblem first = script.problems().get(0);
    String source = script.source();
    int from = Math.max(0, Math.min(first.offset(), source.length()));
    return Optional.of(new Unread(first, source.substring(from)));
  }

  /** Words that may discard tracked changes or drop a stash entry. */
  boolean mayDiscard() {
    return words.contains("git") && (words.contains("reset") || words.contains("checkout")
        || words.contains("restore") || words.contains("switch") || words.contains("rm")
        || words.contains("stash"));
  }

  /** Words that may delete files: git clean, rm, find -delete. */
  boolean mayDelete() {
    return words.contains("git") && words.contains("clean") || words.contains("rm")
        || words.contains("-delete") || words.contains("shred") || words.contains("unlink");
  }

  String line(String what) {
    return "- the command could not be read past offset " + problem.offset() + " ("
        + problem.reason() + "), and what follows there (`" + excerpt + "`) may " + what
        + ": nothing proves what it would destroy";
  }

  String remedy() {
    return "Write the command so that all of it can be read (at offset " + problem.offset()
        + ": " + problem.reason() + "), or run the destructive step as a plain shell command of"
        + " its own, so that what it destroys can be checked.";
  }
}
