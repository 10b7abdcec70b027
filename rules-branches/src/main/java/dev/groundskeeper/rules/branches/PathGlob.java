package dev.groundskeeper.rules.branches;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Globs over relative paths with {@code /} separators, as in {@code .gitignore}: {@code *} and
 * {@code ?} stay within one segment, {@code **} crosses segments, a leading {@code **}{@code /}
 * also matches no segment at all, and a glob ending in {@code /**} matches everything below its
 * directory. A glob without {@code /} matches the last segment at any depth, and a glob
 * matching a directory covers everything inside it.
 */
final class PathGlob {

  private static final ConcurrentHashMap<String, Pattern> CACHE = new ConcurrentHashMap<>();

  private PathGlob() {}

  static boolean matchesAny(List<String> globs, String path) {
    for (String glob : globs) {
      if (matches(glob, path)) {
        return true;
      }
    }
    return false;
  }

  static boolean matches(String glob, String path) {
    Pattern pattern = CACHE.computeIfAbsent(glob, PathGlob::compile);
    // A matched directory covers what is inside it.
    String prefix = path;
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
}
