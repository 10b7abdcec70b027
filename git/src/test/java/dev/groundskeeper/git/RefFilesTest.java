package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lean ref reader against JGit's ref database, on every shape the files backend takes. */
class RefFilesTest {

  @TempDir
  Path temp;

  @Test
  void readsWhatJGitReadsFromPackedAndLooseRefs() throws IOException {
    TestRepo repo = TestRepo.init(temp, "refs");
    String first = repo.commit("a.txt", "a\n", "first");
    repo.git("branch", "packed-only");
    repo.git("branch", "feature/deep/name");
    repo.git("branch", "overridden");
    repo.git("tag", "light");
    repo.git("tag", "-a", "annotated", "-m", "an annotated tag");
    repo.git("update-ref", "refs/remotes/origin/main", "HEAD");
    repo.git("symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main");
    repo.git("pack-refs", "--all", "--prune");
    String second = repo.commit("a.txt", "b\n", "second");
    repo.git("update-ref", "refs/heads/overridden", second); // loose now shadows the packed value
    repo.git("branch", "loose-only");
    repo.git("branch", "feature/loose");
    repo.git("update-ref", "refs/remotes/origin/loose", first);
    repo.git("branch", "deleted-from-pack", first);
    repo.git("pack-refs", "--all", "--prune");
    repo.git("branch", "-D", "deleted-from-pack");
    repo.git("notes", "add", "-m", "a note"); // refs/notes is not read

    RefSnapshot lean = RefFiles.read(repo.dir.resolve(".git")).orElseThrow();

    assertThat(lean.all()).isEqualTo(jgit(repo.dir).all());
    assertThat(lean.fingerprint()).isEqualTo(jgit(repo.dir).fingerprint());
    assertThat(lean.get("refs/heads/overridden")).contains(org.eclipse.jgit.lib.ObjectId.fromString(second));
    assertThat(lean.get("refs/heads/deleted-from-pack")).isEmpty();
    assertThat(lean.symbolicTarget("refs/remotes/origin/HEAD")).contains("refs/remotes/origin/main");
    assertThat(lean.all()).containsKeys("refs/heads/feature/deep/name", "refs/heads/feature/loose",
        "refs/tags/light", "refs/tags/annotated", "refs/heads/packed-only", "refs/heads/loose-only");
    assertThat(lean.all().keySet()).noneMatch(name -> name.startsWith("refs/notes/"));
  }

  @Test
  void skipsLockFilesAndBrokenRefsAsGitDoes() throws IOException {
    TestRepo repo = TestRepo.init(temp, "broken");
    String tip = repo.commit("a.txt", "a\n", "first");
    Path heads = repo.dir.resolve(".git/refs/heads");
    Files.writeString(heads.resolve("in-flight.lock"), tip + "\n");
    Files.writeString(heads.resolve("garbage"), "not an object id\n");

    RefSnapshot lean = RefFiles.read(repo.dir.resolve(".git")).orElseThrow();

    assertThat(lean.all().keySet()).containsExactly("refs/heads/main");
  }

  @Test
  void aLinkedWorktreeReadsTheSharedRefs() throws IOException {
    TestRepo repo = TestRepo.init(temp, "main-checkout");
    repo.commit("a.txt", "a\n", "first");
    Path linked = temp.resolve("linked");
    repo.git("worktree", "add", "-q", "-b", "lane", linked.toString());

    GitRepository opened = GitRepositories.forDirectory(linked).orElseThrow();

    assertThat(opened.commonDir()).isEqualTo(repo.dir.resolve(".git").toRealPath());
    assertThat(opened.refs().all()).containsKeys("refs/heads/main", "refs/heads/lane");
    assertThat(opened.refs().all()).isEqualTo(jgit(repo.dir).all());
  }

  @Test
  void aReftableIsLeftToJGit() throws IOException {
    TestRepo repo = TestRepo.init(temp, "reftable");
    repo.commit("a.txt", "a\n", "first");
    Files.createDirectories(repo.dir.resolve(".git/reftable"));

    assertThat(RefFiles.read(repo.dir.resolve(".git"))).isEqualTo(Optional.empty());
  }

  @Test
  void aRepositoryWithoutRefsReadsEmpty() throws IOException {
    TestRepo repo = TestRepo.init(temp, "empty");

    assertThat(RefFiles.read(repo.dir.resolve(".git")).orElseThrow().all()).isEmpty();
  }

  private static RefSnapshot jgit(Path dir) throws IOException {
    try (Repository repository = new FileRepositoryBuilder().setGitDir(dir.resolve(".git").toFile())
        .setMustExist(true).build()) {
      return RefFiles.readWithJGit(repository);
    }
  }
}
