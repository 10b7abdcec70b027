package dev.groundskeeper.examples.forcepush;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command line into simple commands and their words, with quote removal and each word's
 * position in the text. Interim: the shared shell model ({@code dev.groundskeeper.api.shell})
 * replaces it. It does not look inside substitutions or {@code sh -c} strings, and says when it
 * could not read the text in full (an unclosed quote).
 */
final class CommandWords {

  /** One word: its value after quote removal, and where it was written ({@code end} exclusive). */
  record Word(String value, int start, int end) {}

  private final List<List<Word>> commands;
  private final boolean complete;

  private CommandWords(List<List<Word>> commands, boolean complete) {
    this.commands = commands;
    this.complete = complete;
  }

  List<List<Word>> commands() {
    return commands;
  }

  boolean complete() {
    return complete;
  }

  static CommandWords read(String text) {
    List<List<Word>> commands = new ArrayList<>();
    List<Word> current = new ArrayList<>();
    StringBuilder value = new StringBuilder();
    int start = -1;
    boolean dropNext = false;
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (start < 0 && c == '#') {
        while (i < text.length() && text.charAt(i) != '\n') {
          i++;
        }
        continue;
      }
      if (Character.isWhitespace(c) && c != '\n' || "\n;&|()".indexOf(c) >= 0) {
        if (start >= 0) {
          if (!dropNext) {
            current.add(new Word(value.toString(), start, i));
          }
          dropNext = false;
          value.setLength(0);
          start = -1;
        }
        if (!Character.isWhitespace(c) || c == '\n') {
          dropNext = false;
          if (!current.isEmpty()) {
            commands.add(List.copyOf(current));
            current.clear();
          }
        }
        i++;
        continue;
      }
      if (c == '>' || c == '<') {
        // A redirection: drop its file-descriptor number and its target, neither is an argument.
        if (start >= 0 && !value.toString().chars().allMatch(Character::isDigit)) {
          current.add(new Word(value.toString(), start, i));
        }
        value.setLength(0);
        start = -1;
        while (i < text.length() && "<>&".indexOf(text.charAt(i)) >= 0) {
          i++;
        }
        dropNext = true;
        continue;
      }
      if (start < 0) {
        start = i;
      }
      if (c == '\'') {
        int close = text.indexOf('\'', i + 1);
        if (close < 0) {
          return new CommandWords(finish(commands, current), false);
        }
        value.append(text, i + 1, close);
        i = close + 1;
      } else if (c == '"') {
        i++;
        while (i < text.length() && text.charAt(i) != '"') {
          char d = text.charAt(i);
          if (d == '\\' && i + 1 < text.length() && "\"\\$`\n".indexOf(text.charAt(i + 1)) >= 0) {
            value.append(text.charAt(i + 1));
            i += 2;
          } else {
            value.append(d);
            i++;
          }
        }
        if (i >= text.length()) {
          return new CommandWords(finish(commands, current), false);
        }
        i++;
      } else if (c == '\\' && i + 1 < text.length()) {
        value.append(text.charAt(i + 1));
        i += 2;
      } else {
        value.append(c);
        i++;
      }
    }
    if (start >= 0 && !dropNext) {
      current.add(new Word(value.toString(), start, text.length()));
    }
    return new CommandWords(finish(commands, current), true);
  }

  private static List<List<Word>> finish(List<List<Word>> commands, List<Word> current) {
    if (!current.isEmpty()) {
      commands.add(List.copyOf(current));
    }
    return List.copyOf(commands);
  }
}
