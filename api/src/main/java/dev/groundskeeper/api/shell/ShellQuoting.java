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
    if (word.chars().noneMatch(ShellQuoting::needsEscape)) {
      return "'" + word.replace("'", "'\\''") + "'";
    }
    StringBuilder text = new StringBuilder("$'");
    for (int i = 0; i < word.length(); i++) {
      char c = word.charAt(i);
      if (c == '\\' || c == '\'') {
        text.append('\\').append(c);
      } else if (c < 0x80 && needsEscape(c)) {
        text.append(String.format(Locale.ROOT, "\\x%02x", (int) c));
      } else if (RawText.rawByte(c) >= 0) {
        text.append(String.format(Locale.ROOT, "\\x%02x", RawText.rawByte(c)));
      } else if (needsEscape(c)) {
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

  /** The characters {@link SafeText} escapes for a terminal, apart from the backslash. */
  private static boolean needsEscape(int c) {
    String one = String.valueOf((char) c);
    return c != '\\' && !SafeText.escape(one).equals(one);
  }

  private static boolean plain(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
        || "-_./,:+@%=".indexOf(c) >= 0;
  }
}
