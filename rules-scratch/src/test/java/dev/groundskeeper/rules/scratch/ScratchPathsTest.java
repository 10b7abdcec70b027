package dev.groundskeeper.rules.scratch;

import static dev.groundskeeper.rules.scratch.ScratchPaths.Placement.LINKED_WORKTREE;
import static dev.groundskeeper.rules.scratch.ScratchPaths.Placement.OUTSIDE_ROOTS;
import static dev.groundskeeper.rules.scratch.ScratchPaths.Placement.ROOT_OUTSIDE_SCRATCH;
import static dev.groundskeeper.rules.scratch.ScratchPaths.Placement.SCRATCH_NOT_A_SHAPE;
import static dev.groundskeeper.rules.scratch.ScratchPaths.Placement.SCRATCH_SHAPE;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ScratchPathsTest {

  private static final ScratchConfig DEFAULTS = ScratchConfig.DEFAULTS;

  @ParameterizedTest
  @ValueSource(strings = {"commit-fix.txt", "commit-fix.md", "merge-x.txt", "merge-x.md",
      "tag-v1.txt", "pr-123.md", "issue-9.md", "issue-9.json", "comment-1.md", "close-1.md",
      "gh-note.md", "journal-2026-11-04.md", "brief-worker-a.md", "capture.txt", "build.log",
      "run.out", "data.json", "events.jsonl", "table.tsv"})
  void everyDefaultShapeIsAllowedAtAnyDepthOfTheScratchDirectory(String name) {
    assertThat(ScratchPaths.place("untracked/scratch/" + name, DEFAULTS))
        .isEqualTo(SCRATCH_SHAPE);
    assertThat(ScratchPaths.place("untracked/scratch/deep/er/" + name, DEFAULTS))
        .isEqualTo(SCRATCH_SHAPE);
    assertThat(ScratchPaths.isAllowedNewScratchPath("untracked/scratch/" + name, DEFAULTS))
        .isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"notes.md", "p555-plan.md", "design.md", "fix.patch", "fix.diff",
      "probe.py", "run.sh", "run.bash", "Commit-fix.txt.bak", "NOTES.TXT", "README"})
  void otherNamesInTheScratchDirectoryAreDenied(String name) {
    assertThat(ScratchPaths.place("untracked/scratch/" + name, DEFAULTS))
        .isEqualTo(SCRATCH_NOT_A_SHAPE);
    assertThat(ScratchPaths.isAllowedNewScratchPath("untracked/scratch/" + name, DEFAULTS))
        .isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"untracked/briefs/brief-a.md", "untracked/reports/r.md",
      "untracked/qa/00552-full-gate-report.md", "untracked/notes.txt",
      "untracked/captures/by-hand.txt"})
  void anywhereElseUnderTheRootIsDeniedStoresIncluded(String path) {
    assertThat(ScratchPaths.place(path, DEFAULTS)).isEqualTo(ROOT_OUTSIDE_SCRATCH);
  }

  @ParameterizedTest
  @ValueSource(strings = {"untracked/worktrees/lane-a/src/Main.java",
      "untracked/worktrees/lane-a/notes.md", "untracked/worktrees/x/untracked/scratch/n.md"})
  void linkedWorktreesAreNotJudged(String path) {
    assertThat(ScratchPaths.place(path, DEFAULTS)).isEqualTo(LINKED_WORKTREE);
    assertThat(ScratchPaths.isAllowedNewScratchPath(path, DEFAULTS)).isTrue();
  }

  @Test
  void aFileDirectlyInTheWorktreesFolderIsNotAWorktree() {
    assertThat(ScratchPaths.place("untracked/worktrees/notes.md", DEFAULTS))
        .isEqualTo(ROOT_OUTSIDE_SCRATCH);
  }

  @Test
  void claudeWorktreesAreNotJudgedWhenClaudeIsARoot() {
    ScratchConfig d = DEFAULTS;
    ScratchConfig config = new ScratchConfig(List.of("untracked/", ".claude/"), d.directory(),
        d.shapes(), d.stores(), d.shapeDeny(), d.consumeChain(), d.sweep(), d.spaces(),
        d.orientation());
    assertThat(ScratchPaths.place(".claude/worktrees/agent-1/x.md", config))
        .isEqualTo(LINKED_WORKTREE);
    assertThat(ScratchPaths.place(".claude/notes.md", config)).isEqualTo(ROOT_OUTSIDE_SCRATCH);
    assertThat(ScratchPaths.place(".claude/worktrees/agent-1/x.md", DEFAULTS))
        .isEqualTo(OUTSIDE_ROOTS);
  }

  @ParameterizedTest
  @ValueSource(strings = {"docs/design.md", "src/Main.java", "untracked", "untrackedx/a.md",
      "/untracked/scratch/notes.md", "../untracked/scratch/notes.md", "", "untracked/scratch/",
      "untracked/scratch/.."})
  void pathsOutsideEveryRootAreNotJudged(String path) {
    assertThat(ScratchPaths.place(path, DEFAULTS)).isEqualTo(OUTSIDE_ROOTS);
  }

  @Test
  void dotSegmentsAreResolvedBeforeJudging() {
    assertThat(ScratchPaths.place("./untracked/scratch/notes.md", DEFAULTS))
        .isEqualTo(SCRATCH_NOT_A_SHAPE);
    assertThat(ScratchPaths.place("src/../untracked//scratch/./commit-a.txt", DEFAULTS))
        .isEqualTo(SCRATCH_SHAPE);
    assertThat(ScratchPaths.place("untracked/scratch/../reports/r.md", DEFAULTS))
        .isEqualTo(ROOT_OUTSIDE_SCRATCH);
    assertThat(ScratchPaths.place("untracked/../docs/r.md", DEFAULTS)).isEqualTo(OUTSIDE_ROOTS);
  }

  @Test
  void extraShapesAddToTheDefaultsOrReplaceThem() {
    ScratchConfig d = DEFAULTS;
    ScratchConfig extra = new ScratchConfig(d.roots(), d.directory(),
        new ScratchConfig.Shapes(true, List.of("notes-*.md")), d.stores(), d.shapeDeny(),
        d.consumeChain(), d.sweep(), d.spaces(), d.orientation());
    assertThat(ScratchPaths.place("untracked/scratch/notes-a.md", extra)).isEqualTo(SCRATCH_SHAPE);
    assertThat(ScratchPaths.place("untracked/scratch/a.txt", extra)).isEqualTo(SCRATCH_SHAPE);
    ScratchConfig only = new ScratchConfig(d.roots(), d.directory(),
        new ScratchConfig.Shapes(false, List.of("notes-*.md")), d.stores(), d.shapeDeny(),
        d.consumeChain(), d.sweep(), d.spaces(), d.orientation());
    assertThat(ScratchPaths.place("untracked/scratch/a.txt", only))
        .isEqualTo(SCRATCH_NOT_A_SHAPE);
  }

  @Test
  void relativizeKeepsOnlyPathsInsideTheCheckout() {
    Path root = Path.of("/work/repo");
    assertThat(ScratchPaths.relativize(root, root.resolve("src"),
        Path.of("../untracked/scratch/a.md"))).contains("untracked/scratch/a.md");
    assertThat(ScratchPaths.relativize(root, root, Path.of("/work/repo/untracked/x.md")))
        .contains("untracked/x.md");
    assertThat(ScratchPaths.relativize(root, root, Path.of("/tmp/x.md"))).isEmpty();
    assertThat(ScratchPaths.relativize(root, root, Path.of("/work/repo"))).isEmpty();
    assertThat(ScratchPaths.relativize(root, root, Path.of("/work/repository/x.md"))).isEmpty();
  }
}
