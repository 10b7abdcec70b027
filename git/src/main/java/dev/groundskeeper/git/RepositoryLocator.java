package dev.groundskeeper.git;

import dev.groundskeeper.api.repo.RepositoryLayout;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;

/**
 * Finds the repository a directory belongs to, as git would: the nearest enclosing {@code .git}
 * directory or {@code .git} file (a linked worktree), or the directory itself when it is a bare
 * repository.
 */
final class RepositoryLocator {

  private RepositoryLocator() {}

  /** Where a checkout is: its top level (empty when bare) and its own git directory. */
  record Location(Optional<Path> workTree, Path gitDir) {}

  static Optional<Location> locate(Path start) throws IOException {
    Path dir = start.toAbsolutePath().normalize();
    if (!Files.isDirectory(dir)) {
      return Optional.empty();
    }
    dir = dir.toRealPath();
    for (Path current = dir; current != null; current = current.getParent()) {
      Path dotGit = current.resolve(Constants.DOT_GIT);
      if (Files.isDirectory(dotGit) && looksLikeGitDir(dotGit)) {
        return Optional.of(new Location(Optional.of(current), dotGit));
      }
      if (Files.isRegularFile(dotGit)) {
        Optional<Path> target = readGitFile(dotGit);
        if (target.isPresent() && looksLikeGitDir(target.get())) {
          return Optional.of(new Location(Optional.of(current), target.get()));
        }
      }
      if (looksLikeGitDir(current)) {
        // A bare repository, or a directory inside a .git directory: no work tree, as in git.
        return Optional.of(new Location(Optional.empty(), current));
      }
    }
    return Optional.empty();
  }

  /**
   * A HEAD git accepts (its {@code validate_headref}): a symbolic link into {@code refs/}, a file
   * holding {@code ref: refs/…}, or one holding an object id.
   */
  static boolean validHead(Path head) {
    try {
      if (Files.isSymbolicLink(head)) {
        return Files.readSymbolicLink(head).toString().startsWith("refs/");
      }
      if (!Files.isRegularFile(head)) {
        return false;
      }
      byte[] bytes;
      try (java.io.InputStream in = Files.newInputStream(head)) {
        bytes = in.readNBytes(256);
      }
      String text = new String(bytes, StandardCharsets.UTF_8);
      if (text.startsWith("ref:")) {
        return text.substring(4).stripLeading().startsWith("refs/");
      }
      String id = text.strip();
      return (id.length() == 40 || id.length() == 64) && id.chars().allMatch(
          c -> c >= '0' && c <= '9' || c >= 'a' && c <= 'f');
    } catch (IOException e) {
      return false;
    }
  }

  /** The common directory of a git directory: its {@code commondir} file's target, else itself. */
  static Path commonDir(Path gitDir) throws IOException {
    Path file = gitDir.resolve("commondir");
    if (!Files.isRegularFile(file)) {
      return gitDir.toRealPath();
    }
    Path target = Path.of(Files.readString(file, StandardCharsets.UTF_8).strip());
    return (target.isAbsolute() ? target : gitDir.resolve(target)).normalize().toRealPath();
  }

  static Repository open(Location location) throws IOException {
    JGitSetup.ensureInstalled();
    FileRepositoryBuilder builder = new FileRepositoryBuilder().setGitDir(location.gitDir().toFile());
    location.workTree().ifPresentOrElse(wt -> builder.setWorkTree(wt.toFile()), builder::setBare);
    builder.setMustExist(true);
    return builder.build();
  }

  static RepositoryLayout layout(Repository repository, Location location) throws IOException {
    Path gitDir = location.gitDir();
    Path commonDir = repository.getCommonDirectory().toPath().toRealPath();
    boolean linked = !commonDir.equals(gitDir.toRealPath());
    boolean shallow = Files.isRegularFile(commonDir.resolve("shallow"));
    return new RepositoryLayout(location.workTree(), gitDir, commonDir, linked, shallow, head(repository));
  }

  static RepositoryLayout.Head head(Repository repository) throws IOException {
    Ref head = repository.exactRef(Constants.HEAD);
    if (head == null) {
      throw new IOException("the repository has no HEAD");
    }
    Optional<String> commit = Optional.ofNullable(head.getObjectId()).map(ObjectId::name);
    if (head.isSymbolic()) {
      String target = head.getTarget().getName();
      if (target.startsWith(Constants.R_HEADS)) {
        return RepositoryLayout.Head.onBranch(target.substring(Constants.R_HEADS.length()), commit);
      }
    }
    if (commit.isEmpty()) {
      throw new IOException("HEAD points at neither a branch nor a commit");
    }
    return RepositoryLayout.Head.detached(commit.get());
  }

  private static Optional<Path> readGitFile(Path dotGitFile) throws IOException {
    String content = Files.readString(dotGitFile, StandardCharsets.UTF_8).strip();
    if (!content.startsWith("gitdir:")) {
      return Optional.empty();
    }
    Path target = Path.of(content.substring("gitdir:".length()).strip());
    if (!target.isAbsolute()) {
      target = dotGitFile.getParent().resolve(target);
    }
    target = target.normalize();
    return Files.isDirectory(target) ? Optional.of(target.toRealPath()) : Optional.empty();
  }

  /**
   * Whether {@code dir} is a git directory as git decides it: a HEAD git accepts (see
   * {@link #validHead}), then a {@code commondir} file or both {@code objects} and {@code refs}.
   * Git skips a directory that fails and looks further up, so a decoy {@code .git} directory
   * with a garbage HEAD must not stand for the repository git will act on.
   */
  private static boolean looksLikeGitDir(Path dir) {
    if (!validHead(dir.resolve("HEAD"))) {
      return false;
    }
    if (Files.isRegularFile(dir.resolve("commondir"))) {
      return true;
    }
    return Files.isDirectory(dir.resolve("objects")) && Files.isDirectory(dir.resolve("refs"));
  }
}
