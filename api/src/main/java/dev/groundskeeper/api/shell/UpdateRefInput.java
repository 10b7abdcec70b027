package dev.groundskeeper.api.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What {@code git update-ref --stdin} (with or without {@code -z}) reads, when the command's text
 * shows it: a heredoc or here-string on the command itself, or the output of a {@code printf},
 * {@code echo} or {@code cat <<EOF} written just before it in the same pipeline. Empty when the
 * input is not visible (a file, a pipe from another command): the caller then fails closed.
 */
final class UpdateRefInput {

  /** One instruction that changes a ref: {@code update}, {@code create} or {@code delete}. */
  record Op(String verb, Word ref, Optional<Word> newValue) {}

  /** The visible input: its text, the word standing for it, and whether it expands. */
  record Text(String text, Word where, boolean isStatic) {}

  private UpdateRefInput() {}

  /** The input of {@code git}'s own redirections, or of the pipeline member just before it. */
  static Optional<Text> of(GitCommand git, Optional<SimpleCommand> before) {
    SimpleCommand c = git.command();
    Optional<Text> own = redirected(c);
    if (own.isPresent()) {
      return own;
    }
    for (Redirection r : c.redirections()) {
      if (r.operator() == RedirectOperator.IN || r.operator() == RedirectOperator.IN_OUT) {
        return Optional.empty(); // a file: not visible
      }
    }
    return before.flatMap(UpdateRefInput::printed);
  }

  private static Optional<Text> redirected(SimpleCommand c) {
    for (Redirection r : c.redirections()) {
      boolean hereString = r.operator() == RedirectOperator.HERE_STRING;
      if (hereString) {
        return Optional.of(new Text(r.target().value() + "\n", r.target(),
            r.target().isStatic()));
      }
      if (r.operator().isHeredoc()) {
        Word where = new Word(r.target().value(), r.target().source(), r.start(), r.end(), true);
        return Optional.of(new Text(r.heredocBody().orElse(""), where, true));
      }
    }
    return Optional.empty();
  }

  /** What {@code printf}, {@code echo} or {@code cat <<EOF} prints, when its words show it. */
  private static Optional<Text> printed(SimpleCommand c) {
    List<Word> args = c.arguments();
    if (!args.stream().allMatch(Word::isStatic)) {
      return Optional.empty(); // printed text known only when it runs: not visible
    }
    boolean isStatic = true;
    Word where = args.isEmpty() ? c.words().get(0) : args.get(0);
    if (c.isNamed("printf") && !args.isEmpty()) {
      List<String> values = args.stream().map(Word::value).toList();
      if (values.get(0).equals("--")) {
        values = values.subList(1, values.size());
      }
      if (values.isEmpty() || values.get(0).startsWith("-")) {
        return Optional.empty(); // printf -v name …: prints nothing to the pipe
      }
      return printf(values).map(text -> new Text(text, where, isStatic));
    }
    if (c.isNamed("echo")) {
      boolean newline = true;
      int i = 0;
      while (i < args.size() && args.get(i).value().matches("-[neE]+")) {
        if (args.get(i).value().contains("n")) {
          newline = false;
        }
        if (args.get(i).value().contains("e")) {
          return Optional.empty(); // escapes: left to a reading that does not guess
        }
        i++;
      }
      StringBuilder out = new StringBuilder();
      for (int j = i; j < args.size(); j++) {
        out.append(j == i ? "" : " ").append(args.get(j).value());
      }
      if (out.indexOf("\\") >= 0) {
        return Optional.empty(); // some shells' echo reads escapes, some do not
      }
      return Optional.of(new Text(out + (newline ? "\n" : ""), where, isStatic));
    }
    if (c.isNamed("cat") && args.isEmpty()) {
      return redirected(c);
    }
    return Optional.empty();
  }

  /**
   * The output of {@code printf format args…}: escapes and {@code %s}/{@code %b} conversions,
   * the format reused while arguments remain. Empty for a conversion it does not know.
   */
  static Optional<String> printf(List<String> values) {
    String format = values.get(0);
    List<String> rest = values.subList(1, values.size());
    StringBuilder out = new StringBuilder();
    int used = 0;
    do {
      int consumed = 0;
      for (int i = 0; i < format.length(); i++) {
        char ch = format.charAt(i);
        if (ch == '\\' && i + 1 < format.length()) {
          i = escape(format, i + 1, out);
        } else if (ch == '%' && i + 1 < format.length()) {
          char conversion = format.charAt(++i);
          if (conversion == '%') {
            out.append('%');
          } else if (conversion == 's' || conversion == 'b') {
            String arg = used + consumed < rest.size() ? rest.get(used + consumed) : "";
            consumed++;
            if (conversion == 'b') {
              StringBuilder expanded = new StringBuilder();
              for (int k = 0; k < arg.length(); k++) {
                if (arg.charAt(k) == '\\' && k + 1 < arg.length()) {
                  k = escape(arg, k + 1, expanded);
                } else {
                  expanded.append(arg.charAt(k));
                }
              }
              arg = expanded.toString();
            }
            out.append(arg);
          } else {
            return Optional.empty();
          }
        } else {
          out.append(ch);
        }
      }
      used += consumed;
      if (consumed == 0) {
        break;
      }
    } while (used < rest.size());
    return Optional.of(out.toString());
  }

  /** Appends the escape starting at {@code at} (after the backslash); returns its last index. */
  private static int escape(String text, int at, StringBuilder out) {
    char e = text.charAt(at);
    switch (e) {
      case 'n' -> out.append('\n');
      case 't' -> out.append('\t');
      case 'r' -> out.append('\r');
      case '\\' -> out.append('\\');
      case '0', '1', '2', '3', '4', '5', '6', '7' -> {
        int end = at;
        int value = 0;
        int limit = e == '0' ? at + 4 : at + 3;
        while (end < text.length() && end < limit && text.charAt(end) >= '0'
            && text.charAt(end) <= '7') {
          value = value * 8 + (text.charAt(end) - '0');
          end++;
        }
        out.append((char) value);
        return end - 1;
      }
      default -> out.append('\\').append(e);
    }
    return at;
  }

  /**
   * The instructions of {@code text} that change a ref, read as git reads them: one per line,
   * or with {@code -z} a verb and ref ended by NUL and each value ended by NUL.
   */
  static List<Op> ops(Text input, boolean nulTerminated) {
    List<Op> ops = new ArrayList<>();
    String text = input.text();
    if (!nulTerminated) {
      for (String line : text.split("\n")) {
        String[] parts = line.trim().split("[ \t]+");
        if (parts.length >= 2 && isChange(parts[0])) {
          ops.add(new Op(parts[0], word(input, parts[1]), parts.length >= 3
              ? Optional.of(word(input, parts[2])) : Optional.empty()));
        }
      }
      return List.copyOf(ops);
    }
    String[] fields = text.split("\0", -1);
    for (int i = 0; i < fields.length; i++) {
      String command = fields[i].strip();
      int space = command.indexOf(' ');
      String verb = space < 0 ? command : command.substring(0, space);
      if (space < 0 || !isChange(verb)) {
        if (verb.equals("verify")) {
          i++; // its old value
        }
        continue;
      }
      Word ref = word(input, command.substring(space + 1));
      int values = verb.equals("update") ? 2 : 1;
      Optional<Word> newValue = !verb.equals("delete") && i + 1 < fields.length
          ? Optional.of(word(input, fields[i + 1])) : Optional.empty();
      ops.add(new Op(verb, ref, newValue));
      i += values;
    }
    return List.copyOf(ops);
  }

  private static boolean isChange(String verb) {
    return verb.equals("update") || verb.equals("create") || verb.equals("delete");
  }

  private static Word word(Text input, String value) {
    boolean expanded = !input.isStatic() || value.contains("$") || value.contains("`");
    return new Word(value, input.where().source(), input.where().start(), input.where().end(),
        !expanded);
  }
}
