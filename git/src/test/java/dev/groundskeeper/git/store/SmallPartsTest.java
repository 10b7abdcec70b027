package dev.groundskeeper.git.store;

import dev.groundskeeper.api.SafeText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.repo.WorktreeStoreSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SmallPartsTest {

  @Test
  void sanitisingEscapesControlsC1AndBidiOverridesAndLeavesTextAlone() {
    assertThat(SafeText.escape("plain/path-ok é")).isEqualTo("plain/path-ok é");
    assertThat(SafeText.escape("a\u001b[2Jb\nc\u0085d")).isEqualTo("a\\x1b[2Jb\\x0ac\\u{0085}d");
    assertThat(SafeText.escape("x\u202ey")).isEqualTo("x\\u{202e}y");
    assertThat(SafeText.escape("back\\slash")).isEqualTo("back\\\\slash");
  }

  @Test
  void gitsAdviceToForceARemovalIsNeverPassedOn() {
    assertThat(WorktreeStore.withoutForceAdvice("git worktree remove refused: fatal: '/w/x'"
        + " contains modified or untracked files, use --force to delete it"))
        .isEqualTo("git worktree remove refused: fatal: '/w/x' contains modified or untracked"
            + " files");
    assertThat(WorktreeStore.withoutForceAdvice("git worktree remove refused: fatal: cannot"
        + " remove a locked working tree; use 'remove -f -f' to override or unlock first"))
        .isEqualTo("git worktree remove refused: fatal: cannot remove a locked working tree");
    assertThat(WorktreeStore.withoutForceAdvice("fatal: something else")).isEqualTo("fatal:"
        + " something else");
  }

  @Test
  void theForgeAnswerKeepsMergedHeadsAndOpenRequestsPerBranch() throws IOException {
    String head = "c".repeat(40);
    ForgeAnswer forge = ForgeAnswer.parse("[{\"number\":3,\"state\":\"MERGED\",\"headRefName\":\"a\","
        + "\"headRefOid\":\"" + head + "\"},{\"number\":4,\"state\":\"OPEN\",\"headRefName\":\"b\","
        + "\"headRefOid\":\"" + head + "\"}]");

    assertThat(forge.reachable()).isTrue();
    assertThat(forge.about("a")).isEqualTo(new ForgeAnswer.Branch(false, Optional.of(head),
        Optional.of(3)));
    assertThat(forge.about("b").open()).isTrue();
    assertThat(forge.about("c")).isEqualTo(ForgeAnswer.Branch.NONE);
    assertThat(ForgeAnswer.unreachable("away").about("a")).isEqualTo(ForgeAnswer.Branch.NONE);
    assertThat(ForgeAnswer.unreachable("away").unreachableBecause()).contains("away");
  }

  @Test
  void withoutGhOnThePathNoForgeIsAsked() {
    ForgeAnswer answer = ForgeAnswer.ask(Path.of("/"), Map.of("PATH", "/nonexistent"),
        ForgeAnswer.DEFAULT_BOUND);
    assertThat(answer.reachable()).isFalse();
    assertThat(answer.unreachableBecause()).contains("gh is not on PATH");
  }

  @Test
  void theHomeResolvesFromTheVariableThenTheConfigurationThenHome() {
    WorktreeStoreSettings configured = () -> Optional.of("~/elsewhere");
    WorktreeStoreSettings unset = Optional::empty;
    assertThat(StoreLocation.resolve(Map.of("HOME", "/h", "GROUNDSKEEPER_HOME", "/g"),
        configured).home()).isEqualTo(Path.of("/g"));
    assertThat(StoreLocation.resolve(Map.of("HOME", "/h"), configured).home())
        .isEqualTo(Path.of("/h/elsewhere"));
    assertThat(StoreLocation.resolve(Map.of("HOME", "/h"), unset).home())
        .isEqualTo(Path.of("/h/.groundskeeper"));
    assertThatThrownBy(() -> StoreLocation.resolve(Map.of("GROUNDSKEEPER_HOME", "relative"),
        unset)).isInstanceOf(StoreRefusal.class)
        .hasMessageContaining("not an absolute path");
    assertThatThrownBy(() -> StoreLocation.resolve(Map.of(), unset))
        .isInstanceOf(StoreRefusal.class).hasMessageContaining("neither");
  }

  @Test
  void displayShowsHomeAsTildeOnlyAtPathBoundaries() {
    StoreLocation location = new StoreLocation(Path.of("/g"), Optional.of(Path.of("/home/me")));
    assertThat(location.display("/home/me/x and /home/me")).isEqualTo("~/x and ~");
    assertThat(location.display("/home/meow")).isEqualTo("/home/meow");
  }
}
