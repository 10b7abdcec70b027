package dev.groundskeeper.git.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reclaim primitive re-reads the repository at the moment it acts and removes a worktree only
 * while its proof evidence, lock and HEAD are what they were when it was judged; it never deletes
 * a branch.
 */
class ReclaimTest {

  @TempDir
  Path temp;

  Fixture fixture;
  WorktreeStore store;

  @BeforeEach
  void repository() throws IOException {
    fixture = Fixture.withCommit(temp);
    store = fixture.store();
  }

  private Inspection inspection(LaneInspection lane, String name) {
    return lane.worktrees().stream().filter(i -> i.name().equals(name)).findFirst()
        .orElseThrow();
  }

  @Test
  void removesAnUnchangedWorktreeAndKeepsItsBranch() {
    AddedWorktree added = store.add(fixture.repo, "done", Optional.empty());
    LaneInspection lane = store.inspect(fixture.repo);

    Reclaim reclaim = store.reclaim(lane, inspection(lane, "done"), false, Instant.now());

    assertThat(reclaim.removed()).isTrue();
    assertThat(reclaim.notes()).isEqualTo("no notes");
    assertThat(added.path()).doesNotExist();
    assertThat(fixture.branchExists("done")).isTrue();
    assertThat(fixture.lane().resolve(".starts").resolve("done")).doesNotExist();
  }

  @Test
  void aDryRunRemovesNothing() {
    AddedWorktree added = store.add(fixture.repo, "done", Optional.empty());
    LaneInspection lane = store.inspect(fixture.repo);

    assertThat(store.reclaim(lane, inspection(lane, "done"), true, Instant.now()).removed())
        .isTrue();
    assertThat(added.path()).isDirectory();
  }

  @Test
  void keepsAWorktreeLockedSinceItWasRead() {
    AddedWorktree added = store.add(fixture.repo, "late-lock", Optional.empty());
    LaneInspection lane = store.inspect(fixture.repo);
    fixture.git(fixture.repo, "worktree", "lock", added.path().toString());

    Reclaim reclaim = store.reclaim(lane, inspection(lane, "late-lock"), false, Instant.now());

    assertThat(reclaim.keptBecause()).contains("locked since it was judged");
    assertThat(added.path()).isDirectory();
  }

  @Test
  void keepsAWorktreeWhoseHeadMovedSinceItWasRead() throws IOException {
    AddedWorktree added = store.add(fixture.repo, "moving", Optional.empty());
    LaneInspection lane = store.inspect(fixture.repo);
    fixture.commit(added.path(), "more.txt", "more\n", "more work");

    Reclaim reclaim = store.reclaim(lane, inspection(lane, "moving"), false, Instant.now());

    assertThat(reclaim.keptBecause()).hasValueSatisfying(why ->
        assertThat(why).contains("HEAD moved"));
    assertThat(added.path()).isDirectory();
  }

  @Test
  void neverRemovesAWorktreeOutsideTheLane() {
    Path outside = fixture.base.resolve("projects").resolve("beside");
    fixture.git(fixture.repo, "worktree", "add", "-q", "-b", "beside", outside.toString());
    LaneInspection lane = store.inspect(fixture.repo);

    Reclaim reclaim = store.reclaim(lane, inspection(lane, "beside"), false, Instant.now());

    assertThat(reclaim.keptBecause()).hasValueSatisfying(why ->
        assertThat(why).contains("not proven to belong"));
    assertThat(outside).isDirectory();
  }

  @Test
  void aRefWhoseNameGitRefusesDoesNotHideTheRootCommit() throws IOException {
    String tip = fixture.git(fixture.repo, "rev-parse", "main").strip();
    Files.writeString(fixture.repo.resolve(".git/refs/heads/odd\u0007name"), tip + "\n");

    LaneInspection lane = store.inspect(fixture.repo);

    assertThat(lane.rootCommit()).isEqualTo(fixture.rootCommit());
    assertThat(lane.repository()).contains(fixture.repo);
  }

  @Test
  void aWorktreeSwappedForASymbolicLinkWhileItsNotesAreArchivedRemovesNothingOutside()
      throws IOException {
    AddedWorktree added = store.add(fixture.repo, "swapped", Optional.empty());
    Path notes = added.path().resolve(".groundskeeper/notes");
    Files.createDirectories(notes);
    Files.writeString(notes.resolve("plan.md"), "the plan\n");
    Path outside = fixture.base.resolve("outside");
    Files.createDirectories(outside);
    Files.writeString(outside.resolve("precious.txt"), "keep me\n");
    Path real = added.path().resolveSibling("swapped.real");
    LaneInspection lane = store.inspect(fixture.repo);

    Reclaim reclaim = store.reclaim(lane, inspection(lane, "swapped"), false, Instant.now(),
        () -> {
          try {
            Files.move(added.path(), real);
            Files.createSymbolicLink(added.path(), outside);
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });

    assertThat(reclaim.removed()).isFalse();
    assertThat(reclaim.keptBecause()).hasValueSatisfying(why ->
        assertThat(why).contains("symbolic link", "nothing removed"));
    assertThat(outside.resolve("precious.txt")).hasContent("keep me");
    assertThat(real.resolve(".groundskeeper/notes/plan.md")).exists();
  }

  @Test
  void aRemovalGitStopsHalfWaySaysWhatIsLeft() throws Exception {
    AddedWorktree added = store.add(fixture.repo, "stuck", Optional.empty());
    Path notes = added.path().resolve(".groundskeeper/notes");
    Files.createDirectories(notes);
    Path note = notes.resolve("plan.md");
    Files.writeString(note, "the plan\n");
    Process chattr = new ProcessBuilder("chattr", "+i", note.toString()).start();
    org.junit.jupiter.api.Assumptions.assumeTrue(chattr.waitFor() == 0,
        "chattr +i is needed to make a file git cannot delete");
    try {
      LaneInspection lane = store.inspect(fixture.repo);

      Reclaim reclaim = store.reclaim(lane, inspection(lane, "stuck"), false, Instant.now());

      assertThat(reclaim.removed()).isFalse();
      assertThat(reclaim.keptBecause()).hasValueSatisfying(why -> assertThat(why)
          .contains("stopped half-way", "1 entry could not be deleted",
              ".groundskeeper/notes/plan.md", "git no longer lists it",
              "what is left is in", "chattr -i", "rm -r ", "its notes were archived to")
          .doesNotContain("also stay in place"));
      assertThat(note).exists();
      assertThat(added.path().resolve("README.md")).doesNotExist();
      assertThat(fixture.git(fixture.repo, "worktree", "list", "--porcelain"))
          .doesNotContain(added.path().toString());
    } finally {
      new ProcessBuilder("chattr", "-i", note.toString()).start().waitFor();
    }
  }

  /**
   * The portable way to make a file undeletable: its directory without write permission. Root
   * ignores directory permissions, so this runs only as another user (it is skipped as root,
   * where the chattr test above covers the same half-way removal).
   */
  @Test
  void aReadOnlyDirectoryStopsTheRemovalHalfWayAndSaysWhatIsLeft() throws IOException {
    org.junit.jupiter.api.Assumptions.assumeFalse("root".equals(System.getProperty("user.name")),
        "root deletes files in a read-only directory: permissions are not enforced");
    AddedWorktree added = store.add(fixture.repo, "readonly", Optional.empty());
    Path build = added.path().resolve("build");
    Files.createDirectories(build);
    Files.writeString(build.resolve("out.o"), "object\n");
    LaneInspection lane = store.inspect(fixture.repo);
    Files.setPosixFilePermissions(build, java.nio.file.attribute.PosixFilePermissions
        .fromString("r-x------"));
    try {
      Reclaim reclaim = store.reclaim(lane, inspection(lane, "readonly"), false, Instant.now());

      assertThat(reclaim.removed()).isFalse();
      assertThat(reclaim.keptBecause()).hasValueSatisfying(why -> assertThat(why)
          .contains("stopped half-way", "build/out.o", "what is left is in", "rm -r "));
      assertThat(build.resolve("out.o")).exists();
    } finally {
      Files.setPosixFilePermissions(build, java.nio.file.attribute.PosixFilePermissions
          .fromString("rwx------"));
    }
  }

  /** Runs {@code action}, turning its IOException into an unchecked one (for a seam). */
  private static Runnable io(IoAction action) {
    return () -> {
      try {
        action.run();
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    };
  }

  interface IoAction {
    void run() throws IOException;
  }

  /**
   * The race of issue 20: the worktree is swapped for a link to a directory outside the store
   * after every check has passed, just before the removal acts. Removing by path would have git
   * empty the directory the link leads to; acting through the opened lane moves the link itself
   * aside, sees a link, and puts it back.
   */
  @Test
  void aWorktreeSwappedForALinkAtTheMomentOfRemovalTouchesNothingOutside() throws IOException {
    AddedWorktree added = store.add(fixture.repo, "raced", Optional.empty());
    Path outside = Files.createDirectories(fixture.base.resolve("outside"));
    Files.writeString(outside.resolve("precious.txt"), "keep me\n");
    Path real = added.path().resolveSibling("raced.real");
    LaneInspection lane = store.inspect(fixture.repo);

    Reclaim reclaim = store.reclaim(lane, inspection(lane, "raced"), false, Instant.now(),
        () -> { }, io(() -> {
          Files.move(added.path(), real);
          Files.createSymbolicLink(added.path(), outside);
        }));

    assertThat(reclaim.removed()).isFalse();
    assertThat(reclaim.keptBecause()).hasValueSatisfying(why ->
        assertThat(why).contains("symbolic link", "nothing removed"));
    assertThat(outside.resolve("precious.txt")).hasContent("keep me");
    assertThat(Files.isSymbolicLink(added.path())).isTrue();
    assertThat(real.resolve("README.md")).exists();
  }

  /** A link inside the worktree to a directory outside is deleted as a link, never followed. */
  @Test
  void aLinkInsideTheWorktreeIsDeletedAsALink() throws IOException {
    AddedWorktree added = store.add(fixture.repo, "inner", Optional.empty());
    Path build = Files.createDirectories(added.path().resolve("build"));
    Path outside = Files.createDirectories(fixture.base.resolve("outside"));
    Files.writeString(outside.resolve("precious.txt"), "keep me\n");
    Files.createSymbolicLink(build.resolve("cache"), outside);
    LaneInspection lane = store.inspect(fixture.repo);

    Reclaim reclaim = store.reclaim(lane, inspection(lane, "inner"), false, Instant.now());

    assertThat(reclaim.removed()).isTrue();
    assertThat(added.path()).doesNotExist();
    assertThat(outside.resolve("precious.txt")).hasContent("keep me");
  }

  /** A directory inside swapped for a link at the last moment changes the status: kept. */
  @Test
  void aDirectoryInsideSwappedForALinkAtTheLastMomentTouchesNothingOutside() throws IOException {
    AddedWorktree added = store.add(fixture.repo, "inner", Optional.empty());
    Path build = Files.createDirectories(added.path().resolve("build"));
    Files.writeString(build.resolve("out.o"), "object\n");
    Path outside = Files.createDirectories(fixture.base.resolve("outside"));
    Files.writeString(outside.resolve("precious.txt"), "keep me\n");
    LaneInspection lane = store.inspect(fixture.repo);

    store.reclaim(lane, inspection(lane, "inner"), false, Instant.now(), () -> { }, io(() -> {
      Files.delete(build.resolve("out.o"));
      Files.delete(build);
      Files.createSymbolicLink(build, outside);
    }));

    assertThat(outside.resolve("precious.txt")).hasContent("keep me");
  }

  @Test
  void aFileWrittenAtTheLastMomentKeepsTheWorktree() throws IOException {
    AddedWorktree added = store.add(fixture.repo, "late", Optional.empty());
    LaneInspection lane = store.inspect(fixture.repo);

    Reclaim reclaim = store.reclaim(lane, inspection(lane, "late"), false, Instant.now(),
        () -> { }, io(() -> Files.writeString(added.path().resolve("new-work.txt"), "work\n")));

    assertThat(reclaim.keptBecause()).hasValueSatisfying(why ->
        assertThat(why).contains("changed since it was judged", "1 untracked", "nothing removed"));
    assertThat(added.path().resolve("new-work.txt")).hasContent("work");
    assertThat(fixture.git(fixture.repo, "worktree", "list", "--porcelain"))
        .contains(added.path().toString());
  }

  @Test
  void aRemovedWorktreeLeavesNoRecordInGit() throws IOException {
    AddedWorktree added = store.add(fixture.repo, "gone", Optional.empty());
    LaneInspection lane = store.inspect(fixture.repo);
    Path admin = fixture.repo.resolve(".git/worktrees/gone");
    assertThat(admin).isDirectory();

    Reclaim reclaim = store.reclaim(lane, inspection(lane, "gone"), false, Instant.now());

    assertThat(reclaim.removed()).isTrue();
    assertThat(admin).doesNotExist();
    assertThat(fixture.git(fixture.repo, "worktree", "list", "--porcelain"))
        .doesNotContain(added.path().toString());
    try (var left = Files.list(fixture.lane())) {
      assertThat(left.map(p -> p.getFileName().toString()))
          .noneMatch(n -> n.startsWith(LaneRemoval.QUARANTINE_PREFIX));
    }
  }
}
