package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.SafeText;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;

/** Small formatting pieces shared by every text of this module. */
final class Texts {

  private Texts() {}

  /**
   * A word as a shell would need it, the one quoting every remedy of this module uses: unchanged
   * when plain, single-quoted when it holds only printable characters, else in bash's
   * {@code $'…'} form with each control character (C0, DEL, C1) and bidirectional override
   * written as an escape, so that the pasted command names the very file and the text itself
   * carries no control character to a terminal or an agent.
   */
  static String shellWord(String word) {
    if (!word.isEmpty() && word.chars().allMatch(Texts::plain)) {
      return word;
    }
    if (word.chars().noneMatch(Texts::needsEscape)) {
      return "'" + word.replace("'", "'\\''") + "'";
    }
    StringBuilder text = new StringBuilder("$'");
    for (int i = 0; i < word.length(); i++) {
      char c = word.charAt(i);
      if (c == '\\' || c == '\'') {
        text.append('\\').append(c);
      } else if (c < 0x80 && needsEscape(c)) {
        text.append(String.format(Locale.ROOT, "\\x%02x", (int) c));
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

  /** The characters {@link SafeText} escapes for a terminal, apart from the backslash. */
  private static boolean needsEscape(int c) {
    String one = String.valueOf((char) c);
    return c != '\\' && !SafeText.escape(one).equals(one);
  }

  private static boolean plain(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
        || "-_./,:+@%=".indexOf(c) >= 0;
  }

  /** {@code 512 B}, {@code 1.2 KB}, {@code 3.4 MB}, {@code 1.0 GB}. */
  static String size(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KB", "MB", "GB", "TB"};
    double value = bytes;
    int unit = -1;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
  }

  /** {@code 40 min}, {@code 30 h}, {@code 3 d}: the largest unit that reads well. */
  static String age(Duration age) {
    long minutes = Math.max(0, age.toMinutes());
    if (minutes < 120) {
      return minutes + " min";
    }
    long hours = minutes / 60;
    if (hours < 72) {
      return hours + " h";
    }
    return hours / 24 + " d";
  }

  /** {@code 1 file}, {@code 2 files}. */
  static String count(long n, String singular, String plural) {
    return n + " " + (n == 1 ? singular : plural);
  }
}
