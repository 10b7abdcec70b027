package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.util.List;

/**
 * Ignored paths a worktree removal may delete because they can be rebuilt (virtual environments,
 * caches, build output), in the glob dialect of {@link BranchGlob}. One list serves every guard
 * that judges what a removal would delete, so they cannot disagree.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class Regenerable {

  /** The built-in globs, relative to a worktree. */
  public static final List<String> DEFAULT_GLOBS = List.of(".venv/**", "venv/**",
      "node_modules/**", "target/**", "build/**", "dist/**", "**/__pycache__/**",
      ".pytest_cache/**", ".mypy_cache/**", ".ruff_cache/**", ".tox/**", ".gradle/**",
      "*.egg-info/**", ".coverage");

  /** The scratch directory's notes are work: never rebuilt, whatever a glob says. */
  public static final String SCRATCH_DIRECTORY = "untracked/scratch/";

  private Regenerable() {}

  /** True when {@code path} (relative to a worktree, {@code /} separators) can be rebuilt. */
  public static boolean isRegenerable(List<String> globs, String path) {
    return !path.startsWith(SCRATCH_DIRECTORY) && BranchGlob.matchesAny(globs, path);
  }
}
