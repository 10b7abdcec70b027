package dev.groundskeeper.rules.worktree;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.repo.Regenerable;
import dev.groundskeeper.api.repo.WorktreeStatus;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RemovalRefusalTest {

  private static Optional<String> of(WorktreeStatus status, Regenerable regenerable) {
    return RemovalRefusal.of(Optional.of(status), Optional.empty(), regenerable);
  }

  @Test
  void anUnreadStatusKeepsTheWorktreeAndSaysWhy() {
    assertThat(RemovalRefusal.of(Optional.empty(), Optional.of("git timed out"),
        Regenerable.defaults())).contains("its status could not be read (git timed out)");
  }

  @Test
  void uncommittedWorkKeepsIt() {
    assertThat(of(new WorktreeStatus(List.of("a"), List.of("a", "b"), List.of("n"), List.of()),
        Regenerable.defaults()))
        .contains("2 changed and 1 untracked; commit or discard the changes, then prune again");
  }

  @Test
  void ignoredFilesKeepItUnlessTheConfiguredGlobsCoverThem() {
    WorktreeStatus caches = new WorktreeStatus(List.of(), List.of(), List.of(),
        List.of("__pycache__/x.pyc", "sub/.coverage"));
    assertThat(of(caches, Regenerable.defaults())).isEmpty();
    assertThat(of(caches, Regenerable.of(List.of(".venv/**"), "untracked/scratch/")))
        .contains("2 ignored paths a removal would delete and nothing can rebuild"
            + " (__pycache__/x.pyc, sub/.coverage); move what you need to a tracked home or the"
            + " notes folder, delete the rest, then prune again");
  }

  @Test
  void aCleanWorktreeLosesNothing() {
    assertThat(of(WorktreeStatus.clean(), Regenerable.defaults())).isEmpty();
    assertThat(RemovalRefusal.unrebuildable(List.of("build/x", "keep.env"),
        Regenerable.defaults())).containsExactly("keep.env");
  }
}
