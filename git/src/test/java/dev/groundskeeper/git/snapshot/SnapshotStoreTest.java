package dev.groundskeeper.git.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.repo.Snapshot;
import dev.groundskeeper.api.repo.SnapshotEffect;
import dev.groundskeeper.git.store.StoreRefusal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The snapshot store on real repositories: a snapshot of modified, staged, untracked and ignored
 * files, then {@code git reset --hard} and {@code git clean -fdx}, then a restore that brings
 * back every byte and the index; and the refusals (a cap, a symbolic link in the store, a path
 * changed since) that leave nothing half done.
 */
class SnapshotStoreTest {

  static final Instant NOW = Instant.parse("2026-12-02T05:00:00Z");

  @TempDir
  Path temp;

  private Work work;
  private SnapshotStore store;

  @BeforeEach
  void setUp() throws IOException {
    work = Work.init(temp.resolve("repo"));
    work.write("a.txt", "a1\n").write("b.txt", "b1\n").write("keep.txt", "same\n")
        .write(".gitignore", ".env\ncache/\n").commitAll("base");
    store = new SnapshotStore(temp.resolve("state"), Optional.empty());
  }

  private SnapshotEffect effect(List<String> paths, List<String> scopes) {
    return new SnapshotEffect(work.top, "git reset --hard && git clean -fdx", "s1", paths, scopes,
        SnapshotEffect.Limits.DEFAULTS);
  }

  private void dirty() {
    work.write("a.txt", "a1\na2 unstaged\n");
    work.write("b.txt", "b1\nb2 staged\n");
    work.git("add", "b.txt");
    work.write("b.txt", "b1\nb2 staged\nb3 unstaged on top\n");
    work.write("new.txt", "new work\n");
    work.git("add", "new.txt"); // staged, never committed: reset --hard deletes it
    work.write("loose.txt", "untracked\n");
    work.write(".env", "SECRET=1\n");
    work.write("cache/deep/data.bin", "ignored data\n");
  }

  @Test
  void resetHardAndCleanThenRestoreBringsBackEveryByteAndTheIndex() {
    dirty();
    Map<String, String> before = work.files();
    String indexBefore = work.index();
    String stagedB = work.git("show", ":b.txt");

    Snapshot taken = store.take(effect(List.of("loose.txt", ".env", "cache/"), List.of("")),
        NOW);
    work.sh("git reset -q --hard && git clean -q -fdx");
    assertThat(work.files()).isNotEqualTo(before);

    Snapshot.Restore restore = store.restore(work.top, taken.id(), false);

    assertThat(restore.conflicts()).isEmpty();
    assertThat(work.files()).isEqualTo(before);
    assertThat(work.index()).isEqualTo(indexBefore);
    assertThat(work.git("show", ":b.txt")).isEqualTo(stagedB);
    assertThat(taken.files()).extracting(Snapshot.File::path).containsExactlyInAnyOrder(
        "a.txt", "b.txt", "new.txt", "loose.txt", ".env", "cache/deep/data.bin");
    assertThat(taken.files()).filteredOn(Snapshot.File::staged).extracting(Snapshot.File::path)
        .containsExactlyInAnyOrder("b.txt", "new.txt");
  }

  @Test
  void theSnapshotLivesOutsideTheRepositoryAndTheRepositoryGainsNoRef() {
    dirty();
    String refs = work.git("for-each-ref");

    Snapshot taken = store.take(effect(List.of(".env"), List.of("")), NOW);

    Path kept = store.directory(work.top).resolve(taken.id());
    assertThat(kept).isDirectory();
    assertThat(kept.startsWith(work.top)).isFalse();
    assertThat(work.git("for-each-ref")).isEqualTo(refs);
    assertThat(store.list(work.top)).extracting(Snapshot::id).containsExactly(taken.id());
  }

  @Test
  void aRestoreRefusesWhenAPathChangedSinceAndWritesNothing() {
    dirty();
    Snapshot taken = store.take(effect(List.of("loose.txt"), List.of("")), NOW);
    work.sh("git reset -q --hard && git clean -q -fdx");
    work.write("a.txt", "newer work after the reset\n");
    Map<String, String> now = work.files();
    String index = work.index();

    Snapshot.Restore restore = store.restore(work.top, taken.id(), false);

    assertThat(restore.refused()).isTrue();
    assertThat(restore.conflicts()).containsExactly("a.txt");
    assertThat(work.files()).isEqualTo(now);
    assertThat(work.index()).isEqualTo(index);
  }

  @Test
  void aDryRunSaysWhatItWouldRestoreAndWritesNothing() {
    dirty();
    Snapshot taken = store.take(effect(List.of("loose.txt"), List.of("")), NOW);
    work.sh("git reset -q --hard");
    Map<String, String> now = work.files();

    Snapshot.Restore restore = store.restore(work.top, taken.id(), true);

    assertThat(restore.restored()).contains("a.txt", "b.txt", "new.txt");
    assertThat(restore.unchanged()).contains("loose.txt");
    assertThat(work.files()).isEqualTo(now);
  }

  @Test
  void aRestoreTwiceChangesNothingTheSecondTime() {
    dirty();
    Snapshot taken = store.take(effect(List.of(), List.of("")), NOW);
    work.sh("git reset -q --hard");
    store.restore(work.top, taken.id(), false);
    Map<String, String> once = work.files();

    Snapshot.Restore again = store.restore(work.top, taken.id(), false);

    assertThat(again.restored()).isEmpty();
    assertThat(again.conflicts()).isEmpty();
    assertThat(work.files()).isEqualTo(once);
  }

  @Test
  void aFileOverTheCapRefusesTheSnapshotAndLeavesNoDirectory() throws IOException {
    dirty();
    work.write("big.log", "x".repeat(2_000));
    SnapshotEffect capped = new SnapshotEffect(work.top, "git clean -fdx", "s1",
        List.of("big.log"), List.of(), new SnapshotEffect.Limits(1_000, 10_000, 100_000));

    assertThatThrownBy(() -> store.take(capped, NOW)).isInstanceOf(StoreRefusal.class)
        .hasMessageContaining("big.log is 2000 bytes, more than the 1000")
        .hasMessageContaining("changes.snapshots.max_file_bytes");
    try (var left = Files.list(store.directory(work.top))) {
      assertThat(left).as("only the store's lock, which is kept").extracting(Path::getFileName)
          .extracting(Path::toString).containsExactly(SnapshotStore.LOCK);
    }
  }

  @Test
  void theStoreCapCountsTheSnapshotsAlreadyKept() {
    work.write("one.txt", "x".repeat(600));
    SnapshotEffect.Limits limits = new SnapshotEffect.Limits(1_000, 1_000, 1_000);
    store.take(new SnapshotEffect(work.top, "rm one.txt", "s1", List.of("one.txt"), List.of(),
        limits), NOW);

    assertThatThrownBy(() -> store.take(new SnapshotEffect(work.top, "rm one.txt", "s1",
        List.of("one.txt"), List.of(), limits), NOW.plusSeconds(1)))
        .isInstanceOf(StoreRefusal.class).hasMessageContaining("max_store_bytes")
        .hasMessageContaining("groundskeeper snapshot drop");
    assertThat(store.list(work.top)).hasSize(1);
  }

  @Test
  void aSymbolicLinkAsALevelOfTheStoreIsRefused() throws IOException {
    Path elsewhere = Files.createDirectories(temp.resolve("elsewhere"));
    Files.createDirectories(temp.resolve("state"));
    Files.createSymbolicLink(temp.resolve("state").resolve("snapshots"), elsewhere);
    dirty();

    assertThatThrownBy(() -> store.take(effect(List.of(".env"), List.of("")), NOW))
        .isInstanceOf(StoreRefusal.class).hasMessageContaining("symbolic link");
    try (var inside = Files.list(elsewhere)) {
      assertThat(inside).isEmpty();
    }
  }

  @Test
  void aPartialSnapshotLeftByAKilledWriterIsNeverListed() throws IOException {
    dirty();
    Snapshot taken = store.take(effect(List.of(".env"), List.of("")), NOW);
    Path dir = store.directory(work.top);
    // what a kill between the copies and the rename leaves: files, no manifest, a dot name
    Files.createDirectory(dir.resolve(".partial-20261202T050001Z-beef"));
    Files.writeString(dir.resolve(".partial-20261202T050001Z-beef").resolve("f0"), "half");

    assertThat(store.list(work.top)).extracting(Snapshot::id).containsExactly(taken.id());
    assertThat(store.damaged(work.top)).isEmpty();
  }

  @Test
  void aPartialSnapshotLeftByAKilledWriterIsRemovedByTheNextTake() throws IOException {
    dirty();
    Snapshot first = store.take(effect(List.of(".env"), List.of("")), NOW);
    Path dir = store.directory(work.top);
    Path partial = Files.createDirectory(dir.resolve(".partial-20261202T050001Z-beef"));
    Files.writeString(partial.resolve("f0"), "half");

    Snapshot second = store.take(effect(List.of(".env"), List.of("")), NOW.plusSeconds(60));

    assertThat(partial).doesNotExist();
    assertThat(store.list(work.top)).extracting(Snapshot::id)
        .containsExactly(second.id(), first.id());
    assertThat(store.damaged(work.top)).isEmpty();
  }

  @Test
  void aSnapshotWhoseManifestIsGoneIsListedAsDamagedNotAsASnapshot() throws IOException {
    dirty();
    Snapshot taken = store.take(effect(List.of(".env"), List.of("")), NOW);
    Files.delete(store.directory(work.top).resolve(taken.id()).resolve("manifest.json"));

    assertThat(store.list(work.top)).isEmpty();
    assertThat(store.damaged(work.top)).containsExactly(taken.id());
  }

  @Test
  void dropRemovesOnlyTheNamedSnapshot() {
    dirty();
    Snapshot first = store.take(effect(List.of(".env"), List.of("")), NOW);
    Snapshot second = store.take(effect(List.of(".env"), List.of("")), NOW.plusSeconds(60));

    store.drop(work.top, first.id());

    assertThat(store.list(work.top)).extracting(Snapshot::id).containsExactly(second.id());
    assertThatThrownBy(() -> store.drop(work.top, first.id())).isInstanceOf(StoreRefusal.class)
        .hasMessageContaining("there is no snapshot " + first.id());
  }

  @Test
  void aSymbolicLinkIsKeptAsALinkAndNotFollowed() throws IOException {
    Path outside = Files.writeString(temp.resolve("outside.txt"), "not the worktree's\n");
    Files.createSymbolicLink(work.top.resolve("link"), outside);

    Snapshot taken = store.take(effect(List.of("link"), List.of()), NOW);
    Files.delete(work.top.resolve("link"));
    store.restore(work.top, taken.id(), false);

    assertThat(Files.isSymbolicLink(work.top.resolve("link"))).isTrue();
    assertThat(Files.readSymbolicLink(work.top.resolve("link"))).isEqualTo(outside);
    assertThat(taken.bytes()).isZero();
  }

  @Test
  void aPathThroughALinkedDirectoryIsRefused() throws IOException {
    Path outside = Files.createDirectories(temp.resolve("outside"));
    Files.writeString(outside.resolve("f.txt"), "x");
    Files.createSymbolicLink(work.top.resolve("via"), outside);

    assertThatThrownBy(() -> store.take(effect(List.of("via/f.txt"), List.of()), NOW))
        .isInstanceOf(StoreRefusal.class).hasMessageContaining("symbolic link");
  }

  @Test
  void aDeletedTrackedFileIsRestoredAsDeleted() {
    work.sh("rm keep.txt");
    Snapshot taken = store.take(effect(List.of(), List.of("")), NOW);
    work.sh("git reset -q --hard");
    assertThat(work.top.resolve("keep.txt")).exists();

    store.restore(work.top, taken.id(), false);

    assertThat(work.top.resolve("keep.txt")).doesNotExist();
    assertThat(taken.files()).extracting(Snapshot.File::kind).containsExactly(
        Snapshot.Kind.ABSENT);
  }

  /**
   * A SHA-256 repository names HEAD's and the index's blobs by SHA-256 ids: the restore asks git
   * whether a file is as HEAD has it, so a reset's result is recognised and written over.
   */
  @Test
  void aSha256RepositoryRestoresEveryByteAndTheIndex() {
    Work sha = Work.init(temp.resolve("sha256"), "--object-format=sha256");
    assertThat(sha.git("rev-parse", "--show-object-format")).isEqualTo("sha256");
    sha.write("a.txt", "a1\n").write("b.txt", "b1\n").write("link-target.txt", "t\n")
        .commitAll("base");
    sha.write("a.txt", "a1\na2 unstaged\n");
    sha.write("b.txt", "b1\nb2 staged\n");
    sha.git("add", "b.txt");
    sha.write("new.txt", "new work\n");
    sha.git("add", "new.txt");
    Map<String, String> before = sha.files();
    String index = sha.index();

    Snapshot taken = store.take(new SnapshotEffect(sha.top, "git reset --hard", "s1", List.of(),
        List.of(""), SnapshotEffect.Limits.DEFAULTS), NOW);
    sha.sh("git reset -q --hard");
    Snapshot.Restore restore = store.restore(sha.top, taken.id(), false);

    assertThat(restore.conflicts()).isEmpty();
    assertThat(restore.restored()).containsExactlyInAnyOrder("a.txt", "b.txt", "new.txt");
    assertThat(sha.files()).isEqualTo(before);
    assertThat(sha.index()).isEqualTo(index);
  }

  /**
   * With {@code core.autocrlf} a file checked out from HEAD has bytes (CRLF) that are not HEAD's
   * blob (LF): git's own staging id says it is as HEAD has it, and the restore goes ahead; a
   * change made after the reset is still a conflict.
   */
  @Test
  void aFileCheckedOutThroughAutocrlfIsRecognisedAsHeads() {
    Work crlf = Work.init(temp.resolve("crlf"));
    crlf.git("config", "core.autocrlf", "true");
    crlf.write("a.txt", "a1\n").write("b.txt", "b1\n").commitAll("base");
    crlf.write("a.txt", "a1\na2 mine\n");
    crlf.write("b.txt", "b1\nb2 mine\n");
    Snapshot taken = store.take(new SnapshotEffect(crlf.top, "git reset --hard", "s1", List.of(),
        List.of(""), SnapshotEffect.Limits.DEFAULTS), NOW);
    crlf.sh("git reset -q --hard");
    assertThat(crlf.files()).containsEntry("a.txt", "a1\r\n");

    Snapshot.Restore dry = store.restore(crlf.top, taken.id(), true);
    crlf.write("b.txt", "b1\nnewer, after the reset\n");
    Snapshot.Restore refused = store.restore(crlf.top, taken.id(), false);

    assertThat(dry.conflicts()).isEmpty();
    assertThat(dry.restored()).containsExactlyInAnyOrder("a.txt", "b.txt");
    assertThat(refused.conflicts()).containsExactly("b.txt");
    assertThat(crlf.files()).containsEntry("a.txt", "a1\r\n");
    crlf.sh("git checkout -- b.txt");
    assertThat(store.restore(crlf.top, taken.id(), false).conflicts()).isEmpty();
    assertThat(crlf.files()).containsEntry("a.txt", "a1\na2 mine\n")
        .containsEntry("b.txt", "b1\nb2 mine\n");
  }

  /**
   * The diff runs from the worktree now to the kept copy, which is what a restore writes: after
   * the reset, a.txt's diff adds back the discarded line; a path already as kept has none; a
   * file deleted since the snapshot is diffed from nothing; a binary one says only that it
   * differs.
   */
  @Test
  void theDiffShowsWhatARestoreWouldWriteOverTheWorktreeNow() throws IOException {
    dirty();
    Files.write(work.top.resolve("blob.bin"), new byte[] {1, 0, 2, 0, 3});
    Snapshot taken = store.take(effect(List.of("loose.txt", "blob.bin"), List.of("")), NOW);
    work.sh("git reset -q --hard");
    Files.delete(work.top.resolve("loose.txt"));
    Files.write(work.top.resolve("blob.bin"), new byte[] {9, 0, 9});

    Map<String, Snapshot.Diff> diffs = new java.util.HashMap<>();
    store.diff(work.top, taken.id(), List.of()).forEach(d -> diffs.put(d.path(), d));

    assertThat(diffs.get("a.txt").lines()).containsExactly(
        "--- a/a.txt\t(the worktree now)", "+++ b/a.txt\t(snapshot " + taken.id() + ")",
        "@@ -1 +1,2 @@", " a1", "+a2 unstaged");
    assertThat(diffs.get("loose.txt").lines()).startsWith("--- /dev/null\t(the worktree now)")
        .endsWith("+untracked");
    assertThat(diffs.get("blob.bin").binary()).isTrue();
    assertThat(diffs.get("blob.bin").lines()).last().asString()
        .isEqualTo("binary content differs (3 bytes now, 5 bytes kept)");
    assertThat(store.diff(work.top, taken.id(), List.of("b.txt"))).singleElement()
        .extracting(d -> d.lines().get(d.lines().size() - 1)).isEqualTo("+b3 unstaged on top");

    assertThat(store.restore(work.top, taken.id(), false).conflicts())
        .as("blob.bin is newer work").containsExactly("blob.bin");
    Files.delete(work.top.resolve("blob.bin"));
    assertThat(store.restore(work.top, taken.id(), false).conflicts()).isEmpty();
    assertThat(store.diff(work.top, taken.id(), List.of()))
        .as("restored: the worktree holds every kept copy").allMatch(d -> d.lines().isEmpty());
  }

  /**
   * A directory copied whole leaves out what the repository's regenerable setting covers: the
   * guard counted the directory for the rest of it, and caches inside would only fill the caps.
   */
  @Test
  void aDirectoryCopiedWholeLeavesOutWhatTheRegenerableSettingCovers() {
    work.write("cache/notes.txt", "mine\n");
    work.write("cache/__pycache__/m.pyc", "compiled\n");
    work.write("cache/deep/__pycache__/n.pyc", "compiled\n");
    dev.groundskeeper.api.repo.Regenerable regenerable =
        dev.groundskeeper.api.repo.Regenerable.defaults();

    Snapshot taken = store.take(effect(List.of("cache/"), List.of()), NOW, regenerable::covers);
    Snapshot all = store.take(effect(List.of("cache/"), List.of()), NOW);

    assertThat(taken.files()).extracting(Snapshot.File::path).containsExactly("cache/notes.txt");
    assertThat(all.files()).hasSize(3);
  }
}
