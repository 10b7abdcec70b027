package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Fact;
import dev.groundskeeper.api.files.PathGlob;
import java.util.List;
import java.util.Objects;

/**
 * Ignored paths a worktree removal may delete because they can be rebuilt (virtual environments,
 * caches, build output), as {@link PathGlob}s relative to a worktree, and the scratch directory,
 * whose notes are work and are never rebuilt whatever a glob says. One value serves every
 * judgement of what a removal would delete (the force-removal guard, prune, {@code branch clean}),
 * so they cannot disagree; {@link #FACT} carries the one in force (the configured
 * {@code branches.cleanup_after_merge.regenerable} and {@code scratch.directory}).
 */
@API(status = API.Status.EXPERIMENTAL)
public final class Regenerable {

  /** The one in force for the event's repository. */
  public static final Fact<Regenerable> FACT = Fact.of("repo.regenerable",
      "the ignored paths a worktree removal may delete, and the scratch directory it may not");

  /** The built-in globs, relative to a worktree. */
  public static final List<String> DEFAULT_GLOBS = List.of(".venv/**", "venv/**",
      "node_modules/**", "target/**", "build/**", "dist/**", "**/__pycache__/**",
      ".pytest_cache/**", ".mypy_cache/**", ".ruff_cache/**", ".tox/**", ".gradle/**",
      "*.egg-info/**", ".coverage");

  /** The scratch directory when none is configured ({@code scratch.directory}'s default). */
  public static final String DEFAULT_SCRATCH_DIRECTORY = "untracked/scratch/";

  private static final Regenerable DEFAULTS = of(DEFAULT_GLOBS, DEFAULT_SCRATCH_DIRECTORY);

  private final List<String> globs;
  private final List<PathGlob> compiled;
  private final String scratchDirectory;

  private Regenerable(List<String> globs, String scratchDirectory) {
    this.globs = List.copyOf(globs);
    this.compiled = PathGlob.all(this.globs);
    this.scratchDirectory = scratchDirectory;
  }

  /**
   * The globs {@code globs} with the scratch directory {@code scratchDirectory} (relative to the
   * worktree; a trailing {@code /} is added when missing).
   *
   * @param globs path globs of regenerable files
   * @param scratchDirectory the scratch directory
   * @return the value
   * @throws IllegalArgumentException on a blank glob or scratch directory
   */
  public static Regenerable of(List<String> globs, String scratchDirectory) {
    Objects.requireNonNull(scratchDirectory, "scratchDirectory");
    String directory = scratchDirectory.strip();
    while (directory.startsWith("./")) {
      directory = directory.substring(2);
    }
    if (directory.isEmpty() || directory.equals("/")) {
      throw new IllegalArgumentException("the scratch directory must not be blank");
    }
    return new Regenerable(globs, directory.endsWith("/") ? directory : directory + "/");
  }

  /** {@return the built-in globs and scratch directory} */
  public static Regenerable defaults() {
    return DEFAULTS;
  }

  /** {@return the path globs of the regenerable files} */
  public List<String> globs() {
    return globs;
  }

  /** {@return the scratch directory, ending in {@code /}} */
  public String scratchDirectory() {
    return scratchDirectory;
  }

  /**
   * True when {@code path} (relative to a worktree, {@code /} separators, a directory ending in
   * {@code /}) can be rebuilt: a glob matches it, and it is neither inside the scratch directory
   * nor a directory holding it.
   *
   * @param path a relative path
   * @return true when it can be rebuilt
   */
  public boolean covers(String path) {
    if (path.startsWith(scratchDirectory)
        || (path.endsWith("/") && scratchDirectory.startsWith(path))) {
      return false;
    }
    return PathGlob.anyMatches(compiled, path);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Regenerable that && that.globs.equals(globs)
        && that.scratchDirectory.equals(scratchDirectory);
  }

  @Override
  public int hashCode() {
    return Objects.hash(globs, scratchDirectory);
  }

  @Override
  public String toString() {
    return "Regenerable" + globs + " (scratch " + scratchDirectory + ")";
  }
}
