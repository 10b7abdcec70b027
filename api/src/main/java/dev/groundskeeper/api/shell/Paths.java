package dev.groundskeeper.api.shell;

/** Lexical path arithmetic on paths as written in commands (no file system access). */
final class Paths {

  private Paths() {}

  /**
   * {@code next} taken from {@code base}: {@code next} itself when absolute or home-based,
   * otherwise joined; then normalised. The empty string is the starting directory.
   */
  static String join(String base, String next) {
    if (next.startsWith("/") || next.equals("~") || next.startsWith("~/") || base.isEmpty()) {
      return normalize(next);
    }
    return normalize(base + "/" + next);
  }

  /** Removes {@code .} segments, empty segments and {@code name/..} pairs; keeps a leading {@code ..}. */
  static String normalize(String path) {
    if (!path.isEmpty() && !path.startsWith(".") && !path.endsWith("/") && !path.contains("//")
        && !path.contains("/.")) {
      return path;
    }
    boolean absolute = path.startsWith("/");
    StringBuilder out = new StringBuilder(path.length());
    int kept = 0;
    int from = 0;
    while (from <= path.length()) {
      int slash = path.indexOf('/', from);
      int to = slash < 0 ? path.length() : slash;
      int length = to - from;
      boolean dot = length == 1 && path.charAt(from) == '.';
      boolean dotdot = length == 2 && path.startsWith("..", from);
      if (length == 0 || dot) {
        // skip
      } else if (dotdot && kept > 0 && !lastSegmentIs(out, "..") && !lastSegmentIs(out, "~")) {
        int cut = out.lastIndexOf("/");
        out.setLength(Math.max(cut, 0));
        kept--;
      } else if (dotdot && absolute && kept == 0) {
        // ".." above the root stays at the root
      } else {
        if (kept > 0) {
          out.append('/');
        }
        out.append(path, from, to);
        kept++;
      }
      if (slash < 0) {
        break;
      }
      from = slash + 1;
    }
    return absolute ? "/" + out : out.toString();
  }

  private static boolean lastSegmentIs(StringBuilder out, String segment) {
    int cut = out.lastIndexOf("/");
    int start = cut < 0 ? 0 : cut + 1;
    return out.length() - start == segment.length()
        && out.indexOf(segment, start) == start;
  }

  /** The last segment of a path as written, ignoring trailing slashes. */
  static String basename(String path) {
    // most names have no slash; a plain loop beats indexOf on names this short
    int i = path.length() - 1;
    while (i >= 0 && path.charAt(i) != '/') {
      i--;
    }
    if (i < 0) {
      return path;
    }
    String trimmed = path;
    while (trimmed.length() > 1 && trimmed.endsWith("/")) {
      trimmed = trimmed.substring(0, trimmed.length() - 1);
    }
    int slash = trimmed.lastIndexOf('/');
    return slash < 0 ? trimmed : trimmed.substring(slash + 1);
  }
}
