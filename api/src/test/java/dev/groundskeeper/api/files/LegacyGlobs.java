package dev.groundskeeper.api.files;

import java.util.regex.Pattern;

/**
 * The three glob engines PathGlob replaced, as they were (commit 9562813), kept as test oracles
 * only: the regex PathGlob, api's BranchGlob and rules-scratch's basename Glob.
 */
final class LegacyGlobs {

  private LegacyGlobs() {}

  /** The old PathGlob.matches. */
  static boolean pathMatches(String glob, String path) {
    Pattern pattern = compile(glob);
    String prefix = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    while (true) {
      if (pattern.matcher(prefix).matches()) {
        return true;
      }
      int slash = prefix.lastIndexOf('/');
      if (slash <= 0) {
        return false;
      }
      prefix = prefix.substring(0, slash);
    }
  }

  /** The old BranchGlob.matches. */
  static boolean branchMatches(String glob, String branch) {
    return toPattern(glob).matcher(branch).matches();
  }

  private static Pattern compile(String glob) {
    String body = glob.endsWith("/") ? glob.substring(0, glob.length() - 1) : glob;
    if (body.indexOf('/') < 0) {
      body = "**/" + body;
    }
    StringBuilder regex = new StringBuilder();
    int i = 0;
    while (i < body.length()) {
      char c = body.charAt(i);
      if (body.startsWith("**/", i)) {
        regex.append("(?:.*/)?");
        i += 3;
      } else if (body.startsWith("/**", i) && i + 3 == body.length()) {
        regex.append("(?:/.*)?");
        i += 3;
      } else if (body.startsWith("**", i)) {
        regex.append(".*");
        i += 2;
      } else if (c == '*') {
        regex.append("[^/]*");
        i++;
      } else if (c == '?') {
        regex.append("[^/]");
        i++;
      } else {
        regex.append(Pattern.quote(String.valueOf(c)));
        i++;
      }
    }
    return Pattern.compile(regex.toString(), Pattern.DOTALL);
  }
  static Pattern toPattern(String glob) {
    StringBuilder regex = new StringBuilder();
    StringBuilder literal = new StringBuilder();
    for (int i = 0; i < glob.length(); i++) {
      char c = glob.charAt(i);
      if (c == '*' || c == '?') {
        if (literal.length() > 0) {
          regex.append(Pattern.quote(literal.toString()));
          literal.setLength(0);
        }
        if (c == '?') {
          regex.append("[^/]");
        } else if (i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
          regex.append(".*");
          i++;
        } else {
          regex.append("[^/]*");
        }
      } else {
        literal.append(c);
      }
    }
    if (literal.length() > 0) {
      regex.append(Pattern.quote(literal.toString()));
    }
    return Pattern.compile(regex.toString(), Pattern.DOTALL);
  }
  /** The old rules-scratch Glob. */
  /** True when {@code name} matches {@code glob} as a whole. */
  static boolean scratchMatches(String glob, String name) {
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
