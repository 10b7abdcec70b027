package dev.groundskeeper.rules.scratch;

/**
 * Case-sensitive basename globs: {@code *} (any run of characters), {@code ?} (one character),
 * {@code [abc]}, {@code [a-z]}, {@code [!abc]} and {@code \} escaping the next character. Matching
 * works on the pattern text directly, so a glob costs nothing to prepare.
 */
final class Glob {

  private Glob() {}

  /** Checks a configured glob, naming the key when it is unusable. */
  static void check(String key, String glob) {
    if (glob == null || glob.isBlank()) {
      throw new IllegalArgumentException(key + ": a shape glob must not be blank");
    }
    if (glob.indexOf('/') >= 0) {
      throw new IllegalArgumentException(key + ": '" + glob
          + "' contains '/'; shapes match the file name only, for example notes-*.md");
    }
    for (int i = 0; i < glob.length(); i++) {
      char c = glob.charAt(i);
      if (c == '\\') {
        if (i + 1 == glob.length()) {
          throw new IllegalArgumentException(key + ": '" + glob + "' ends with a lone '\\'");
        }
        i++;
      } else if (c == '[') {
        int close = classEnd(glob, i);
        if (close < 0) {
          throw new IllegalArgumentException(key + ": '" + glob + "' has an unclosed '['");
        }
        i = close;
      }
    }
  }

  /** True when {@code name} matches {@code glob} as a whole. */
  static boolean matches(String glob, String name) {
    int g = 0;
    int n = 0;
    int starG = -1;
    int starN = 0;
    while (n < name.length()) {
      if (g < glob.length()) {
        char c = glob.charAt(g);
        if (c == '*') {
          starG = g++;
          starN = n;
          continue;
        }
        int step = matchOne(glob, g, name.charAt(n));
        if (step > 0) {
          g += step;
          n++;
          continue;
        }
      }
      if (starG < 0) {
        return false;
      }
      g = starG + 1;
      n = ++starN;
    }
    while (g < glob.length() && glob.charAt(g) == '*') {
      g++;
    }
    return g == glob.length();
  }

  /** The length of the glob element at {@code g} when it matches {@code c}, else 0. */
  private static int matchOne(String glob, int g, char c) {
    char p = glob.charAt(g);
    if (p == '?') {
      return 1;
    }
    if (p == '\\' && g + 1 < glob.length()) {
      return glob.charAt(g + 1) == c ? 2 : 0;
    }
    if (p == '[') {
      int close = classEnd(glob, g);
      if (close > 0) {
        return inClass(glob, g + 1, close, c) ? close - g + 1 : 0;
      }
    }
    return p == c ? 1 : 0;
  }

  /** The index of the {@code ]} closing the class that opens at {@code open}, or -1. */
  private static int classEnd(String glob, int open) {
    int i = open + 1;
    if (i < glob.length() && (glob.charAt(i) == '!' || glob.charAt(i) == '^')) {
      i++;
    }
    if (i < glob.length() && glob.charAt(i) == ']') {
      i++;
    }
    while (i < glob.length()) {
      if (glob.charAt(i) == ']') {
        return i;
      }
      i++;
    }
    return -1;
  }

  private static boolean inClass(String glob, int from, int close, char c) {
    boolean negated = glob.charAt(from) == '!' || glob.charAt(from) == '^';
    int i = negated ? from + 1 : from;
    boolean found = false;
    boolean first = true;
    while (i < close) {
      char low = glob.charAt(i);
      if (!first && low == ']') {
        break;
      }
      first = false;
      if (i + 2 < close && glob.charAt(i + 1) == '-') {
        if (c >= low && c <= glob.charAt(i + 2)) {
          found = true;
        }
        i += 3;
      } else {
        if (c == low) {
          found = true;
        }
        i++;
      }
    }
    return found != negated;
  }
}
