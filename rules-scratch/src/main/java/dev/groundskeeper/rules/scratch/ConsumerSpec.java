package dev.groundskeeper.rules.scratch;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A configured consumer ({@code scratch.consume_chain.consumers}): the words of a command with
 * {@code {file}} where the consumed file goes. When {@code {file}} follows an option
 * ({@code git notes add -F {file}}) the file is that option's value, written anywhere after the
 * leading words as {@code -F x}, {@code -Fx}, {@code --file x} or {@code --file=x}; otherwise
 * ({@code mkplan.bash --journal * * {file}}) it is the word at that position. {@code *} matches
 * any one word. The command word matches by its last path segment, so {@code mkplan.bash} also
 * matches {@code ./bin/mkplan.bash}.
 */
record ConsumerSpec(String text, List<String> leading, Optional<String> option, int position) {

  static final String FILE = "{file}";

  /** Where the consumed file sits in a command's words. */
  record Operand(int wordIndex, int prefixLength) {}

  static ConsumerSpec parse(String key, String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException(key + ": a consumer must not be blank");
    }
    List<String> words = Arrays.asList(text.strip().split("\\s+"));
    int file = words.indexOf(FILE);
    if (file < 0 || words.lastIndexOf(FILE) != file) {
      throw new IllegalArgumentException(key + ": '" + text
          + "' must contain {file} exactly once, for example 'git notes add -F {file}'");
    }
    if (file == 0 || words.get(0).equals("*")) {
      throw new IllegalArgumentException(key + ": '" + text
          + "' must start with the command's name");
    }
    if (file != words.size() - 1 && !words.get(file - 1).startsWith("-")) {
      throw new IllegalArgumentException(key + ": '" + text
          + "' must end with {file}, or give it as an option's value");
    }
    String before = words.get(file - 1);
    if (before.startsWith("-") && before.length() > 1) {
      if (file != words.size() - 1) {
        throw new IllegalArgumentException(key + ": '" + text
            + "' must end with the option and {file}, as in 'git notes add -F {file}'");
      }
      return new ConsumerSpec(text, List.copyOf(words.subList(0, file - 1)),
          Optional.of(before), file);
    }
    return new ConsumerSpec(text, List.copyOf(words.subList(0, file)), Optional.empty(), file);
  }

  /** The file operand of a command (its words after quote removal), when this spec matches it. */
  Optional<Operand> match(List<String> words) {
    if (words.size() < leading.size() || !commandMatches(words.get(0))) {
      return Optional.empty();
    }
    for (int i = 1; i < leading.size(); i++) {
      String want = leading.get(i);
      if (!want.equals("*") && !want.equals(words.get(i))) {
        return Optional.empty();
      }
    }
    if (option.isEmpty()) {
      return words.size() > position ? Optional.of(new Operand(position, 0)) : Optional.empty();
    }
    String name = option.get();
    for (int i = leading.size(); i < words.size(); i++) {
      String word = words.get(i);
      if (word.equals("--")) {
        return Optional.empty();
      }
      if (word.equals(name)) {
        return i + 1 < words.size() ? Optional.of(new Operand(i + 1, 0)) : Optional.empty();
      }
      boolean longOption = name.startsWith("--");
      if (longOption && word.startsWith(name + "=")) {
        return Optional.of(new Operand(i, name.length() + 1));
      }
      if (!longOption && name.length() == 2 && word.startsWith(name) && word.length() > 2) {
        return Optional.of(new Operand(i, 2));
      }
    }
    return Optional.empty();
  }

  private boolean commandMatches(String word) {
    String want = leading.get(0);
    if (want.indexOf('/') >= 0) {
      return want.equals(word);
    }
    return want.equals(word.substring(word.lastIndexOf('/') + 1));
  }
}
