package dev.groundskeeper.rules.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.files.RemoveScratchSpace;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ScratchReaperTest {

  private static ScratchConfig spaces(String pattern) {
    ScratchConfig d = ScratchConfig.DEFAULTS;
    return new ScratchConfig(d.roots(), d.directory(), d.shapes(), d.stores(), d.shapeDeny(),
        d.consumeChain(), d.sweep(), new ScratchConfig.Spaces(Optional.of(pattern), 7),
        d.orientation());
  }

  @Test
  void withoutAPatternThereIsNothingToReap() {
    ScratchReaper.ReapPlan plan =
        ScratchReaper.plan(ScratchConfig.DEFAULTS, new MemoryFiles().facts());
    assertThat(plan.configured()).isFalse();
    assertThat(plan.effects()).isEmpty();
  }

  @Test
  void spacesIdleLongerThanTheTtlByTheirNewestChangeAreReaped() {
    MemoryFiles files = new MemoryFiles()
        .file(".frizz/threads/old/a.md", Duration.ofDays(30))
        .file(".frizz/threads/old/b.md", Duration.ofDays(9))
        .file(".frizz/threads/busy/a.md", Duration.ofDays(30))
        .file(".frizz/threads/busy/b.md", Duration.ofDays(2))
        .link(".frizz/threads/linked", Duration.ofDays(90));
    ScratchReaper.ReapPlan plan =
        ScratchReaper.plan(spaces(".frizz/threads/{session}/"), files.facts());
    assertThat(plan.idle()).extracting(idle -> idle.space().name()).containsExactly("old");
    assertThat(plan.idle().get(0).quiet()).isEqualTo(Duration.ofDays(9));
    assertThat(plan.effects()).containsExactly(new RemoveScratchSpace(
        MemoryFiles.ROOT.resolve(".frizz/threads/old"), MemoryFiles.ROOT.resolve(".frizz/threads"),
        MemoryFiles.NOW.minus(Duration.ofDays(9))));
    assertThat(plan.kept()).extracting(ScratchReaper.Kept::why).containsExactly(
        "changed 48 h ago", "a symbolic link: never followed, never removed");
  }
}
