package dev.groundskeeper.api.files;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The one glob dialect for paths relative to a worktree ({@code /} separators), as in
 * {@code .gitignore}: {@code *} and {@code ?} stay within one segment, {@code **} crosses
 * segments, a leading {@code **}{@code /} also matches no segment at all, and a glob ending in
 * {@code /**} matches everything below its directory. A glob without {@code /} matches the last
 * segment at any depth ({@code .coverage} matches {@code sub/.coverage}), and a glob matching a
 * directory covers everything inside it ({@code __pycache__} covers
 * {@code pkg/__pycache__/x.pyc}). Immutable; compiled once when made.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class PathGlob {

  private final String glob;
  private final Pattern pattern;

  private PathGlob(String glob) {
    this.glob = glob;
    this.pattern = compile(glob);
  }

  /**
   * The glob {@code glob}.
   *
   * @throws IllegalArgumentException when it is blank
   */
  public static PathGlob of(String glob) {
    Objects.requireNonNull(glob, "glob");
    if (glob.isBlank()) {
      throw new IllegalArgumentException("a path glob must not be blank");
    }
    return new PathGlob(glob);
  }

  /** Each of {@code globs}, compiled. */
  public static List<PathGlob> all(List<String> globs) {
    return globs.stream().map(PathGlob::of).toList();
  }

  /** True when one of {@code globs} matches {@code path}. */
  public static boolean anyMatches(List<PathGlob> globs, String path) {
    for (PathGlob glob : globs) {
      if (glob.matches(path)) {
        return true;
      }
    }
    return false;
  }

  /** The glob's text. */
  public String text() {
    return glob;
  }

  /** True when the glob matches {@code path} or a directory holding it. */
  public boolean matches(String path) {
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

  @Override
  public boolean equals(Object other) {
    return other instanceof PathGlob that && that.glob.equals(glob);
  }

  @Override
  public int hashCode() {
    return glob.hashCode();
  }

  @Override
  public String toString() {
    return glob;
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
