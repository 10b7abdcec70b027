package dev.groundskeeper.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The repositories the loss guards are tried on through the hook, check, replay and fuzz tests:
 * {@code main} and a branch {@link #BRANCH} one commit ahead that no other branch and no remote
 * holds (so {@code git branch -D feat/x} would lose it), and with {@link #withChange} also a
 * committed file changed in the worktree (so {@code git reset --hard} would lose the change).
 */
final class LossRepository {

  /** The branch whose one commit is nowhere else. */
  static final String BRANCH = "feat/x";

  private LossRepository() {}

  /** A fresh repository (as {@link Git#init}) with {@link #BRANCH} unpushed, on {@code main}. */
  static Path create(Path directory) {
    Path repo = Git.init(directory);
    unpushedBranch(repo, BRANCH);
    return repo;
  }

  /**
   * As {@link #create}, and {@code file} committed on {@code main} (before the branch is cut)
   * with {@code committed}, then changed in the worktree to {@code changed}, never committed.
   */
  static Path withChange(Path directory, String file, String committed, String changed)
      throws IOException {
    Path repo = Git.init(directory);
    Files.writeString(repo.resolve(file), committed);
    Git.run(repo, "add", file);
    Git.run(repo, "commit", "-q", "-m", "add " + file);
    unpushedBranch(repo, BRANCH);
    Files.writeString(repo.resolve(file), changed);
    return repo;
  }

  /** Cuts {@code name} from the checked-out {@code main}, commits once on it, returns to main. */
  static void unpushedBranch(Path repo, String name) {
    Git.run(repo, "switch", "-q", "-c", name);
    Git.run(repo, "commit", "-q", "--allow-empty", "-m", "only here");
    Git.run(repo, "switch", "-q", "main");
  }
}
