package dev.groundskeeper.rules.scratch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.Mode;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ScratchConfigTest {

  private static ScratchConfig withRoots(List<String> roots, String directory) {
    ScratchConfig d = ScratchConfig.DEFAULTS;
    return new ScratchConfig(roots, directory, d.shapes(), d.stores(), d.shapeDeny(),
        d.consumeChain(), d.sweep(), d.spaces(), d.orientation());
  }

  private static ScratchConfig withSpaces(ScratchConfig.Spaces spaces) {
    ScratchConfig d = ScratchConfig.DEFAULTS;
    return new ScratchConfig(d.roots(), d.directory(), d.shapes(), d.stores(), d.shapeDeny(),
        d.consumeChain(), d.sweep(), spaces, d.orientation());
  }

  @Test
  void defaultsAreTheIssuesBlock() {
    ScratchConfig d = ScratchConfig.DEFAULTS;
    assertThat(d.roots()).containsExactly("untracked/");
    assertThat(d.directory()).isEqualTo("untracked/scratch/");
    assertThat(d.shapes().defaults()).isTrue();
    assertThat(d.shapes().extra()).isEmpty();
    assertThat(d.stores()).isEmpty();
    assertThat(d.shapeDeny().mode()).isEqualTo(Mode.BLOCK);
    assertThat(d.consumeChain().mode()).isEqualTo(Mode.BLOCK);
    assertThat(d.consumeChain().consumers()).isEmpty();
    assertThat(d.sweep()).isEqualTo(new ScratchConfig.Sweep(24, Optional.empty(), 50));
    assertThat(d.spaces()).isEqualTo(new ScratchConfig.Spaces(Optional.empty(), 7));
    assertThat(d.orientation()).isEqualTo(new ScratchConfig.Orientation(Mode.ON, 40, 60_000));
  }

  @Test
  void builtInStoresLieUnderEveryRootThenTheConfiguredOnes() {
    ScratchConfig d = ScratchConfig.DEFAULTS;
    ScratchConfig config = new ScratchConfig(List.of("untracked", ".claude/"),
        "untracked/scratch", d.shapes(), List.of("./untracked/venv"), d.shapeDeny(),
        d.consumeChain(), d.sweep(), d.spaces(), d.orientation());
    assertThat(config.allStores()).containsExactly(
        "untracked/captures/", "untracked/issue-reports/", "untracked/agent-reports/",
        "untracked/agent-dispatch-registry/", "untracked/worktrees/", "untracked/qa/",
        ".claude/captures/", ".claude/issue-reports/", ".claude/agent-reports/",
        ".claude/agent-dispatch-registry/", ".claude/worktrees/", ".claude/qa/",
        "untracked/venv/");
  }

  @Test
  void directoriesAreCanonical() {
    ScratchConfig config = withRoots(List.of("./untracked//"), "untracked/./scratch");
    assertThat(config.roots()).containsExactly("untracked/");
    assertThat(config.directory()).isEqualTo("untracked/scratch/");
  }

  @Test
  void rootsMustBeRepositoryRelative() {
    assertThatThrownBy(() -> withRoots(List.of("/tmp/"), "untracked/scratch/"))
        .hasMessageContaining("scratch.roots[0]").hasMessageContaining("relative");
    assertThatThrownBy(() -> withRoots(List.of("../x/"), "untracked/scratch/"))
        .hasMessageContaining("scratch.roots[0]").hasMessageContaining("..");
    assertThatThrownBy(() -> withRoots(List.of(" "), "untracked/scratch/"))
        .hasMessageContaining("scratch.roots[0]").hasMessageContaining("blank");
    assertThatThrownBy(() -> withRoots(List.of("./"), "untracked/scratch/"))
        .hasMessageContaining("scratch.roots[0]").hasMessageContaining("root itself");
  }

  @Test
  void theScratchDirectoryMustLieUnderARoot() {
    assertThatThrownBy(() -> withRoots(List.of("untracked/"), "tmp/scratch/"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("scratch.directory").hasMessageContaining("tmp/scratch/")
        .hasMessageContaining("scratch.roots");
  }

  @Test
  void modesAreCheckedPerKey() {
    assertThatThrownBy(() -> new ScratchConfig.ShapeDeny(Mode.ON))
        .hasMessage("scratch.shape_deny.mode: expected block, advise or off, got on");
    assertThatThrownBy(() -> new ScratchConfig.ConsumeChain(Mode.WARN, List.of()))
        .hasMessage("scratch.consume_chain.mode: expected block, advise or off, got warn");
    assertThatThrownBy(() -> new ScratchConfig.Orientation(Mode.BLOCK, 40, 1))
        .hasMessage("scratch.orientation.mode: expected on or off, got block");
  }

  @Test
  void numbersAreChecked() {
    assertThatThrownBy(() -> new ScratchConfig.Sweep(-1, Optional.empty(), 50))
        .hasMessageContaining("scratch.sweep.max_age_hours");
    assertThatThrownBy(() -> new ScratchConfig.Sweep(24, Optional.empty(), 0))
        .hasMessageContaining("scratch.sweep.max_listed");
    assertThatThrownBy(() -> new ScratchConfig.Spaces(Optional.empty(), 0))
        .hasMessageContaining("scratch.spaces.ttl_days");
    assertThatThrownBy(() -> new ScratchConfig.Orientation(Mode.ON, 0, 1))
        .hasMessageContaining("scratch.orientation.max_listed");
    assertThatThrownBy(() -> new ScratchConfig.Orientation(Mode.ON, 1, 0))
        .hasMessageContaining("scratch.orientation.stale_tokens");
  }

  @Test
  void baselineAcceptsIsoDatesAndTimestamps() {
    assertThat(new ScratchConfig.Sweep(24, Optional.of("2026-11-04T12:00:00Z"), 5).baseline())
        .contains(Instant.parse("2026-11-04T12:00:00Z"));
    assertThat(new ScratchConfig.Sweep(24, Optional.of("2026-11-04T14:00:00+02:00"), 5)
        .baseline()).contains(Instant.parse("2026-11-04T12:00:00Z"));
    assertThat(new ScratchConfig.Sweep(24, Optional.of("2026-11-04"), 5).baseline())
        .contains(Instant.parse("2026-11-04T00:00:00Z"));
    assertThat(new ScratchConfig.Sweep(24, Optional.of("2026-11-04T12:00"), 5).baseline())
        .contains(Instant.parse("2026-11-04T12:00:00Z"));
    assertThatThrownBy(() -> new ScratchConfig.Sweep(24, Optional.of("last tuesday"), 5))
        .hasMessageContaining("scratch.sweep.baseline_before")
        .hasMessageContaining("'last tuesday'").hasMessageContaining("ISO-8601");
  }

  @Test
  void spacePatternsNeedOneWholeSessionSegmentAtTheEnd() {
    ScratchConfig.Spaces spaces =
        new ScratchConfig.Spaces(Optional.of(".frizz/threads/{session}"), 7);
    assertThat(spaces.pattern()).contains(".frizz/threads/{session}/");
    assertThat(spaces.parent()).contains(".frizz/threads/");
    assertThat(spaces.forSession("abc")).contains(".frizz/threads/abc/");
    assertThatThrownBy(() -> new ScratchConfig.Spaces(Optional.of(".frizz/threads/"), 7))
        .hasMessageContaining("scratch.spaces.pattern").hasMessageContaining("exactly once");
    assertThatThrownBy(() -> new ScratchConfig.Spaces(Optional.of("t/s-{session}/"), 7))
        .hasMessageContaining("whole path segment");
    assertThatThrownBy(() -> new ScratchConfig.Spaces(Optional.of("t/{session}/x/"), 7))
        .hasMessageContaining("must end with {session}/");
    assertThatThrownBy(() -> new ScratchConfig.Spaces(Optional.of("{session}/"), 7))
        .hasMessageContaining("parent directory");
  }

  @Test
  void spacesUnderARootMustLieInTheScratchDirectory() {
    assertThatThrownBy(() -> withSpaces(
        new ScratchConfig.Spaces(Optional.of("untracked/threads/{session}/"), 7)))
        .hasMessageContaining("scratch.spaces.pattern")
        .hasMessageContaining("outside scratch.directory");
    assertThat(withSpaces(new ScratchConfig.Spaces(
        Optional.of("untracked/scratch/threads/{session}/"), 7)).spaces().parent())
        .contains("untracked/scratch/threads/");
  }

  @Test
  void shapeGlobsAndConsumersAreChecked() {
    assertThatThrownBy(() -> new ScratchConfig.Shapes(true, List.of("notes/*.md")))
        .hasMessageContaining("scratch.shapes.extra[0]").hasMessageContaining("'/'");
    assertThatThrownBy(() -> new ScratchConfig.Shapes(true, List.of("ok-*.md", "[ab")))
        .hasMessageContaining("scratch.shapes.extra[1]").hasMessageContaining("unclosed");
    assertThatThrownBy(() -> new ScratchConfig.ConsumeChain(Mode.BLOCK, List.of("mkplan.bash")))
        .hasMessageContaining("scratch.consume_chain.consumers[0]")
        .hasMessageContaining("{file}");
    assertThatThrownBy(() -> new ScratchConfig.ConsumeChain(Mode.BLOCK,
        List.of("git notes add -F {file} --force")))
        .hasMessageContaining("scratch.consume_chain.consumers[0]");
  }

  @Test
  void withoutDefaultShapesOnlyTheExtraOnesCount() {
    assertThat(new ScratchConfig.Shapes(false, List.of("n-*.md")).globs())
        .containsExactly("n-*.md");
    assertThat(new ScratchConfig.Shapes(true, List.of("n-*.md")).globs())
        .startsWith("commit-*.txt").endsWith("n-*.md");
  }
}
