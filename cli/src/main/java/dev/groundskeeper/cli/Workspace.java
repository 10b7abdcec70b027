package dev.groundskeeper.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a command runs: the directory, and the git repository containing it if any. For a linked
 * worktree {@code mainRoot} is the main checkout's root; otherwise it equals {@code root}.
 *
 * <p>Found by reading {@code .git} entries on the way up rather than by opening the repository,
 * because the hook runs once per tool call and must not pay for a repository library's start-up
 * just to learn where its configuration lives.
 */
record Workspace(Path directory, Optional<Path> root, Optional<Path> mainRoot) {

  static Workspace locate(Path directory) {
    Path absolute = directory.toAbsolutePath().normalize();
    for (Path candidate = absolute; candidate != null; candidate = candidate.getParent()) {
      Path dotGit = candidate.resolve(".git");
      if (Files.isDirectory(dotGit)) {
        return new Workspace(absolute, Optional.of(candidate), Optional.of(candidate));
      }
      if (Files.isRegularFile(dotGit)) {
        return new Workspace(absolute, Optional.of(candidate), mainCheckoutOf(candidate, dotGit));
      }
    }
    return new Workspace(absolute, Optional.empty(), Optional.empty());
  }

  boolean inRepository() {
    return root.isPresent();
  }

  /** The repository root, or the directory itself outside any repository. */
  Path base() {
    return root.orElse(directory);
  }

  /**
   * A linked worktree's {@code .git} file names its private git directory, whose
   * {@code commondir} names the shared one; the main checkout is the shared directory's parent
   * when that directory is a {@code .git} folder (a bare repository has no main checkout).
   */
  private static Optional<Path> mainCheckoutOf(Path root, Path dotGitFile) {
    Optional<Path> gitDir = readPointer(dotGitFile, "gitdir:").map(root::resolve);
    if (gitDir.isEmpty()) {
      return Optional.of(root);
    }
    Path commonFile = gitDir.get().resolve("commondir");
    Path common = Files.isRegularFile(commonFile)
        ? readPointer(commonFile, "").map(gitDir.get()::resolve).orElse(gitDir.get())
        : gitDir.get();
    Path normalized = common.normalize();
    if (normalized.getFileName() != null && normalized.getFileName().toString().equals(".git")
        && normalized.getParent() != null) {
      return Optional.of(normalized.getParent());
    }
    return Optional.of(root);
  }

  private static Optional<Path> readPointer(Path file, String prefix) {
    try {
      String text = Files.readString(file, StandardCharsets.UTF_8).trim();
      if (!text.startsWith(prefix)) {
        return Optional.empty();
      }
      String value = text.substring(prefix.length()).trim();
      return value.isEmpty() ? Optional.empty() : Optional.of(Path.of(value));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
