package dev.groundskeeper.api.files;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The one glob engine of the project, for paths relative to a worktree ({@code /} separators),
 * branch names and file names. The syntax is {@code .gitignore}'s: {@code *} matches any run of
 * characters within one segment, {@code ?} one character other than {@code /}, {@code [abc]},
 * {@code [a-z]} and {@code [!abc]} (or {@code [^abc]}) one character of a class (never
 * {@code /}), {@code \} makes the next character literal, {@code **}{@code /} matches zero or
 * more whole segments, a trailing {@code /**} everything below its directory, and {@code **}
 * elsewhere any run of characters across segments. An unclosed {@code [} is literal
 * ({@link #problem} reports it, so configuration refuses it).
 *
 * <p>Two ways of matching:
 * <ul>
 *   <li>{@link #matches} (paths, as {@code .gitignore}): a glob without {@code /} matches the last
 *       segment at any depth ({@code .coverage} matches {@code sub/.coverage}), and a glob
 *       matching a directory covers everything inside it ({@code __pycache__} covers
 *       {@code pkg/__pycache__/x.pyc});</li>
 *   <li>{@link #matchesWhole} (branch names of {@code exempt} and {@code integration_lines},
 *       scratch file-name shapes): the glob against the whole text, nothing implied
 *       ({@code release/*} matches {@code release/1.0}, not {@code release/1.0/fix}).</li>
 * </ul>
 *
 * <p>Matching reads the glob text directly (nothing is compiled), case-sensitively. Immutable.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class PathGlob {

  private final String glob;
  /** The glob as {@link #matches} reads it: no trailing slash, {@code **}{@code /} implied. */
  private final String anchored;

  private PathGlob(String glob) {
    this.glob = glob;
    String body = glob.endsWith("/") ? glob.substring(0, glob.length() - 1) : glob;
    this.anchored = body.indexOf('/') < 0 ? "**/" + body : body;
  }

  /**
   * The glob {@code glob}.
   *
   * @param glob the glob's text
   * @return the glob
   * @throws IllegalArgumentException when it is blank
   */
  public static PathGlob of(String glob) {
    Objects.requireNonNull(glob, "glob");
    if (glob.isBlank()) {
      throw new IllegalArgumentException("a path glob must not be blank");
    }
    return new PathGlob(glob);
  }

  /**
   * Each of {@code globs}, read.
   *
   * @param globs the globs' texts
   * @return the globs, in order
   * @throws IllegalArgumentException when one is blank
   */
  public static List<PathGlob> all(List<String> globs) {
    return globs.stream().map(PathGlob::of).toList();
  }

  /**
   * Whether one of {@code globs} matches {@code path} (see {@link #matches}).
   *
   * @param globs the globs
   * @param path a relative path, {@code /}-separated
   * @return true on a match
   */
  public static boolean anyMatches(List<PathGlob> globs, String path) {
    for (PathGlob glob : globs) {
      if (glob.matches(path)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code glob} matches the whole of {@code text} (see {@link #matchesWhole}).
   *
   * @param glob the glob's text
   * @param text a whole name (a branch, a rule id)
   * @return true on a match
   */
  public static boolean matchesWhole(String glob, String text) {
    Objects.requireNonNull(glob, "glob");
    Objects.requireNonNull(text, "text");
    return match(glob, 0, text, 0, text.length(), false);
  }

  /**
   * Whether one of {@code globs} matches the whole of {@code text}.
   *
   * @param globs the globs' texts
   * @param text a whole name
   * @return true on a match
   */
  public static boolean anyMatchesWhole(List<String> globs, String text) {
    for (int i = 0; i < globs.size(); i++) {
      if (matchesWhole(globs.get(i), text)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Why {@code glob} cannot be used as written (blank, an unclosed {@code [}, a lone trailing
   * {@code \}), or empty when it can.
   *
   * @param glob the glob's text, possibly null
   * @return what is wrong, or empty
   */
  public static Optional<String> problem(String glob) {
    if (glob == null || glob.isBlank()) {
      return Optional.of("a glob must not be blank");
    }
    for (int i = 0; i < glob.length(); i++) {
      char c = glob.charAt(i);
      if (c == '\\') {
        if (i + 1 == glob.length()) {
          return Optional.of("'" + glob + "' ends with a lone '\\'");
        }
        i++;
      } else if (c == '[') {
        int close = classEnd(glob, i);
        if (close < 0) {
          return Optional.of("'" + glob + "' has an unclosed '['");
        }
        i = close;
      }
    }
    return Optional.empty();
  }

  /** {@return the glob's text} */
  public String text() {
    return glob;
  }

  /**
   * Whether the glob matches {@code path} or a directory holding it, as .gitignore does.
   *
   * @param path a relative path, {@code /}-separated
   * @return true on a match
   */
  public boolean matches(String path) {
    int end = path.endsWith("/") ? path.length() - 1 : path.length();
    while (true) {
      if (match(anchored, 0, path, 0, end, true)) {
        return true;
      }
      int slash = path.lastIndexOf('/', end - 1);
      if (slash <= 0) {
        return false;
      }
      end = slash;
    }
  }

  /**
   * Whether the glob matches the whole of {@code text}, with nothing implied.
   *
   * @param text a whole name
   * @return true on a match
   */
  public boolean matchesWhole(String text) {
    return matchesWhole(glob, text);
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

  /**
   * True when {@code g} from {@code gi} matches {@code t} from {@code ti} up to {@code end}. With
   * {@code paths}, a trailing {@code /**} also matches the directory itself (as .gitignore).
   */
  private static boolean match(String g, int gi, String t, int ti, int end, boolean paths) {
    while (gi < g.length()) {
      char c = g.charAt(gi);
      if (c == '*') {
        if (gi + 1 < g.length() && g.charAt(gi + 1) == '*') {
          int after = gi + 2;
          while (after < g.length() && g.charAt(after) == '*') {
            after++;
          }
          if (after < g.length() && g.charAt(after) == '/') {
            // "**/" (or a longer run of stars before the slash, as git's wildmatch reads it): zero
            // or more whole segments
            if (match(g, after + 1, t, ti, end, paths)) {
              return true;
            }
            for (int i = ti; i < end; i++) {
              if (t.charAt(i) == '/' && match(g, after + 1, t, i + 1, end, paths)) {
                return true;
              }
            }
            return false;
          }
          for (int i = end; i >= ti; i--) {
            if (match(g, after, t, i, end, paths)) {
              return true;
            }
          }
          return false;
        }
        for (int i = ti; ; i++) {
          if (match(g, gi + 1, t, i, end, paths)) {
            return true;
          }
          if (i >= end || t.charAt(i) == '/') {
            return false;
          }
        }
      }
      if (paths && c == '/' && gi + 3 == g.length() && g.startsWith("/**", gi)) {
        // a trailing "/**": the directory itself or anything below it
        return ti == end || t.charAt(ti) == '/';
      }
      if (ti >= end) {
        return false;
      }
      char x = t.charAt(ti);
      if (c == '?') {
        if (x == '/') {
          return false;
        }
        gi++;
      } else if (c == '[' && classEnd(g, gi) > 0) {
        int close = classEnd(g, gi);
        if (x == '/' || !inClass(g, gi + 1, close, x)) {
          return false;
        }
        gi = close + 1;
      } else if (c == '\\' && gi + 1 < g.length()) {
        if (g.charAt(gi + 1) != x) {
          return false;
        }
        gi += 2;
      } else {
        if (c != x) {
          return false;
        }
        gi++;
      }
      ti++;
    }
    return ti == end;
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
