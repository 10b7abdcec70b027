package dev.groundskeeper.git.store;

import java.util.regex.Pattern;

/** Quotes a word for a command a person can paste; {@code ~/} stays outside the quotes. */
final class ShellWords {

  private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_./=:@%+,-]+");

  private ShellWords() {}

  static String quote(String word) {
    if (word.startsWith("~/")) {
      String rest = word.substring(2);
      return rest.isEmpty() ? "~/" : "~/" + quote(rest);
    }
    if (!word.isEmpty() && SAFE.matcher(word).matches()) {
      return word;
    }
    return "'" + word.replace("'", "'\\''") + "'";
  }
}
