package dev.groundskeeper.api.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.Facts;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FileValuesTest {

  private static final Instant T = Instant.parse("2026-11-01T00:00:00Z");

  @Test
  void entriesAreRelativeAndKnowWhetherTheyAreHidden() {
    FileEntry entry = new FileEntry("a/.b/c.txt", EntryKind.FILE, 3, T);
    assertThat(entry.name()).isEqualTo("c.txt");
    assertThat(entry.hidden()).isTrue();
    assertThat(new FileEntry(".state", EntryKind.FILE, 0, T).hidden()).isTrue();
    assertThat(new FileEntry("a.b/c", EntryKind.FILE, 0, T).hidden()).isFalse();
    assertThat(new FileEntry("l", EntryKind.SYMLINK, 0, T).isFileLike()).isTrue();
    assertThat(new FileEntry("d", EntryKind.DIRECTORY, 0, T).isFileLike()).isFalse();
    assertThatThrownBy(() -> new FileEntry("/abs", EntryKind.FILE, 0, T))
        .hasMessageContaining("relative");
    assertThatThrownBy(() -> new FileEntry("x", EntryKind.FILE, -1, T))
        .hasMessageContaining("negative");
  }

  @Test
  void listingsAreImmutableAndSayWhetherTheyAreComplete() {
    List<FileEntry> entries = new ArrayList<>(List.of(new FileEntry("a", EntryKind.FILE, 1, T)));
    TreeListing listing = TreeListing.complete(Path.of("/r"), entries);
    entries.clear();
    assertThat(listing.entries()).hasSize(1);
    assertThat(listing.complete()).isTrue();
    assertThat(new TreeListing(Path.of("/r"), true, List.of(),
        Optional.of(TreeListing.Stop.TIME), 0).complete()).isFalse();
    assertThat(new TreeListing(Path.of("/r"), true, List.of(), Optional.empty(), 2).complete())
        .isFalse();
    assertThat(TreeListing.missing(Path.of("/r")).rootExists()).isFalse();
  }

  @Test
  void budgetsAndCountsRefuseNonsense() {
    assertThatThrownBy(() -> new ListingBudget(0, Duration.ofSeconds(1)))
        .hasMessageContaining("maxEntries");
    assertThatThrownBy(() -> new ListingBudget(1, Duration.ofSeconds(-1)))
        .hasMessageContaining("maxTime");
    assertThatThrownBy(() -> new ContextUsage(-1)).hasMessageContaining("negative");
    assertThatThrownBy(() -> new NudgeState(Optional.empty(), -1, 0))
        .hasMessageContaining("negative");
    assertThatThrownBy(() -> new ScratchSpace(Path.of("/s"), "s", false, T, -1, true))
        .hasMessageContaining("negative");
  }

  @Test
  void effectsDescribeThemselves() {
    assertThat(new WriteNudgeState(Path.of("/s/.groundskeeper-nudge.json"),
        new NudgeState(Optional.empty(), 0, 0)).describe())
        .isEqualTo("record the stale-notes nudge state in /s/.groundskeeper-nudge.json");
    assertThat(new RemoveScratchSpace(Path.of("/t/a"), Path.of("/t"), T).describe())
        .isEqualTo("remove the idle scratch space /t/a (nothing in it changed since "
            + "2026-11-01T00:00:00Z)");
  }

  @Test
  void theWholeTreeListingDelegatesWithNothingPruned() {
    List<Set<String>> seen = new ArrayList<>();
    TreeLister lister = (directory, budget, prune) -> {
      seen.add(prune);
      return TreeListing.missing(directory);
    };
    lister.list(Path.of("x"), ListingBudget.DIRECTORY);
    assertThat(seen).containsExactly(Set.of());
  }

  @Test
  void factKeysAreDistinct() {
    assertThat(Set.of(FileFacts.WORKTREE_ROOT.id(), FileFacts.PATHS.id(), FileFacts.TREES.id(),
        FileFacts.TRANSCRIPTS.id(), FileFacts.NUDGE_STATES.id(), FileFacts.SCRATCH_SPACES.id(),
        Facts.NOW.id())).hasSize(7);
  }
}
