package dev.groundskeeper.git.files;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.files.EntryKind;
import dev.groundskeeper.api.files.FileEntry;
import dev.groundskeeper.api.files.ListingBudget;
import dev.groundskeeper.api.files.TreeListing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TreeWalkerTest {

  private static final ListingBudget PLENTY = new ListingBudget(10_000, Duration.ofSeconds(30));

  @TempDir
  Path root;

  @Test
  void listsFilesAndDirectoriesWithSizesAndTimesRelativeToTheListedDirectory()
      throws IOException {
    Path scratch = Files.createDirectories(root.resolve("untracked/scratch/deep"));
    Path file = Files.writeString(scratch.resolve("journal-a.md"), "hello");
    Instant time = Instant.parse("2026-11-01T10:00:00Z");
    Files.setLastModifiedTime(file, FileTime.from(time));
    TreeListing listing = new TreeWalker(root).list(Path.of("untracked"), PLENTY);
    assertThat(listing.rootExists()).isTrue();
    assertThat(listing.complete()).isTrue();
    assertThat(listing.root()).isEqualTo(root.resolve("untracked"));
    assertThat(listing.entries()).extracting(FileEntry::path, FileEntry::kind)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple("scratch", EntryKind.DIRECTORY),
            org.assertj.core.groups.Tuple.tuple("scratch/deep", EntryKind.DIRECTORY),
            org.assertj.core.groups.Tuple.tuple("scratch/deep/journal-a.md", EntryKind.FILE));
    FileEntry entry = listing.entries().stream().filter(e -> e.kind() == EntryKind.FILE)
        .findFirst().orElseThrow();
    assertThat(entry.size()).isEqualTo(5);
    assertThat(entry.modified()).isEqualTo(time);
  }

  @Test
  void symbolicLinksAreListedAsLinksAndNeverFollowed() throws IOException {
    Path outside = Files.createDirectories(root.resolve("outside"));
    for (int i = 0; i < 50; i++) {
      Files.writeString(outside.resolve("f" + i + ".txt"), "x");
    }
    Path scratch = Files.createDirectories(root.resolve("untracked/scratch"));
    Files.createSymbolicLink(scratch.resolve("elsewhere"), outside);
    Files.createSymbolicLink(scratch.resolve("dangling.txt"), root.resolve("missing"));
    Files.createSymbolicLink(scratch.resolve("loop"), scratch);
    TreeListing listing = new TreeWalker(root).list(Path.of("untracked/scratch"), PLENTY);
    assertThat(listing.complete()).isTrue();
    assertThat(listing.entries()).extracting(FileEntry::path)
        .containsExactlyInAnyOrder("elsewhere", "dangling.txt", "loop");
    assertThat(listing.entries()).allMatch(e -> e.kind() == EntryKind.SYMLINK);
  }

  @Test
  void aMissingDirectoryOrALinkInItsPlaceIsMissing() throws IOException {
    assertThat(new TreeWalker(root).list(Path.of("nope"), PLENTY).rootExists()).isFalse();
    Path real = Files.createDirectories(root.resolve("real"));
    Files.writeString(real.resolve("a.txt"), "x");
    Files.createSymbolicLink(root.resolve("link"), real);
    TreeListing listing = new TreeWalker(root).list(Path.of("link"), PLENTY);
    assertThat(listing.rootExists()).isFalse();
    assertThat(listing.entries()).isEmpty();
    Files.writeString(root.resolve("plain-file"), "x");
    assertThat(new TreeWalker(root).list(Path.of("plain-file"), PLENTY).rootExists()).isFalse();
  }

  @Test
  void theEntryBoundStopsABigListingAndSaysSo() throws IOException {
    Path big = Files.createDirectories(root.resolve("big"));
    for (int i = 0; i < 300; i++) {
      Files.writeString(big.resolve("f" + i + ".txt"), "x");
    }
    TreeListing listing = new TreeWalker(root)
        .list(big, new ListingBudget(100, Duration.ofSeconds(30)));
    assertThat(listing.entries()).hasSize(100);
    assertThat(listing.stoppedBy()).contains(TreeListing.Stop.ENTRIES);
    assertThat(listing.complete()).isFalse();
  }

  @Test
  void exactlyTheBoundIsStillComplete() throws IOException {
    Path dir = Files.createDirectories(root.resolve("d"));
    for (int i = 0; i < 10; i++) {
      Files.writeString(dir.resolve("f" + i), "x");
    }
    TreeListing listing = new TreeWalker(root).list(dir, new ListingBudget(10, Duration.ofSeconds(30)));
    assertThat(listing.complete()).isTrue();
    assertThat(listing.entries()).hasSize(10);
  }

  @Test
  void theTimeBoundStopsAListingAndSaysSo() throws IOException {
    Path dir = Files.createDirectories(root.resolve("d"));
    for (int i = 0; i < 20; i++) {
      Files.writeString(dir.resolve("f" + i), "x");
    }
    TreeListing listing = new TreeWalker(root).list(dir, new ListingBudget(1000, Duration.ZERO));
    assertThat(listing.stoppedBy()).contains(TreeListing.Stop.TIME);
    assertThat(listing.entries().size()).isLessThan(20);
  }

  @Test
  void prunedDirectoriesAreNeitherListedNorEntered() throws IOException {
    Path untracked = Files.createDirectories(root.resolve("untracked"));
    Files.createDirectories(untracked.resolve("worktrees/lane/src"));
    Files.writeString(untracked.resolve("worktrees/lane/src/A.java"), "x");
    Files.createDirectories(untracked.resolve("agent-reports/auto"));
    Files.writeString(untracked.resolve("agent-reports/auto/r.md"), "x");
    Files.writeString(untracked.resolve("loose.md"), "x");
    TreeListing listing = new TreeWalker(root).list(untracked, PLENTY,
        Set.of("worktrees", "agent-reports"));
    assertThat(listing.entries()).extracting(FileEntry::path).containsExactly("loose.md");
  }

  @Test
  void anUnreadableDirectoryMakesTheListingIncomplete() throws IOException {
    Path dir = Files.createDirectories(root.resolve("d/locked"));
    Files.writeString(dir.resolve("secret.txt"), "x");
    boolean locked = dir.toFile().setReadable(false) && dir.toFile().setExecutable(false);
    try {
      TreeListing listing = new TreeWalker(root).list(Path.of("d"), PLENTY);
      if (locked && !Files.isReadable(dir)) {
        assertThat(listing.unreadable()).isPositive();
        assertThat(listing.complete()).isFalse();
      } else {
        // Running as root: permissions do not stop reading, so the listing is whole.
        assertThat(listing.entries()).extracting(FileEntry::path).contains("locked/secret.txt");
      }
    } finally {
      dir.toFile().setReadable(true);
      dir.toFile().setExecutable(true);
    }
  }
}
