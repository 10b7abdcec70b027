package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositoryLayout;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.repo.WorktreeStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorktreeAndStatusTest {

  @TempDir Path temp;

  @Test
  void aWorktreesBranchIsNamedByItsBytesAsTheRefReaderNamesIt() {
    byte[] listing = ("worktree /repo\0HEAD " + "a".repeat(40) + "\0branch refs/heads/raw/")
        .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    byte[] out = new byte[listing.length + 4];
    System.arraycopy(listing, 0, out, 0, listing.length);
    out[listing.length] = (byte) 0x9b;
    out[listing.length + 1] = 'x';
    // out[+2] and out[+3] stay NUL: the attribute's end and the record's
    List<Worktree> worktrees = WorktreeListing.parseNulTerminated(out);
    assertThat(worktrees).singleElement().satisfies(w -> {
      assertThat(w.branch()).contains("raw/\udc9bx");
      assertThat(w.path()).isEqualTo(Path.of("/repo"));
    });
  }

  @Test
  void listsWorktreesAsGitDoesWithLockAndPruneReasons() throws IOException {
    TestRepo repo = TestRepo.init(temp, "main-checkout");
    repo.commit("a.txt", "a\n", "root");
    Path feature = temp.resolve("wt-feature");
    Path detached = temp.resolve("wt-detached");
    Path gone = temp.resolve("wt-gone");
    repo.git("worktree", "add", "-q", "-b", "feature", feature.toString());
    repo.git("worktree", "add", "-q", "--detach", detached.toString());
    repo.git("worktree", "add", "-q", "-b", "gone", gone.toString());
    repo.git("worktree", "lock", "--reason", "in use by\tagent \"7\"\nsecond line", feature.toString());
    deleteTree(gone);

    List<Worktree> worktrees = GitFacts.forDirectory(repo.dir, RepositorySettings.defaults())
        .get(RepoFacts.WORKTREES);

    assertThat(worktrees).hasSize(4);
    Worktree main = worktrees.get(0);
    assertThat(main.main()).isTrue();
    assertThat(main.path()).isEqualTo(repo.dir.toRealPath());
    assertThat(main.branch()).contains("main");
    Worktree f = find(worktrees, feature);
    assertThat(f.branch()).contains("feature");
    assertThat(f.locked()).contains("in use by\tagent \"7\"\nsecond line");
    assertThat(f.head()).contains(repo.rev("feature"));
    Worktree d = find(worktrees, detached);
    assertThat(d.detached()).isTrue();
    assertThat(d.branch()).isEmpty();
    Worktree g = find(worktrees, gone);
    assertThat(g.isPrunable()).isTrue();
    assertThat(g.prunable().orElseThrow()).contains("gitdir file points to non-existent location");

    // The newline form (git before 2.36) C-quotes the same reason; both parsers agree.
    String plain = repo.git("worktree", "list", "--porcelain");
    assertThat(WorktreeListing.parseNewlineTerminated(plain + "\n")).isEqualTo(worktrees);
  }

  @Test
  void unquotesGitsCQuoting() {
    assertThat(WorktreeListing.unquote("\"a\\tb\\n\\\"c\\\"\\\\ \\303\\251\""))
        .isEqualTo("a\tb\n\"c\"\\ \u00e9");
    assertThat(WorktreeListing.unquote("plain reason")).isEqualTo("plain reason");
  }

  @Test
  void statusMatchesGitStatusPorcelain() throws IOException {
    TestRepo repo = TestRepo.init(temp, "status");
    repo.write(".gitignore", "build/\n*.log\n");
    repo.commit("tracked.txt", "one\n", "root");
    repo.commit("renamed-from.txt", "content that moves\n", "second");
    repo.write("tracked.txt", "two\n");
    repo.write("staged.txt", "new\n");
    repo.git("add", "staged.txt");
    repo.git("mv", "renamed-from.txt", "renamed to.txt");
    repo.write("untracked dir/u.txt", "u\n");
    repo.write("build/out.bin", "x");
    repo.write("debug.log", "log");
    repo.write("caf\u00e9.txt", "accent\n");

    WorktreeStatus status = GitFacts.forDirectory(repo.dir, RepositorySettings.defaults()).get(RepoFacts.STATUS);

    assertThat(status.staged()).containsExactlyInAnyOrder("renamed to.txt", "staged.txt");
    assertThat(status.modified()).containsExactly("tracked.txt");
    assertThat(status.untracked()).containsExactlyInAnyOrder("caf\u00e9.txt", "untracked dir/");
    assertThat(status.ignored()).containsExactlyInAnyOrder("build/", "debug.log");
    assertThat(status.isClean()).isFalse();
    String porcelain = repo.git("status", "--porcelain", "--ignored", "-z");
    long entries = porcelain.chars().filter(c -> c == 0).count() - 1; // the rename carries its source too
    assertThat(status.staged().size() + status.modified().size() + status.untracked().size()
        + status.ignored().size()).isEqualTo(entries);
  }

  @Test
  void aCleanLinkedWorktreeIsCleanAndItsLayoutNamesTheCommonDir() throws IOException {
    TestRepo repo = TestRepo.init(temp, "layout");
    repo.commit("a.txt", "a\n", "root");
    Path linked = temp.resolve("linked");
    repo.git("worktree", "add", "-q", "-b", "side", linked.toString());
    Facts facts = GitFacts.forDirectory(linked.resolve("."), RepositorySettings.defaults());
    RepositoryLayout layout = facts.get(RepoFacts.LAYOUT);
    assertThat(layout.linkedWorktree()).isTrue();
    assertThat(layout.commonDir()).isEqualTo(repo.dir.resolve(".git").toRealPath());
    assertThat(layout.workTree()).contains(linked.toRealPath());
    assertThat(layout.head().branch()).contains("side");
    assertThat(facts.get(RepoFacts.STATUS).isClean()).isTrue();
    assertThat(facts.get(RepoFacts.QUERIES).commonDirectory(linked))
        .contains(repo.dir.resolve(".git").toRealPath());
    assertThat(facts.get(RepoFacts.QUERIES).commonDirectory(temp.resolve("nowhere"))).isEmpty();
    Files.writeString(linked.resolve("new.txt"), "x");
    assertThat(facts.get(RepoFacts.QUERIES).status(linked).untracked()).containsExactly("new.txt");
  }

  private static Worktree find(List<Worktree> worktrees, Path path) throws IOException {
    Path real = path.getParent().toRealPath().resolve(path.getFileName());
    return worktrees.stream().filter(w -> w.path().equals(real)).findFirst().orElseThrow();
  }

  static void deleteTree(Path root) throws IOException {
    try (var paths = Files.walk(root)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
