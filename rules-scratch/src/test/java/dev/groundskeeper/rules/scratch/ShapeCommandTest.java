package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.Finding;
import dev.groundskeeper.testkit.RuleTester;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The shape whitelist on files a shell command creates. */
class ShapeCommandTest {

  private final RuleTester tester = RuleTester.of(new ScratchRules(), ScratchConfig.DEFAULTS,
      ShapeRule.ID).withFacts(new MemoryFiles()
          .file("untracked/scratch/notes.md", Duration.ofDays(1)).facts());

  @ParameterizedTest
  @ValueSource(strings = {
      "echo hi > untracked/scratch/notes-2.md",
      "git diff > untracked/scratch/wip.patch",
      "python3 probe.py | tee untracked/findings.md",
      "cat > untracked/reports/r.md <<'EOF'\n# Report\nEOF",
      "cd untracked && echo x > scratch/plan.md",
      "echo x >| untracked/scratch/x.md",
      "git diff --output=untracked/scratch/wip.diff"})
  void newFilesOutsideTheShapesAreDenied(String command) {
    tester.given(Events.command(command)).expectDeny().reasonContains(" would be a new file ");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "git log -5 > untracked/scratch/log.txt",
      "mvn test 2> untracked/scratch/build.log",
      "cat <<'EOF' | tee untracked/scratch/commit-fix.txt\nfix\nEOF",
      "cd untracked/scratch && git status > status.txt"})
  void newScratchShapedFilesAreAllowed(String command) {
    tester.given(Events.command(command)).expectAllow();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "echo more >> untracked/scratch/new-notes.md",
      "python3 probe.py | tee -a untracked/new.md",
      "echo x > untracked/scratch/notes.md",
      "cp draft.md untracked/scratch/notes-3.md",
      "mv draft.md untracked/reports/",
      "echo x > docs/notes.md",
      "cd \"$TMPDIR\" && echo x > notes.md",
      "echo x > \"$OUT\"/notes.md",
      "echo x > untracked/worktrees/lane/notes.md",
      "ls > /dev/null"})
  void appendsOverwritesCopiesAndUnplaceablePathsAreNotJudged(String command) {
    tester.given(Events.command(command)).expectNotApplicable();
  }

  @Test
  void aHeredocHeadingPicksThePlanFolder() {
    tester.given(Events.command(
            "cat > untracked/scratch/cache.md <<'EOF'\n# Cache design review\n\nbody\nEOF"))
        .expectDeny()
        .remedyDescriptionContains("report, review, design, findings or decision record")
        .findings(new Finding(Finding.Kind.PATH, "untracked/scratch/cache.md",
            "SCRATCH_NOT_A_SHAPE"));
  }

  @Test
  void anUnreadableCommandCannotPass() {
    tester.given(Events.command("echo 'x > untracked/scratch/notes-9.md")).expectCouldNotJudge();
  }
}
