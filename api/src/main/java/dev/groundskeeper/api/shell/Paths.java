package dev.groundskeeper.api.shell;

import java.util.ArrayList;
import java.util.List;

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
    List<String> out = new ArrayList<>();
    for (String segment : path.split("/", -1)) {
      if (segment.isEmpty() || segment.equals(".")) {
        continue;
      }
      if (segment.equals("..") && !out.isEmpty() && !out.get(out.size() - 1).equals("..")
          && !out.get(out.size() - 1).equals("~")) {
        out.remove(out.size() - 1);
        continue;
      }
      if (segment.equals("..") && absolute && out.isEmpty()) {
        continue;
      }
      out.add(segment);
    }
    String joined = String.join("/", out);
    return absolute ? "/" + joined : joined;
  }

  /** The last segment of a path as written, ignoring trailing slashes. */
  static String basename(String path) {
    if (path.indexOf('/') < 0) {
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
