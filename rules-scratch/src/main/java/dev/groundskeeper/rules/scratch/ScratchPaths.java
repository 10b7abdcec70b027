package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.files.PathGlob;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a new file may go under the ignored roots: the one predicate every caller uses, so the
 * shape rule, the sweep and any custom rule cannot disagree. Paths are repository-relative with
 * {@code /} separators; {@code .} and {@code ..} segments are resolved first, and a path that
 * leaves the repository is outside every root.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class ScratchPaths {

  /** The built-in scratch shapes (seed 000, D4): message bodies, journals, briefs, captures. */
  public static final List<String> DEFAULT_SHAPES = List.of(
      "commit-*.txt", "commit-*.md", "merge-*.txt", "merge-*.md", "tag-*.txt", "pr-*.md",
      "issue-*.md", "issue-*.json", "comment-*.md", "close-*.md", "gh-*.md",
      "journal-*.md",
      "brief-*.md",
      "*.txt", "*.log", "*.out", "*.json", "*.jsonl", "*.tsv");

  private ScratchPaths() {}

  /** Where a new file at a path falls, and whether that placement is allowed. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Placement {
    /** Not under any root: not judged, allowed. */
    OUTSIDE_ROOTS(true, false),
    /** Inside a linked worktree under a root: another checkout's tree, not judged. */
    LINKED_WORKTREE(true, false),
    /** In the scratch directory with a scratch shape: allowed. */
    SCRATCH_SHAPE(true, true),
    /** In the scratch directory without a scratch shape: denied. */
    SCRATCH_NOT_A_SHAPE(false, true),
    /** The scratch directory's own path: a file there would take the directory's place. */
    SCRATCH_DIRECTORY(false, true),
    /** Under a root but outside the scratch directory: denied. */
    ROOT_OUTSIDE_SCRATCH(false, true);

    private final boolean allowed;
    private final boolean judged;

    Placement(boolean allowed, boolean judged) {
      this.allowed = allowed;
      this.judged = judged;
    }

    /** {@return true when a new file may be created there} */
    public boolean allowed() {
      return allowed;
    }

    /**
     * Whether the shape whitelist has an opinion about the path at all.
     *
     * @return false for a path outside the roots or in a linked worktree
     */
    public boolean judged() {
      return judged;
    }
  }

  /**
   * True when a new file may be created at {@code path} (repository-relative): outside every
   * root, inside a linked worktree, or in the scratch directory with a scratch-shaped name.
   * Total: it answers for every string.
   *
   * @param path the new file's path, relative to the repository root with {@code /} separators
   * @param config the {@code scratch:} block in force
   * @return whether {@link #place} allows it
   */
  public static boolean isAllowedNewScratchPath(String path, ScratchConfig config) {
    return place(path, config).allowed();
  }

  /**
   * The placement of a new file at {@code path}. An absolute path, one that climbs out of the
   * repository or one that names a directory is outside every root.
   *
   * @param path the new file's path, relative to the repository root with {@code /} separators
   * @param config the {@code scratch:} block in force
   * @return where the file falls, which says whether it is allowed and judged
   * @throws NullPointerException if an argument is null
   */
  public static Placement place(String path, ScratchConfig config) {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(config, "config");
    Optional<String> normalized = normalize(path);
    if (normalized.isEmpty()) {
      return Placement.OUTSIDE_ROOTS;
    }
    String file = normalized.get();
    String root = rootOf(file, config.roots());
    if (root == null) {
      return Placement.OUTSIDE_ROOTS;
    }
    if (inLinkedWorktree(file, root)) {
      return Placement.LINKED_WORKTREE;
    }
    if (file.length() == config.directory().length() - 1
        && config.directory().startsWith(file)) {
      return Placement.SCRATCH_DIRECTORY;
    }
    if (file.startsWith(config.directory()) && file.length() > config.directory().length()) {
      return hasShape(basename(file), config) ? Placement.SCRATCH_SHAPE
          : Placement.SCRATCH_NOT_A_SHAPE;
    }
    return Placement.ROOT_OUTSIDE_SCRATCH;
  }

  /**
   * Whether a file name matches one of the shapes in force (the built-in ones when enabled,
   * then the extra ones), matched whole and case-sensitively.
   *
   * @param name a file name, without directories
   * @param config the {@code scratch:} block in force
   * @return true when some shape matches
   */
  public static boolean hasShape(String name, ScratchConfig config) {
    ScratchConfig.Shapes shapes = config.shapes();
    return (shapes.defaults() && matchesAny(DEFAULT_SHAPES, name))
        || matchesAny(shapes.extra(), name);
  }

  private static boolean matchesAny(List<String> globs, String name) {
    for (int i = 0; i < globs.size(); i++) {
      if (PathGlob.matchesWhole(globs.get(i), name)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The repository-relative form of {@code path} ({@code /} separators), or empty when it lies
   * outside {@code worktreeRoot}. A relative path resolves against {@code cwd} first. Only the
   * paths' text is compared: symbolic links are not resolved.
   *
   * @param worktreeRoot the worktree's top directory
   * @param cwd the directory a relative {@code path} is taken from
   * @param path the path, absolute or relative
   * @return the path relative to the root; empty when it is outside the root or the root itself
   */
  public static Optional<String> relativize(Path worktreeRoot, Path cwd, Path path) {
    Path absolute = cwd.resolve(path).normalize();
    Path root = worktreeRoot.normalize();
    if (!absolute.startsWith(root) || absolute.equals(root)) {
      return Optional.empty();
    }
    StringBuilder relative = new StringBuilder();
    for (Path segment : root.relativize(absolute)) {
      if (relative.length() > 0) {
        relative.append('/');
      }
      relative.append(segment);
    }
    return Optional.of(relative.toString());
  }

  /**
   * Resolves {@code .}, {@code ..} and repeated slashes; empty for an absolute path, a path that
   * climbs out of the repository, or one that names a directory (ends with {@code /}) or nothing.
   */
  static Optional<String> normalize(String path) {
    if (path.isEmpty() || path.startsWith("/") || path.endsWith("/")) {
      return Optional.empty();
    }
    if (path.indexOf("./") < 0 && path.indexOf("//") < 0 && !path.endsWith("/.")
        && !path.endsWith("/..") && !path.equals(".") && !path.equals("..")) {
      return Optional.of(path);
    }
    String[] segments = path.split("/");
    String[] kept = new String[segments.length];
    int depth = 0;
    for (String segment : segments) {
      if (segment.isEmpty() || segment.equals(".")) {
        continue;
      }
      if (segment.equals("..")) {
        if (depth == 0) {
          return Optional.empty();
        }
        depth--;
      } else {
        kept[depth++] = segment;
      }
    }
    if (depth == 0 || segments[segments.length - 1].equals(".")
        || segments[segments.length - 1].equals("..")) {
      return Optional.empty();
    }
    return Optional.of(String.join("/", Arrays.asList(kept).subList(0, depth)));
  }

  static String basename(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /** The first root {@code file} lies strictly below, or null. */
  static String rootOf(String file, List<String> roots) {
    for (String root : roots) {
      if (file.startsWith(root) && file.length() > root.length()) {
        return root;
      }
    }
    return null;
  }

  /** {@code <root>worktrees/<name>/...}: at least one segment below the worktree's own folder. */
  private static boolean inLinkedWorktree(String file, String root) {
    String prefix = root + "worktrees/";
    if (!file.startsWith(prefix)) {
      return false;
    }
    int slash = file.indexOf('/', prefix.length());
    return slash > prefix.length() && slash < file.length() - 1;
  }
}
