package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.shell.ShellQuoting;
import java.time.Duration;
import java.util.Locale;

/** Small formatting pieces shared by every text of this module. */
final class Texts {

  private Texts() {}

  /** A word as a shell would need it: the one quoting every remedy uses. */
  static String shellWord(String word) {
    return ShellQuoting.word(word);
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
