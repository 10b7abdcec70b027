package dev.groundskeeper.git.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.repo.Snapshot;
import dev.groundskeeper.api.repo.SnapshotEffect;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17: a restore killed (SIGKILL) between writing a path's temporary and renaming it into
 * place leaves {@code .NAME.groundskeeper-restore-<hex>} in the worktree. The next restore of a
 * real repository removes such a leftover, says so, and brings the worktree to the snapshot's
 * files; it never removes a file of the user's: another shape, a live restore's (younger than
 * the stale age), one the index holds, or one holding bytes the snapshot does not.
 */
class RestoreLeftoversTest {

  private static final Duration OLD = RestoreLeftovers.STALE.plusMinutes(5);

  @TempDir
  Path temp;

  private Work work;
  private SnapshotStore store;
  private Snapshot taken;
  private Map<String, String> snapshotFiles;

  @BeforeEach
  void setUp() {
    work = Work.init(temp.resolve("repo"));
    work.write("a.txt", "a1\n").write("src/b.txt", "b1\n").commitAll("base");
    store = new SnapshotStore(temp.resolve("state"), Optional.empty());
    work.write("a.txt", "a1\na2 unstaged\n");
    work.write("src/b.txt", "b1\nb2 unstaged\n");
    work.write("src/loose.txt", "untracked work\n");
    snapshotFiles = work.files();
    taken = store.take(new SnapshotEffect(work.top, "git reset --hard && git clean -fd", "s1",
        List.of("src/loose.txt"), List.of(""), SnapshotEffect.Limits.DEFAULTS),
        Instant.now());
    work.sh("git reset -q --hard && git clean -q -fd");
  }

  /** What a killed restore leaves: part of the path's kept bytes, last changed {@code ago}. */
  private Path leftover(String path, String content, Duration ago) throws IOException {
    Path target = work.top.resolve(path);
    Path left = target.resolveSibling("." + target.getFileName() + RestoreLeftovers.MARK
        + "18a3f5c2b7e9");
    Files.writeString(left, content);
    Files.setLastModifiedTime(left, FileTime.from(Instant.now().minus(ago)));
    return left;
  }

  @Test
  void theNextRestoreRemovesAKilledRestoresLeftoverAndSaysSo() throws IOException {
    Path whole = leftover("a.txt", "a1\na2 unstaged\n", OLD);
    Path torn = leftover("src/loose.txt", "untracked w", OLD);

    Snapshot.Restore restore = store.restore(work.top, taken.id(), false);

    assertThat(restore.leftovers()).containsExactly(".a.txt" + RestoreLeftovers.MARK
        + "18a3f5c2b7e9", "src/.loose.txt" + RestoreLeftovers.MARK + "18a3f5c2b7e9");
    assertThat(whole).doesNotExist();
    assertThat(torn).doesNotExist();
    assertThat(restore.conflicts()).isEmpty();
    assertThat(work.files()).isEqualTo(snapshotFiles);
  }

  @Test
  void aDryRunNamesTheLeftoverAndRemovesNothing() throws IOException {
    Path left = leftover("a.txt", "a1\n", OLD);
    Map<String, String> before = work.files();

    Snapshot.Restore restore = store.restore(work.top, taken.id(), true);

    assertThat(restore.leftovers()).hasSize(1);
    assertThat(left).exists();
    assertThat(work.files()).isEqualTo(before);
  }

  @Test
  void nothingThatMayBeTheUsersIsRemoved() throws IOException {
    Path live = leftover("a.txt", "a1\n", Duration.ofSeconds(5));
    Path foreign = leftover("src/b.txt", "bytes the snapshot never held\n", OLD);
    Path otherName = work.top.resolve("src/.notes.txt" + RestoreLeftovers.MARK + "1f");
    Files.writeString(otherName, "");
    Files.setLastModifiedTime(otherName, FileTime.from(Instant.now().minus(OLD)));
    Path notHex = work.top.resolve(".a.txt" + RestoreLeftovers.MARK + "mine");
    Files.writeString(notHex, "a1\n");
    Files.setLastModifiedTime(notHex, FileTime.from(Instant.now().minus(OLD)));
    Path added = leftover("src/loose.txt", "untracked", OLD);
    work.git("add", "--", work.top.relativize(added).toString());
    Files.setLastModifiedTime(added, FileTime.from(Instant.now().minus(OLD)));

    Snapshot.Restore restore = store.restore(work.top, taken.id(), false);

    assertThat(restore.leftovers()).isEmpty();
    assertThat(live).as("a live restore's").exists();
    assertThat(foreign).as("bytes the snapshot does not hold").exists();
    assertThat(otherName).as("no path of the snapshot is named .notes.txt").exists();
    assertThat(notHex).as("not the restore's shape").exists();
    assertThat(added).as("the index holds it").exists();
    Map<String, String> expected = new TreeMap<>(snapshotFiles);
    for (Path kept : List.of(live, foreign, otherName, notHex, added)) {
      expected.put(work.top.relativize(kept).toString(), Files.readString(kept));
    }
    assertThat(work.files()).isEqualTo(expected);
  }

  @Test
  void aLinkLeftoverWithTheKeptTargetGoesAndItsTargetStays() throws IOException {
    work.write("target.txt", "the link's target\n").commitAll("target");
    Files.createSymbolicLink(work.top.resolve("link"), Path.of("target.txt"));
    Snapshot withLink = store.take(new SnapshotEffect(work.top, "git clean -fd", "s2",
        List.of("link"), List.of(""), SnapshotEffect.Limits.DEFAULTS), Instant.now());
    work.sh("git clean -q -fd");
    String name = ".link" + RestoreLeftovers.MARK + "abc";
    Files.createSymbolicLink(work.top.resolve(name), Path.of("target.txt"));
    // the link's own time (touch -h), not its target's
    work.sh("touch -h -d @" + Instant.now().minus(OLD).getEpochSecond() + " " + name);

    Snapshot.Restore restore = store.restore(work.top, withLink.id(), false);

    assertThat(restore.leftovers()).containsExactly(name);
    assertThat(work.top.resolve(name)).doesNotExist();
    assertThat(work.top.resolve("target.txt")).hasContent("the link's target\n");
    assertThat(Files.readSymbolicLink(work.top.resolve("link"))).isEqualTo(Path.of("target.txt"));
  }
}
