package dev.groundskeeper.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkspaceTest {

  @TempDir
  Path temp;

  @Test
  void outsideAnyRepositoryThereIsNoRoot() {
    Workspace workspace = Workspace.locate(temp);
    assertThat(workspace.root()).isEmpty();
    assertThat(workspace.base()).isEqualTo(temp);
  }

  @Test
  void aSubdirectoryOfACheckoutFindsItsRoot() throws IOException {
    Path repo = Git.init(temp.resolve("repo"));
    Path deep = Files.createDirectories(repo.resolve("a/b"));
    Workspace workspace = Workspace.locate(deep);
    assertThat(workspace.directory()).isEqualTo(deep);
    assertThat(workspace.root()).contains(repo);
  }

  @Test
  void aLinkedWorktreeIsItsOwnRoot() {
    Path repo = Git.init(temp.resolve("repo"));
    Path lane = temp.resolve("lanes/one");
    Git.run(repo, "worktree", "add", "-q", "-b", "lane-one", lane.toString());
    Workspace workspace = Workspace.locate(lane.resolve("."));
    assertThat(workspace.root()).contains(lane);
  }

  @Test
  void aDirectoryThatDoesNotExistYetStillFindsTheRepositoryAboveIt() {
    Path repo = Git.init(temp.resolve("repo"));
    assertThat(Workspace.locate(repo.resolve("not/yet")).root()).isEqualTo(Optional.of(repo));
  }
}
