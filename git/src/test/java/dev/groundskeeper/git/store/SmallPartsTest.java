package dev.groundskeeper.git.store;

import dev.groundskeeper.api.SafeText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.rules.worktree.MergePolicy;
import dev.groundskeeper.rules.worktree.WorktreesConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SmallPartsTest {

  @Test
  void sanitisingEscapesControlsC1AndBidiOverridesAndLeavesTextAlone() {
    assertThat(SafeText.escape("plain/path-ok é")).isEqualTo("plain/path-ok é");
    assertThat(SafeText.escape("a\u001b[2Jb\nc\u0085d")).isEqualTo("a\\x1b[2Jb\\x0ac\\x85d");
    assertThat(SafeText.escape("x\u202ey")).isEqualTo("x\\u{202e}y");
    assertThat(SafeText.escape("back\\slash")).isEqualTo("back\\\\slash");
  }

  @Test
  void theForgeAnswerKeepsMergedHeadsAndOpenRequestsPerBranch() throws IOException {
    String head = "c".repeat(40);
    Forge forge = Forge.parse("[{\"number\":3,\"state\":\"MERGED\",\"headRefName\":\"a\","
        + "\"headRefOid\":\"" + head + "\"},{\"number\":4,\"state\":\"OPEN\",\"headRefName\":\"b\","
        + "\"headRefOid\":\"" + head + "\"}]");

    assertThat(forge.reachable()).isTrue();
    assertThat(forge.about("a")).isEqualTo(new MergePolicy.Forge(true, false, Optional.of(head),
        Optional.of(3)));
    assertThat(forge.about("b").openPullRequest()).isTrue();
    assertThat(forge.about("c")).isEqualTo(MergePolicy.Forge.NO_PULL_REQUEST);
    assertThat(Forge.unreachable().about("a")).isEqualTo(MergePolicy.Forge.UNREACHABLE);
  }

  @Test
  void withoutGhOnThePathNoForgeIsAsked() {
    assertThat(Forge.ask(Path.of("/"), Map.of("PATH", "/nonexistent")).reachable()).isFalse();
  }

  @Test
  void theHomeResolvesFromTheVariableThenTheConfigurationThenHome() {
    WorktreesConfig configured = new WorktreesConfig(Optional.of("~/elsewhere"), 14,
        java.util.List.of(), ".groundskeeper/notes", dev.groundskeeper.api.Mode.ADVISE,
        java.util.List.of(), 10);
    assertThat(StoreLocation.resolve(Map.of("HOME", "/h", "GROUNDSKEEPER_HOME", "/g"),
        configured).home()).isEqualTo(Path.of("/g"));
    assertThat(StoreLocation.resolve(Map.of("HOME", "/h"), configured).home())
        .isEqualTo(Path.of("/h/elsewhere"));
    assertThat(StoreLocation.resolve(Map.of("HOME", "/h"), WorktreesConfig.DEFAULTS).home())
        .isEqualTo(Path.of("/h/.groundskeeper"));
    assertThatThrownBy(() -> StoreLocation.resolve(Map.of("GROUNDSKEEPER_HOME", "relative"),
        WorktreesConfig.DEFAULTS)).isInstanceOf(StoreRefusal.class)
        .hasMessageContaining("not an absolute path");
    assertThatThrownBy(() -> StoreLocation.resolve(Map.of(), WorktreesConfig.DEFAULTS))
        .isInstanceOf(StoreRefusal.class).hasMessageContaining("neither");
  }

  @Test
  void displayShowsHomeAsTildeOnlyAtPathBoundaries() {
    StoreLocation location = new StoreLocation(Path.of("/g"), Optional.of(Path.of("/home/me")));
    assertThat(location.display("/home/me/x and /home/me")).isEqualTo("~/x and ~");
    assertThat(location.display("/home/meow")).isEqualTo("/home/meow");
  }
}
