package dev.groundskeeper.rules.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.testkit.RuleTester;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ShapeRuleTest {

  private final RuleTester tester = RuleTester.of(new ScratchRules(), ScratchConfig.DEFAULTS,
      ShapeRule.ID).withFacts(new MemoryFiles().facts());

  private Verdict judge(Event event) {
    return tester.given(event).verdict();
  }

  @Test
  void aNewScratchShapedFileIsAllowed() {
    assertThat(judge(Events.newFile("untracked/scratch/commit-fix.txt")).outcome())
        .isEqualTo(Outcome.ALLOW);
    assertThat(judge(Events.newFile("untracked/scratch/deep/journal-x.md")).outcome())
        .isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aNewUnshapedFileInTheScratchDirectoryIsDeniedWithEveryPartOfTheText() {
    tester.given(Events.newFile("untracked/scratch/notes.md")).expectDeny()
        .reasonContains("untracked/scratch/notes.md would be a new file",
            "in the scratch directory untracked/scratch/", "matches no scratch shape",
            "commit-*.txt", "journal-*.md", "*.jsonl", "nobody will find again")
        .remedyDescriptionContains("consumed this session")
        .remedyDescriptionContains("untracked/scratch/brief-notes.md")
        .remedyDescriptionContains("a plan folder, a journal entry, a pushed commit or an issue")
        .findings(new Finding(Finding.Kind.PATH, "untracked/scratch/notes.md",
            "SCRATCH_NOT_A_SHAPE"));
    assertThat(judge(Events.newFile("untracked/scratch/notes.md")).reason())
        .as("the adapter names the rule; the reason does not repeat it")
        .startsWith("untracked/scratch/notes.md would be a new file")
        .doesNotContain(ShapeRule.ID);
  }

  @Test
  void aNewFileUnderTheRootOutsideTheScratchDirectoryIsDenied() {
    Verdict verdict = judge(Events.newFile("untracked/qa/00552-full-gate-report.md"));
    assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict.reason())
        .startsWith("untracked/qa/00552-full-gate-report.md would be a new file")
        .contains("under the ignored root untracked/")
        .contains("outside the scratch directory untracked/scratch/")
        .contains("stores there are written by their own tools");
    assertThat(verdict.remedy().orElseThrow().description())
        .contains("plan folder").contains("docs/00552-full-gate-report.md").contains("commit");
  }

  @Test
  void theFirstHeadingPicksTheSuggestedHomeButNeverTheVerdict() {
    Verdict report = judge(Events.newFile("untracked/scratch/notes.md",
        "\n# Findings of the cache probe\n\nbody"));
    assertThat(report.outcome()).isEqualTo(Outcome.DENY);
    assertThat(report.remedy().orElseThrow().description())
        .contains("report, review, design, findings or decision record")
        .contains("plan folder");
    Verdict allowed = judge(Events.newFile("untracked/scratch/commit-x.txt",
        "# Design decision\n"));
    assertThat(allowed.outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void patchesAndScriptsArePointedAtACommit() {
    assertThat(judge(Events.newFile("untracked/scratch/fix.patch")).remedy().orElseThrow()
        .description()).contains("commit the changes on a branch");
    assertThat(judge(Events.newFile("untracked/scratch/probe.py")).remedy().orElseThrow()
        .description()).contains("scripts/probe.py").contains("untracked/scratch/probe.out");
  }

  @Test
  void editsOverwritesAndPathsOutsideTheRootsAreNotJudged() {
    Event.FileWriteEvent edit = new Event.FileWriteEvent(Events.context(),
        MemoryFiles.ROOT.resolve("untracked/scratch/notes.md"), Event.WriteKind.EDIT, true,
        Optional.empty());
    assertThat(judge(edit).outcome()).isEqualTo(Outcome.NOT_APPLICABLE);
    Event.FileWriteEvent overwrite = new Event.FileWriteEvent(Events.context(),
        MemoryFiles.ROOT.resolve("untracked/scratch/notes.md"), Event.WriteKind.WRITE, true,
        Optional.empty());
    assertThat(judge(overwrite).outcome()).isEqualTo(Outcome.NOT_APPLICABLE);
    assertThat(judge(Events.newFile("docs/notes.md")).outcome())
        .isEqualTo(Outcome.NOT_APPLICABLE);
    assertThat(judge(Events.newFile("untracked/worktrees/lane/notes.md")).outcome())
        .isEqualTo(Outcome.NOT_APPLICABLE);
    Event.FileWriteEvent elsewhere = new Event.FileWriteEvent(Events.context(),
        Path.of("/tmp/untracked/scratch/notes.md"), Event.WriteKind.WRITE, false,
        Optional.empty());
    assertThat(judge(elsewhere).outcome()).isEqualTo(Outcome.NOT_APPLICABLE);
  }

  @Test
  void aRelativePathResolvesAgainstTheWorkingDirectory() {
    Event.FileWriteEvent write = new Event.FileWriteEvent(
        Events.context().withAgent("").withTurn("t"), Path.of("untracked/scratch/notes.md"),
        Event.WriteKind.WRITE, false, Optional.empty());
    assertThat(judge(write).outcome()).isEqualTo(Outcome.DENY);
  }

  @Test
  void otherEventsAreNotApplicable() {
    assertThat(judge(Events.sweep()).outcome()).isEqualTo(Outcome.NOT_APPLICABLE);
  }

  @Test
  void aFileAtTheScratchDirectorysOwnPathIsDeniedForWhatItIs() {
    tester.given(Events.newFile("untracked/scratch")).expectDeny()
        .reasonContains("untracked/scratch is the path of the scratch directory "
            + "untracked/scratch/ itself", "take the directory's place")
        .remedyDescriptionContains("inside the directory under a scratch-shaped name, for "
            + "example untracked/scratch/notes.txt");
    assertThat(judge(Events.newFile("untracked/scratch")).reason())
        .doesNotContain("outside the scratch directory");
    assertThat(ScratchPaths.place("untracked/./scratch", ScratchConfig.DEFAULTS))
        .isEqualTo(ScratchPaths.Placement.SCRATCH_DIRECTORY);
  }

  @Test
  void controlBytesOfTheFileNameAreEscapedInTheDenial() {
    Verdict verdict = judge(Events.newFile("untracked/scratch/x\u001b[31m.md"));
    assertThat(verdict.reason() + verdict.remedy().orElseThrow().render())
        .doesNotContain("\u001b").contains("untracked/scratch/x\\x1b[31m.md");
  }

  @Test
  void outsideACheckoutTheRootsDoNotExistAndNothingIsJudged() {
    RuleTester outside = RuleTester.of(new ScratchRules(), ScratchConfig.DEFAULTS, ShapeRule.ID)
        .withFacts(dev.groundskeeper.api.Facts.builder().build());
    outside.given(Events.newFile("untracked/x.md")).expectNotApplicable();
    outside.given(Events.command("echo hi > untracked/x.md")).expectNotApplicable();
  }
}
