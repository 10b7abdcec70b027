package dev.groundskeeper.rules.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.files.ListingBudget;
import dev.groundskeeper.testkit.RuleTester;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SweepRuleTest {

  private static final Duration HOUR = Duration.ofHours(1);

  private static Verdict sweep(MemoryFiles files, ScratchConfig config) {
    return RuleTester.of(new ScratchRules(), config, SweepRule.ID).withFacts(files.facts())
        .given(Events.sweep()).verdict();
  }

  private static ScratchConfig withSweep(ScratchConfig.Sweep sweep) {
    ScratchConfig d = ScratchConfig.DEFAULTS;
    return new ScratchConfig(d.roots(), d.directory(), d.shapes(), d.stores(), d.shapeDeny(),
        d.consumeChain(), sweep, d.spaces(), d.orientation());
  }

  @Test
  void outsideARepositoryThereIsNothingToJudge() {
    RuleTester.of(new ScratchRules(), ScratchConfig.DEFAULTS, SweepRule.ID)
        .withFacts(Facts.builder().value(Facts.NOW, Instant.parse("2026-01-01T00:00:00Z"))
            .build())
        .given(Events.sweep()).expectNotApplicable();
  }

  @Test
  void aCleanTreeIsSilent() {
    MemoryFiles files = new MemoryFiles()
        .file("untracked/scratch/commit-a.txt", HOUR.multipliedBy(2))
        .file("src/Main.java", Duration.ofDays(300))
        .file("untracked/captures/c.txt", Duration.ofDays(30))
        .file("untracked/worktrees/lane/notes.md", Duration.ofDays(30))
        .file("untracked/agent-reports/auto/r.md", Duration.ofDays(30));
    assertThat(sweep(files, ScratchConfig.DEFAULTS).outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void staleScratchAndUnregisteredFilesAreListedWithTheirThreeChoices() {
    MemoryFiles files = new MemoryFiles()
        .file("untracked/scratch/commit-old.txt", 120, HOUR.multipliedBy(30))
        .file("untracked/scratch/commit-new.txt", HOUR)
        .file("untracked/reports/r.md", 2048, Duration.ofDays(3))
        .file("untracked/qa/gate.log", Duration.ofDays(3));
    Verdict verdict = sweep(files, ScratchConfig.DEFAULTS);
    assertThat(verdict.outcome()).isEqualTo(Outcome.ADVISE);
    assertThat(verdict.reason())
        .startsWith("Scratch sweep: 2 files under untracked/ need a decision.")
        .contains("- untracked/reports/r.md (outside the scratch directory and every store, "
            + "3 d old, 2.0 KB)")
        .contains("- untracked/scratch/commit-old.txt (scratch file older than 24 h, 30 h old, "
            + "120 B)")
        .contains("use it now, then `rm -- untracked/scratch/commit-old.txt`; or move it to a "
            + "tracked home and commit it; or delete it: `rm -- untracked/scratch/commit-old.txt`")
        .contains("Decide file by file; nothing is removed for you.")
        .doesNotContain("commit-new.txt").doesNotContain("gate.log")
        .doesNotContain("xargs").doesNotContain("rm -r").doesNotContain("-delete");
    assertThat(verdict.reason().indexOf("reports/r.md"))
        .isLessThan(verdict.reason().indexOf("commit-old.txt"));
    assertThat(verdict.findings()).containsExactly(
        new Finding(Finding.Kind.PATH, "untracked/reports/r.md",
            "outside the scratch directory and every store"),
        new Finding(Finding.Kind.PATH, "untracked/scratch/commit-old.txt",
            "scratch file older than 24 h"));
  }

  @Test
  void aPathThatNeedsQuotingIsQuotedInItsCommands() {
    MemoryFiles files = new MemoryFiles()
        .file("untracked/scratch/it's old.txt", Duration.ofDays(2));
    assertThat(sweep(files, ScratchConfig.DEFAULTS).reason())
        .contains("`rm -- 'untracked/scratch/it'\\''s old.txt'`");
  }

  @Test
  void aNameWithControlBytesIsEscapedInTheTextAndQuotedForBashInItsCommands() {
    MemoryFiles files = new MemoryFiles()
        .file("untracked/scratch/x\u001b[31m'y.txt", Duration.ofDays(2));
    assertThat(sweep(files, ScratchConfig.DEFAULTS).reason())
        .doesNotContain("\u001b")
        .contains("- untracked/scratch/x\\x1b[31m'y.txt (scratch file older than 24 h")
        .contains("`rm -- $'untracked/scratch/x\\x1b[31m\\'y.txt'`");
  }

  @Test
  void atMostMaxListedLinesThenTheTotal() {
    MemoryFiles files = new MemoryFiles();
    for (int i = 0; i < 7; i++) {
      files.file("untracked/scratch/c-" + i + ".txt", Duration.ofDays(2 + i));
    }
    Verdict verdict = sweep(files, withSweep(new ScratchConfig.Sweep(24, Optional.empty(), 3)));
    assertThat(verdict.reason()).contains("7 files under untracked/")
        .contains("…and 4 more (7 in all).");
    assertThat(verdict.findings()).hasSize(3);
    assertThat(verdict.findings().get(0).subject()).isEqualTo("untracked/scratch/c-6.txt");
  }

  @Test
  void filesOlderThanTheBaselineAreCountedNeverListed() {
    MemoryFiles files = new MemoryFiles()
        .file("untracked/scratch/ancient.md", Duration.ofDays(90))
        .file("untracked/briefs/p555-old.md", Duration.ofDays(60))
        .file("untracked/briefs/new.md", Duration.ofDays(2));
    ScratchConfig config = withSweep(
        new ScratchConfig.Sweep(24, Optional.of("2026-11-01T00:00:00Z"), 50));
    Verdict verdict = sweep(files, config);
    assertThat(verdict.reason()).contains("1 file under untracked/ needs a decision")
        .contains("untracked/briefs/new.md")
        .contains("2 files older than the baseline 2026-11-01T00:00:00Z "
            + "(scratch.sweep.baseline_before) are counted, not listed.")
        .doesNotContain("ancient").doesNotContain("p555");
  }

  @Test
  void onlyTheBaselineBacklogSaysNothing() {
    MemoryFiles files = new MemoryFiles()
        .file("untracked/scratch/ancient.md", Duration.ofDays(90));
    ScratchConfig config = withSweep(
        new ScratchConfig.Sweep(24, Optional.of("2026-11-01"), 50));
    assertThat(sweep(files, config).outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aScanStoppedByItsBoundSaysSo() {
    MemoryFiles files = new MemoryFiles();
    for (int i = 0; i < 20; i++) {
      files.file("untracked/scratch/c-" + i + ".txt", HOUR);
    }
    SweepReport report = ScratchSweep.scan(ScratchConfig.DEFAULTS, files.facts(),
        new ListingBudget(5, Duration.ofSeconds(1)));
    assertThat(report.complete()).isFalse();
    assertThat(report.total()).isZero();
    assertThat(ScratchSweep.render(report, ScratchConfig.DEFAULTS).orElseThrow())
        .contains("nothing under untracked/ needs a decision in the part that was scanned")
        .contains("The scan of untracked/ stopped early")
        .contains("this report is incomplete");
  }

  @Test
  void symlinksAreReportedAsThemselves() {
    MemoryFiles files = new MemoryFiles().link("untracked/link-to-home", Duration.ofDays(1));
    assertThat(sweep(files, ScratchConfig.DEFAULTS).findings())
        .extracting(Finding::subject).containsExactly("untracked/link-to-home");
  }

  @Test
  void configuredStoresAndTheNudgeStateAreLeftAlone() {
    ScratchConfig d = ScratchConfig.DEFAULTS;
    ScratchConfig config = new ScratchConfig(d.roots(), d.directory(), d.shapes(),
        List.of("untracked/venv/"), d.shapeDeny(), d.consumeChain(), d.sweep(), d.spaces(),
        d.orientation());
    MemoryFiles files = new MemoryFiles()
        .file("untracked/venv/bin/python", Duration.ofDays(40))
        .file("untracked/scratch/.groundskeeper-nudge.json", Duration.ofDays(40));
    assertThat(sweep(files, config).outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void itRunsAtSessionStartButNotAfterACompaction() {
    MemoryFiles files = new MemoryFiles().file("untracked/r.md", Duration.ofDays(2));
    SweepRule rule = new SweepRule(ScratchConfig.DEFAULTS);
    assertThat(rule.evaluate(Events.start(Event.StartSource.STARTUP), files.facts()).outcome())
        .isEqualTo(Outcome.ADVISE);
    assertThat(rule.evaluate(Events.start(Event.StartSource.RESUME), files.facts()).outcome())
        .isEqualTo(Outcome.ADVISE);
    assertThat(rule.evaluate(Events.start(Event.StartSource.COMPACT), files.facts()).outcome())
        .isEqualTo(Outcome.NOT_APPLICABLE);
    assertThat(rule.evaluate(Events.command("ls"), files.facts()).outcome())
        .isEqualTo(Outcome.NOT_APPLICABLE);
  }
}
