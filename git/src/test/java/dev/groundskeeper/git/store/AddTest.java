package dev.groundskeeper.git.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AddTest {

  @TempDir
  Path temp;

  Fixture fixture;

  @BeforeEach
  void repository() throws IOException {
    fixture = Fixture.withCommit(temp);
  }

  @Test
  void addsANewBranchFromTheDefaultInTheLane() throws IOException {
    List<Path> siblingsBefore = siblings();

    AddedWorktree added = fixture.store().add(fixture.repo, "fix-login", Optional.empty());

    Path expected = fixture.lane().resolve("fix-login");
    assertThat(added.path()).isEqualTo(expected);
    assertThat(added.displayPath()).isEqualTo("~/.gk/worktrees/" + fixture.rootCommit()
        + "/fix-login");
    assertThat(added.branch()).isEqualTo("fix-login");
    assertThat(added.createdBranch()).isTrue();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(expected)))
        .isEqualTo("rwx------");
    assertThat(fixture.git(expected, "rev-parse", "--abbrev-ref", "HEAD").strip())
        .isEqualTo("fix-login");
    String mainTip = fixture.git(fixture.repo, "rev-parse", "main").strip();
    assertThat(added.startCommit()).isEqualTo(mainTip);
    assertThat(Files.readString(fixture.lane().resolve(".starts").resolve("fix-login")).strip())
        .isEqualTo(mainTip);
    assertThat(siblings()).as("nothing is written beside the checkout")
        .isEqualTo(siblingsBefore);
  }

  /**
   * Issue 17: two agents adding one name at once (threads of the warm server, or two hook
   * processes): one worktree is added whole, the other call is refused with a reason, and git
   * lists the worktree once, on its own branch cut from the default branch.
   */
  @Test
  void twoAddsOfOneNameAtOnceAddItOnceAndRefuseTheOther() throws Exception {
    String mainTip = fixture.git(fixture.repo, "rev-parse", "main").strip();
    // 3 rounds in the build, a quarter of groundskeeper.race.trials (50) with -Pslow
    int rounds = Math.max(3, Integer.getInteger("groundskeeper.race.trials", 4) / 4);
    for (int round = 0; round < rounds; round++) {
      String name = "lane-" + round;
      java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(2);
      java.util.concurrent.Callable<Object> add = () -> {
        start.await();
        try {
          return fixture.store().add(fixture.repo, name, Optional.empty());
        } catch (StoreRefusal refused) {
          return refused;
        }
      };
      java.util.concurrent.ExecutorService pool =
          java.util.concurrent.Executors.newFixedThreadPool(2);
      List<Object> outcomes;
      try {
        var first = pool.submit(add);
        var second = pool.submit(add);
        outcomes = List.of(first.get(), second.get());
      } finally {
        pool.shutdownNow();
      }

      assertThat(outcomes).filteredOn(AddedWorktree.class::isInstance).as(name).hasSize(1);
      assertThat(outcomes).filteredOn(StoreRefusal.class::isInstance).as(name).singleElement()
          .satisfies(refused -> assertThat(((StoreRefusal) refused).getMessage())
              .isNotBlank().doesNotContain("Exception"));
      Path path = fixture.lane().resolve(name);
      String listed = fixture.git(fixture.repo, "worktree", "list", "--porcelain");
      assertThat(listed.lines().filter(l -> l.equals("worktree " + path)).count()).as(listed)
          .isEqualTo(1);
      assertThat(fixture.git(path, "rev-parse", "--abbrev-ref", "HEAD").strip()).isEqualTo(name);
      assertThat(fixture.git(path, "rev-parse", "HEAD").strip()).isEqualTo(mainTip);
      assertThat(fixture.git(path, "status", "--porcelain").strip()).as("checked out whole")
          .isEmpty();
    }
  }

  @Test
  void checksOutAnExistingBranchWithoutMakingOne() {
    fixture.git(fixture.repo, "branch", "feature");
    String before = branches();

    AddedWorktree added = fixture.store().add(fixture.repo, "work", Optional.of("feature"));

    assertThat(added.branch()).isEqualTo("feature");
    assertThat(added.createdBranch()).isFalse();
    assertThat(branches()).isEqualTo(before);
    assertThat(fixture.lane().resolve(".starts").resolve("work")).doesNotExist();
  }

  /**
   * The CLI judges names with the worktree rules first; the primitive still refuses on its own
   * whatever git refuses as a branch or what is not one directory of the lane.
   */
  @ParameterizedTest
  @ValueSource(strings = {"../x", "-x", ".hidden", "a/b", "x..y", "", "name.lock", "sp ace"})
  void refusesANameGitOrTheLaneCannotTakeAndWritesNothing(String name) {
    String before = branches();

    assertThatThrownBy(() -> fixture.store().add(fixture.repo, name, Optional.empty()))
        .isInstanceOf(StoreRefusal.class)
        .hasMessageMatching("(?s).*(not a branch name git accepts|is not one directory name).*");
    assertThat(fixture.storeHome).doesNotExist();
    assertThat(branches()).isEqualTo(before);
  }

  @Test
  void refusesATakenName() {
    WorktreeStore store = fixture.store();
    store.add(fixture.repo, "twice", Optional.empty());

    assertThatThrownBy(() -> store.add(fixture.repo, "twice", Optional.of("main")))
        .isInstanceOf(StoreRefusal.class).hasMessageContaining("is taken");
  }

  @Test
  void refusesANameTakenOnDiskThoughGitDoesNotListIt() throws IOException {
    Files.createDirectories(fixture.lane().resolve("stray"));

    assertThatThrownBy(() -> fixture.store().add(fixture.repo, "stray", Optional.empty()))
        .isInstanceOf(StoreRefusal.class).hasMessageContaining("is taken");
    assertThat(fixture.branchExists("stray")).isFalse();
  }

  @Test
  void refusesAnExistingBranchWithoutTheBranchOption() {
    fixture.git(fixture.repo, "branch", "feature");

    assertThatThrownBy(() -> fixture.store().add(fixture.repo, "feature", Optional.empty()))
        .isInstanceOf(StoreRefusal.class)
        .hasMessageContaining("already exists")
        .hasMessageContaining("groundskeeper worktree add feature --branch feature");
    assertThat(fixture.storeHome).doesNotExist();
  }

  @Test
  void refusesABranchCheckedOutInAnotherWorktreeNamingWhereAndWritesNothing() {
    WorktreeStore store = fixture.store();
    AddedWorktree first = store.add(fixture.repo, "first", Optional.empty());

    assertThatThrownBy(() -> store.add(fixture.repo, "again", Optional.of("main")))
        .isInstanceOf(StoreRefusal.class)
        .satisfies(e -> {
          StoreRefusal refusal = (StoreRefusal) e;
          assertThat(refusal.reason()).isEqualTo("the branch 'main' is checked out in "
              + fixture.repo + "; git checks a branch out in one worktree at a time");
          assertThat(refusal.remedy()).isEqualTo("work there, or check out another branch with"
              + " --branch <branch>");
        });
    assertThatThrownBy(() -> store.add(fixture.repo, "second", Optional.of("first")))
        .isInstanceOf(StoreRefusal.class)
        .hasMessageContaining("the branch 'first' is checked out in ~/.gk/worktrees/"
            + fixture.rootCommit() + "/first");
    assertThat(fixture.lane().resolve("again")).doesNotExist();
    assertThat(fixture.lane().resolve("second")).doesNotExist();
    assertThat(first.path()).isDirectory();
  }

  @Test
  void anExistingBranchCheckedOutElsewhereIsNotOfferedWithTheBranchOption() {
    WorktreeStore store = fixture.store();

    assertThatThrownBy(() -> store.add(fixture.repo, "main", Optional.empty()))
        .isInstanceOf(StoreRefusal.class)
        .satisfies(e -> {
          StoreRefusal refusal = (StoreRefusal) e;
          assertThat(refusal.reason()).isEqualTo("a branch named 'main' already exists and is"
              + " checked out in " + fixture.repo);
          assertThat(refusal.remedy()).isEqualTo("work there, or choose another name");
        });
  }

  @Test
  void refusesABranchOptionNamingNoLocalBranch() {
    assertThatThrownBy(() -> fixture.store().add(fixture.repo, "work", Optional.of("nope")))
        .isInstanceOf(StoreRefusal.class).hasMessageContaining("no local branch 'nope'");
    assertThat(fixture.storeHome).doesNotExist();
  }

  @Test
  void refusesARepositoryWithoutACommit() throws IOException {
    Fixture empty = new Fixture(temp.resolve("empty"));
    empty.git(empty.repo, "init", "-q", "-b", "main");

    assertThatThrownBy(() -> empty.store().add(empty.repo, "x", Optional.empty()))
        .isInstanceOf(StoreRefusal.class).hasMessageContaining("no commit yet");
    assertThat(empty.storeHome).doesNotExist();
  }

  @Test
  void refusesOutsideARepository() throws IOException {
    Path plain = Files.createDirectories(temp.resolve("plain"));

    assertThatThrownBy(() -> fixture.store().add(plain, "x", Optional.empty()))
        .isInstanceOf(StoreRefusal.class).hasMessageContaining("not inside a git repository");
  }

  @Test
  void theLaneIsTheSameFromALinkedWorktree() {
    WorktreeStore store = fixture.store();
    AddedWorktree first = store.add(fixture.repo, "one", Optional.empty());

    AddedWorktree second = store.add(first.path(), "two", Optional.empty());

    assertThat(second.path().getParent()).isEqualTo(first.path().getParent());
  }

  private String branches() {
    return fixture.git(fixture.repo, "for-each-ref", "--format=%(refname:short)", "refs/heads");
  }

  private List<Path> siblings() throws IOException {
    try (Stream<Path> list = Files.list(fixture.repo.getParent())) {
      return list.sorted().toList();
    }
  }
}
