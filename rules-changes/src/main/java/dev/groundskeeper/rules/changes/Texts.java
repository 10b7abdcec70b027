package dev.groundskeeper.rules.changes;

import dev.groundskeeper.api.repo.ChangedFile;
import dev.groundskeeper.api.shell.ShellQuoting;
import java.util.List;

/** The words the guards over uncommitted work share. */
final class Texts {

  /** The principle, once per answer. */
  static final String PRINCIPLE = "Uncommitted work is refused only when it exists nowhere"
      + " else; a command that loses nothing is never held up.";

  /** How many paths a line names before it gives a count instead. */
  static final int SHOWN = 8;

  private Texts() {}

  /** {@code a.txt (+3 -1), b.txt (+10 -0)}, then {@code and 4 more} past {@link #SHOWN}. */
  static String files(List<ChangedFile> files) {
    StringBuilder text = new StringBuilder();
    int shown = Math.min(files.size(), SHOWN);
    for (int i = 0; i < shown; i++) {
      ChangedFile file = files.get(i);
      text.append(i == 0 ? "" : ", ").append(file.path()).append(" (")
          .append(file.lineCounts()).append(')');
    }
    if (files.size() > shown) {
      text.append(", and ").append(files.size() - shown).append(" more");
    }
    return text.toString();
  }

  static String paths(List<String> paths) {
    int shown = Math.min(paths.size(), SHOWN);
    String text = String.join(", ", paths.subList(0, shown));
    return paths.size() > shown ? text + ", and " + (paths.size() - shown) + " more" : text;
  }

  /** The words of {@code paths}, each quoted for the shell when it needs it. */
  static String quoted(List<String> paths) {
    StringBuilder text = new StringBuilder();
    for (String path : paths) {
      text.append(' ').append(ShellQuoting.word(path));
    }
    return text.toString();
  }

  static String count(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }
}
