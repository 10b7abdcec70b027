package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.RawText;
import dev.groundskeeper.api.SafeText;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Writes a word so that a command a person or an agent pastes into bash names exactly that word.
 * Every remedy that prints a path or a name others chose goes through here, so they agree.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class ShellQuoting {

  private ShellQuoting() {}

  /**
   * {@code word} as one bash word: unchanged when it holds only plainly safe characters,
   * single-quoted when it holds only printable ones, else in bash's {@code $'…'} form with each
   * control character (C0, DEL, C1) and bidirectional override written as an escape. The result
   * itself never carries a control character to a terminal or an agent.
   *
   * @param word any text
   * @return the text as one bash word
   */
  public static String word(String word) {
    if (!word.isEmpty() && word.chars().allMatch(ShellQuoting::plain)) {
      return word;
    }
    boolean escapes = false;
    for (int i = 0; i < word.length() && !escapes; i++) {
      escapes = needsEscape(word, i);
    }
    if (!escapes) {
      return "'" + word.replace("'", "'\\''") + "'";
    }
    StringBuilder text = new StringBuilder("$'");
    for (int i = 0; i < word.length(); i++) {
      char c = word.charAt(i);
      if (c == '\\' || c == '\'') {
        text.append('\\').append(c);
      } else if (RawText.rawByte(word, i) >= 0) {
        text.append(String.format(Locale.ROOT, "\\x%02x", RawText.rawByte(word, i)));
      } else if (c < 0x80 && needsEscape(word, i)) {
        text.append(String.format(Locale.ROOT, "\\x%02x", (int) c));
      } else if (needsEscape(word, i)) {
        // As UTF-8 bytes: bash's u-escape depends on the locale, bytes do not.
        for (byte b : String.valueOf(c).getBytes(StandardCharsets.UTF_8)) {
          text.append(String.format(Locale.ROOT, "\\x%02x", b & 0xff));
        }
      } else {
        text.append(c);
      }
    }
    return text.append('\'').toString();
  }

  /**
   * A path as one bash word, with a leading {@code ~/} left outside the quotes so that the shell
   * still expands it to the home directory.
   *
   * @param path a path
   * @return the path as one bash word
   */
  public static String path(String path) {
    if (path.startsWith("~/")) {
      String rest = path.substring(2);
      return rest.isEmpty() ? "~/" : "~/" + word(rest);
    }
    return word(path);
  }

  /**
   * Whether the character at {@code i} is one {@link SafeText} escapes for a terminal, apart from
   * the backslash: a byte that is not UTF-8, or a character escaped on its own (a surrogate is
   * escaped only as such a byte; one half of a pair is neither).
   */
  private static boolean needsEscape(String word, int i) {
    char c = word.charAt(i);
    if (RawText.rawByte(word, i) >= 0) {
      return true;
    }
    if (c == '\\' || Character.isSurrogate(c)) {
      return false;
    }
    String one = String.valueOf(c);
    return !SafeText.escape(one).equals(one);
  }

  private static boolean plain(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
        || "-_./,:+@%=".indexOf(c) >= 0;
  }
}
