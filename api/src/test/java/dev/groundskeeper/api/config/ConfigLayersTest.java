package dev.groundskeeper.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLayersTest {

  @TempDir
  Path temp;

  private Map<String, String> home() {
    return Map.of("HOME", temp.resolve("home").toString());
  }

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }

  /** Runs git with a home and configuration of its own, never the developer's. */
  private void git(Path dir, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    Map<String, String> env = builder.environment();
    env.put("HOME", temp.resolve("git-home").toString());
    env.put("XDG_CONFIG_HOME", temp.resolve("git-home/.config").toString());
    env.put("GIT_CONFIG_NOSYSTEM", "1");
    env.put("GIT_CONFIG_GLOBAL", "/dev/null");
    env.put("GIT_AUTHOR_NAME", "Test");
    env.put("GIT_AUTHOR_EMAIL", "test@groundskeeper.invalid");
    env.put("GIT_COMMITTER_NAME", "Test");
    env.put("GIT_COMMITTER_EMAIL", "test@groundskeeper.invalid");
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as("git %s: %s", command, output).isZero();
  }

  private static List<String> describe(List<ConfigLayer> layers) {
    return layers.stream()
        .map(l -> l.name() + " " + l.file().orElseThrow() + " " + l.yaml().strip()).toList();
  }

  @Test
  void userFileFollowsXdgThenHome() {
    assertThat(ConfigLayers.userFile(Map.of("XDG_CONFIG_HOME", "/x", "HOME", "/h")))
        .contains(Path.of("/x/groundskeeper/config.yaml"));
    assertThat(ConfigLayers.userFile(Map.of("XDG_CONFIG_HOME", "relative", "HOME", "/h")))
        .contains(Path.of("/h/.config/groundskeeper/config.yaml"));
    assertThat(ConfigLayers.userFile(Map.of("XDG_CONFIG_HOME", "", "HOME", "/h")))
        .contains(Path.of("/h/.config/groundskeeper/config.yaml"));
    assertThat(ConfigLayers.userFile(Map.of())).isEmpty();
  }

  @Test
  void outsideAnyRepositoryOnlyTheUserFileApplies() throws IOException {
    Path userFile = temp.resolve("home/.config/groundskeeper/config.yaml");
    write(userFile, "engine: {on_error: deny}\n");
    Path plain = Files.createDirectories(temp.resolve("plain/dir"));
    assertThat(describe(ConfigLayers.discover(plain, home())))
        .containsExactly("user " + userFile + " engine: {on_error: deny}");
  }

  @Test
  void missingFilesAreNoLayers() throws IOException {
    Files.createDirectories(temp.resolve("repo/.git"));
    assertThat(ConfigLayers.discover(temp.resolve("repo"), home())).isEmpty();
  }

  @Test
  void theRepositoryFileIsFoundFromASubdirectory() throws IOException {
    Path userFile = temp.resolve("xdg/groundskeeper/config.yaml");
    write(userFile, "# user\n");
    Files.createDirectories(temp.resolve("repo/.git"));
    write(temp.resolve("repo/.groundskeeper.yaml"), "# repository\n");
    Path deep = Files.createDirectories(temp.resolve("repo/src/main"));
    assertThat(describe(ConfigLayers.discover(deep,
        Map.of("XDG_CONFIG_HOME", temp.resolve("xdg").toString(), "HOME", "/nonexistent"))))
        .containsExactly(
            "user " + userFile + " # user",
            "repository " + temp.resolve("repo/.groundskeeper.yaml") + " # repository");
  }

  @Test
  void theNearestRepositoryWins() throws IOException {
    Files.createDirectories(temp.resolve("outer/.git"));
    write(temp.resolve("outer/.groundskeeper.yaml"), "# outer\n");
    Files.createDirectories(temp.resolve("outer/inner/.git"));
    write(temp.resolve("outer/inner/.groundskeeper.yaml"), "# inner\n");
    assertThat(describe(ConfigLayers.discover(temp.resolve("outer/inner"), home())))
        .containsExactly("repository " + temp.resolve("outer/inner/.groundskeeper.yaml")
            + " # inner");
  }

  @Test
  void aLinkedWorktreeReadsTheMainCheckoutThenItsOwnFile() throws Exception {
    Path main = Files.createDirectories(temp.resolve("main"));
    git(main, "init", "-q", "-b", "main");
    git(main, "commit", "-q", "--allow-empty", "-m", "init");
    Path worktree = temp.resolve("lanes/docs");
    git(main, "worktree", "add", "-q", "-b", "docs", worktree.toString());
    write(main.resolve(".groundskeeper.yaml"), "branches: {wip: {cap: 5}}\n");
    write(worktree.resolve(".groundskeeper.yaml"), "branches: {wip: {cap: 7}}\n");
    Path inside = Files.createDirectories(worktree.resolve("src"));

    List<ConfigLayer> layers = ConfigLayers.discover(inside, home());

    assertThat(describe(layers)).containsExactly(
        "repository " + main.resolve(".groundskeeper.yaml") + " branches: {wip: {cap: 5}}",
        "worktree " + worktree.resolve(".groundskeeper.yaml") + " branches: {wip: {cap: 7}}");
    EffectiveConfig config = ConfigLoader.load(layers, List.of(SampleConfig.SPEC), Set.of());
    assertThat(config.get(SampleConfig.SPEC).wip().cap()).isEqualTo(7);
    assertThat(config.origin("branches.wip.cap")).isEqualTo("worktree");
  }

  @Test
  void aLinkedWorktreeWithoutItsOwnFileGetsTheMainCheckouts() throws Exception {
    Path main = Files.createDirectories(temp.resolve("main"));
    git(main, "init", "-q", "-b", "main");
    git(main, "commit", "-q", "--allow-empty", "-m", "init");
    Path worktree = temp.resolve("wt");
    git(main, "worktree", "add", "-q", "--detach", worktree.toString());
    write(main.resolve(".groundskeeper.yaml"), "# main\n");

    assertThat(describe(ConfigLayers.discover(worktree, home())))
        .containsExactly("repository " + main.resolve(".groundskeeper.yaml") + " # main");
    assertThat(describe(ConfigLayers.discover(main, home())))
        .containsExactly("repository " + main.resolve(".groundskeeper.yaml") + " # main");
  }

  @Test
  void aGitFileWithoutCommonDirIsItsOwnRepository() throws IOException {
    Path module = Files.createDirectories(temp.resolve("super/.git/modules/lib"));
    write(temp.resolve("super/lib/.git"), "gitdir: ../.git/modules/lib\n");
    write(temp.resolve("super/lib/.groundskeeper.yaml"), "# lib\n");
    assertThat(module).isDirectory();
    assertThat(describe(ConfigLayers.discover(temp.resolve("super/lib"), home())))
        .containsExactly("repository " + temp.resolve("super/lib/.groundskeeper.yaml") + " # lib");
  }

  @Test
  void unreadableFilesAreClearErrorsAllTogether() throws IOException {
    Path userFile = temp.resolve("home/.config/groundskeeper/config.yaml");
    Files.createDirectories(userFile);
    Files.createDirectories(temp.resolve("repo/.git"));
    Path repoFile = temp.resolve("repo/.groundskeeper.yaml");
    Files.write(repoFile, new byte[] {'a', ':', ' ', (byte) 0xC3, (byte) 0x28, '\n'});

    assertThatThrownBy(() -> ConfigLayers.discover(temp.resolve("repo"), home()))
        .isInstanceOf(ConfigException.class)
        .hasMessage("invalid configuration (2 problems):\n"
            + "  " + userFile + ": cannot be read: it is a directory, not a configuration file\n"
            + "  " + repoFile + ": cannot be read: it is not UTF-8 text");
  }

  @Test
  void layersCarryTheirFileForMessages() throws IOException {
    Files.createDirectories(temp.resolve("repo/.git"));
    Path repoFile = temp.resolve("repo/.groundskeeper.yaml");
    write(repoFile, "branches:\n  wip: {cap: 0}\n");
    List<ConfigLayer> layers = ConfigLayers.discover(temp.resolve("repo"), home());
    assertThat(layers.get(0).file()).isEqualTo(Optional.of(repoFile));
    assertThatThrownBy(() -> ConfigLoader.load(layers, List.of(SampleConfig.SPEC),
        Set.of()))
        .hasMessage("invalid configuration:\n  " + repoFile
            + ":2:14: branches.wip.cap: must be between 1 and 100, got 0");
  }

  /**
   * Issue 20: a configuration file that was /dev/zero, a FIFO or a link to one hung the hook or
   * exhausted its memory, and a link loop's message embedded java.nio.file.FileSystemException.
   * Only a regular file of at most MAX_BYTES is read; anything else is a problem that names the
   * file and says why in words.
   */
  @Test
  @org.junit.jupiter.api.Timeout(value = 30, unit = TimeUnit.SECONDS,
      threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
  void onlyARegularFileWithinTheCapIsRead() throws Exception {
    Files.createDirectories(temp.resolve("repo/.git"));
    Path repoFile = temp.resolve("repo/.groundskeeper.yaml");

    Files.createSymbolicLink(repoFile, Path.of("/dev/zero"));
    assertThatThrownBy(() -> ConfigLayers.discover(temp.resolve("repo"), home()))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining(repoFile + ": cannot be read: it is not a regular file");
    Files.delete(repoFile);

    Path fifo = temp.resolve("fifo");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assertThat(mkfifo.waitFor(30, TimeUnit.SECONDS)).isTrue();
    Files.createSymbolicLink(repoFile, fifo);
    assertThatThrownBy(() -> ConfigLayers.discover(temp.resolve("repo"), home()))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining(repoFile + ": cannot be read: it is not a regular file");
    Files.delete(repoFile);

    Files.createSymbolicLink(repoFile, temp.resolve("loop"));
    Files.createSymbolicLink(temp.resolve("loop"), repoFile);
    assertThatThrownBy(() -> ConfigLayers.discover(temp.resolve("repo"), home()))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining(repoFile + ": cannot be read: a loop of symbolic links")
        .hasMessageNotContaining("Exception");
    Files.delete(repoFile);

    Files.writeString(repoFile, "scratch:\n  directory: \"" + "x".repeat(ConfigLayers.MAX_BYTES)
        + "\"\n");
    assertThatThrownBy(() -> ConfigLayers.discover(temp.resolve("repo"), home()))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining(repoFile + ": cannot be read: it holds ")
        .hasMessageContaining("at most " + ConfigLayers.MAX_BYTES + " bytes");

    Files.writeString(repoFile, "scratch:\n  directory: notes\n");
    assertThat(ConfigLayers.discover(temp.resolve("repo"), home())).hasSize(1);
  }
}
