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
          .contains("git stopped half-way", "no longer lists the worktree", "files are left in",
              "rm -r ")
          .doesNotContain("also stay in place"));
      assertThat(note).exists();
    } finally {
      new ProcessBuilder("chattr", "-i", note.toString()).start().waitFor();
    }
  }
}
