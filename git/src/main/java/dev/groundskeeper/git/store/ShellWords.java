package dev.groundskeeper.git.store;

import dev.groundskeeper.api.shell.ShellQuoting;

/** Quotes a word for a command a person can paste; {@code ~/} stays outside the quotes. */
final class ShellWords {

  private ShellWords() {}

  static String quote(String word) {
    return ShellQuoting.path(word);
  }
}
