package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
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
    assertThat(workspace.mainRoot()).isEmpty();
    assertThat(workspace.base()).isEqualTo(temp);
  }

  @Test
  void aSubdirectoryOfACheckoutFindsItsRoot() throws IOException {
    Path repo = Git.init(temp.resolve("repo"));
    Path deep = Files.createDirectories(repo.resolve("a/b"));
    Workspace workspace = Workspace.locate(deep);
    assertThat(workspace.directory()).isEqualTo(deep);
    assertThat(workspace.root()).contains(repo);
    assertThat(workspace.mainRoot()).contains(repo);
  }

  @Test
  void aLinkedWorktreeKnowsItsMainCheckout() throws IOException {
    Path repo = Git.init(temp.resolve("repo"));
    Path lane = temp.resolve("lanes/one");
    Git.run(repo, "worktree", "add", "-q", "-b", "lane-one", lane.toString());
    Workspace workspace = Workspace.locate(lane.resolve("."));
    assertThat(workspace.root()).contains(lane);
    assertThat(workspace.mainRoot()).contains(repo.toRealPath());
  }

  @Test
  void aDirectoryThatDoesNotExistYetStillFindsTheRepositoryAboveIt() {
    Path repo = Git.init(temp.resolve("repo"));
    assertThat(Workspace.locate(repo.resolve("not/yet")).root()).isEqualTo(Optional.of(repo));
  }

  @Test
  void configurationLayersAreUserThenMainCheckoutThenTheWorktreesOwn() throws IOException {
    Path repo = Git.init(temp.resolve("repo"));
    Path lane = temp.resolve("lanes/one");
    Git.run(repo, "worktree", "add", "-q", "-b", "lane-one", lane.toString());
    CliRunner cli = new CliRunner(temp);
    Path xdg = temp.resolve("xdg");
    Files.createDirectories(xdg.resolve("groundskeeper"));
    Files.writeString(xdg.resolve("groundskeeper/config.yaml"), "# user\n");
    Files.writeString(repo.resolve(".groundskeeper.yaml"), "# main\n");
    Files.writeString(lane.resolve(".groundskeeper.yaml"), "# lane\n");
    Invocation invocation = new Invocation(System.in, System.out, System.err,
        Map.of("HOME", cli.home().toString(), "XDG_CONFIG_HOME", xdg.toString()),
        temp, Clock.systemUTC(), builder -> { });
    assertThat(ConfigFiles.layers(Workspace.locate(lane), invocation))
        .extracting(layer -> layer.name() + "=" + layer.yaml().strip())
        .containsExactly("user=# user", "repository=# main", "worktree=# lane");
  }

  @Test
  void theUserFileDefaultsToTheHomeConfigDirectory() {
    Invocation invocation = new Invocation(System.in, System.out, System.err,
        Map.of("HOME", "/home/someone"), temp, Clock.systemUTC(),
        builder -> { });
    assertThat(ConfigFiles.userFile(invocation))
        .contains(Path.of("/home/someone/.config/groundskeeper/config.yaml"));
  }
}
