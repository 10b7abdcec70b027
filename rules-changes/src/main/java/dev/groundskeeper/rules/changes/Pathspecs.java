package dev.groundskeeper.rules.changes;

import dev.groundskeeper.api.shell.Word;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The paths a pathspec written in a command covers, read conservatively: a literal path covers
 * itself and everything under it; a glob ({@code *}, {@code ?}, {@code [}) or a magic pathspec
 * ({@code :(glob)…}, {@code :/}) covers everything under the directory before its first wildcard
 * (more than git would take, never less); a word known only when the command runs covers every
 * path. Paths are relative to the worktree's top level.
 */
final class Pathspecs {

  /** A scope: the top-level-relative prefix covered; the empty string covers everything. */
  record Scope(String prefix) {

    static final Scope ALL = new Scope("");

    boolean covers(String path) {
      if (prefix.isEmpty()) {
        return true;
      }
      String bare = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
      String file = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
      // a path covers what is under it, and a collapsed directory entry (dir/) that holds it
      return file.equals(bare) || file.startsWith(bare + "/") || (bare.startsWith(file + "/")
          && path.endsWith("/"));
    }
  }

  private Pathspecs() {}

  /** The scopes of {@code specs}, written in a command running in {@code base}. */
  static List<Scope> scopes(Optional<List<Word>> specs, Path base, Path top) {
    if (specs.isEmpty()) {
      return List.of(Scope.ALL);
    }
    return specs.get().stream().map(spec -> scope(spec, base, top)).toList();
  }

  static Scope scope(Word spec, Path base, Path top) {
    if (!spec.isStatic() || spec.value().startsWith(":")) {
      return Scope.ALL;
    }
    String text = spec.value();
    int wild = firstWildcard(text);
    if (wild >= 0) {
      int slash = text.lastIndexOf('/', wild);
      text = slash < 0 ? "." : text.substring(0, slash);
    }
    Path absolute;
    try {
      absolute = base.resolve(text).normalize();
    } catch (java.nio.file.InvalidPathException e) {
      return Scope.ALL;
    }
    if (!absolute.startsWith(top)) {
      // outside the worktree as written (or through a link the text does not show): git
      // refuses a path outside; a link is not followed here, so the whole worktree counts
      return Scope.ALL;
    }
    return new Scope(top.relativize(absolute).toString().replace('\\', '/'));
  }

  private static int firstWildcard(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '*' || c == '?' || c == '[' || c == '\\') {
        return i;
      }
    }
    return -1;
  }

  static boolean anyCovers(List<Scope> scopes, String path) {
    for (Scope scope : scopes) {
      if (scope.covers(path)) {
        return true;
      }
    }
    return false;
  }
}
