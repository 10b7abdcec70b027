package dev.groundskeeper.api.repo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RemovalLossTest {

  private static WorktreeStatus ignored(String... paths) {
    return new WorktreeStatus(List.of(), List.of(), List.of(), List.of(paths));
  }

  @Test
  void changedFilesAreCountedOnceStagedFirst() {
    RemovalLoss loss = RemovalLoss.of(new WorktreeStatus(List.of("a", "b"), List.of("b", "c"),
        List.of("new"), List.of()), Regenerable.defaults());
    assertThat(loss.changed()).containsExactly("a", "b", "c");
    assertThat(loss.forcedOnly()).containsExactly("a", "b", "c", "new");
    assertThat(loss.dirty()).isTrue();
    assertThat(loss.isEmpty(false)).isTrue();
    assertThat(loss.isEmpty(true)).isFalse();
  }

  @Test
  void rebuildableIgnoredFilesAreNoLossButOthersAre() {
    RemovalLoss loss = RemovalLoss.of(ignored("__pycache__/x.pyc", "sub/.coverage",
        ".venv/bin/python", "secrets.env"), Regenerable.defaults());
    assertThat(loss.ignored()).containsExactly("secrets.env");
    assertThat(loss.isEmpty(false)).isFalse();
  }

  @Test
  void theScratchDirectoryIsNeverRebuildableWhateverAGlobSays() {
    Regenerable moved = Regenerable.of(List.of("build/**", "untracked/**"), "build/scratch");
    assertThat(moved.scratchDirectory()).isEqualTo("build/scratch/");
    assertThat(RemovalLoss.of(ignored("build/out.o", "build/scratch/plan.md", "build/",
        "untracked/scratch/plan.md"), moved).ignored())
        .containsExactly("build/scratch/plan.md", "build/");
    assertThat(Regenerable.defaults().covers("untracked/scratch/plan.md")).isFalse();
  }

  @Test
  void aBlankScratchDirectoryIsRefused() {
    assertThatThrownBy(() -> Regenerable.of(List.of(), " "))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("scratch directory");
  }
}
