package dev.groundskeeper.git.files;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.files.FileFacts;
import dev.groundskeeper.api.files.ListingBudget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSystemFactsTest {

  @TempDir
  Path root;

  @Test
  void offersEveryFileFactOverTheCheckout() throws IOException {
    Files.createDirectories(root.resolve("untracked/scratch"));
    Files.writeString(root.resolve("untracked/scratch/a.txt"), "x");
    Files.createSymbolicLink(root.resolve("dangling"), root.resolve("missing"));
    Facts facts = FileSystemFacts.register(Facts.builder(), root).build();
    assertThat(facts.get(FileFacts.WORKTREE_ROOT)).isEqualTo(root.toAbsolutePath());
    assertThat(facts.get(FileFacts.PATHS).exists(Path.of("untracked/scratch/a.txt"))).isTrue();
    assertThat(facts.get(FileFacts.PATHS).exists(root.resolve("untracked/scratch/b.txt")))
        .isFalse();
    assertThat(facts.get(FileFacts.PATHS).exists(Path.of("dangling"))).isTrue();
    assertThat(facts.get(FileFacts.TREES).list(Path.of("untracked"), ListingBudget.SWEEP)
        .entries()).hasSize(2);
    assertThat(facts.get(FileFacts.TRANSCRIPTS).latestUsage(Path.of("none.jsonl"))).isEmpty();
    assertThat(facts.get(FileFacts.NUDGE_STATES).read(Path.of("none.json"))).isEmpty();
    assertThat(facts.get(FileFacts.SCRATCH_SPACES).list(Path.of("untracked"),
        ListingBudget.DIRECTORY)).hasSize(1);
  }
}
