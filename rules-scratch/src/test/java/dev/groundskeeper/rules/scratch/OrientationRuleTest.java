package dev.groundskeeper.rules.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.testkit.RuleTester;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OrientationRuleTest {

  private static final ScratchConfig THREADS = withPattern(".frizz/threads/{session}/", 3);

  private static ScratchConfig withPattern(String pattern, int maxListed) {
    ScratchConfig d = ScratchConfig.DEFAULTS;
    return new ScratchConfig(d.roots(), d.directory(), d.shapes(), d.stores(), d.shapeDeny(),
        d.consumeChain(), d.sweep(), new ScratchConfig.Spaces(Optional.of(pattern), 7),
        new ScratchConfig.Orientation(Mode.ON, maxListed, 60_000));
  }

  private static Verdict evaluate(ScratchConfig config, Event event, MemoryFiles files) {
    return RuleTester.of(new ScratchRules(), config, OrientationRule.ID)
        .withFacts(files.facts()).given(event).verdict();
  }

  private static MemoryFiles fourNotes() {
    return new MemoryFiles()
        .file(".frizz/threads/s-1/approach.md", 1500, Duration.ofMinutes(5))
        .file(".frizz/threads/s-1/rejected.md", 200, Duration.ofMinutes(50))
        .file(".frizz/threads/s-1/sub/agent-b.md", 10, Duration.ofMinutes(20))
        .file(".frizz/threads/s-1/old.md", 10, Duration.ofDays(2))
        .file(".frizz/threads/s-1/.groundskeeper-nudge.json", 10, Duration.ofMinutes(1))
        .file(".frizz/threads/other-session/theirs.md", 10, Duration.ofMinutes(1));
  }

  @Test
  void afterACompactionItNamesTheFilesNewestFirstWithoutContentOrDotfiles() {
    Verdict verdict = evaluate(THREADS, Events.start(Event.StartSource.COMPACT), fourNotes());
    assertThat(verdict.outcome()).isEqualTo(Outcome.ADVISE);
    assertThat(verdict.reason())
        .startsWith("Scratch directory: your context was just compacted. You left these files "
            + "in .frizz/threads/s-1/ (newest first):\n"
            + "  - .frizz/threads/s-1/approach.md (1.5 KB)\n"
            + "  - .frizz/threads/s-1/sub/agent-b.md (10 B)\n"
            + "  - .frizz/threads/s-1/rejected.md (200 B)\n"
            + "  - …and 1 more\n")
        .contains("read the ones that bear on the current work")
        .contains("ran out of context describes the window that ended")
        .doesNotContain("nudge").doesNotContain("theirs.md");
  }

  @Test
  void resumeAndClearListTooWithoutTheCompactionNote() {
    Verdict resumed = evaluate(THREADS, Events.start(Event.StartSource.RESUME), fourNotes());
    assertThat(resumed.reason()).startsWith("Scratch directory: this session was just resumed, "
            + "and the files may have changed since you last looked. You left these files in "
            + ".frizz/threads/s-1/ (newest first):")
        .contains("approach.md").doesNotContain("ran out of context")
        .doesNotContain("working memory").doesNotContain("context was just");
    Verdict cleared = evaluate(THREADS, Events.start(Event.StartSource.CLEAR), fourNotes());
    assertThat(cleared.reason()).contains("just cleared").contains("approach.md");
  }

  @Test
  void anEmptyDirectoryAfterLostContextSaysSoAndKeepsOutOfOtherSessions() {
    MemoryFiles files = new MemoryFiles()
        .file(".frizz/threads/other-session/theirs.md", 10, Duration.ofMinutes(1))
        .file(".frizz/threads/s-1/.groundskeeper-nudge.json", 10, Duration.ofMinutes(1));
    Verdict verdict = evaluate(THREADS, Events.start(Event.StartSource.COMPACT), files);
    assertThat(verdict.reason())
        .contains(".frizz/threads/s-1/ holds no notes of yours: there is nothing there to recover")
        .contains("Do not search other sessions' directories (.frizz/threads/*/)")
        .contains("Rebuild from the summary")
        .doesNotContain("theirs.md");
  }

  @Test
  void aFreshStartTeachesTheDirectoryOnce() {
    Verdict verdict = evaluate(THREADS, Events.start(Event.StartSource.STARTUP), fourNotes());
    assertThat(verdict.reason())
        .startsWith("Scratch directory: .frizz/threads/s-1/ is yours for working notes")
        .contains("nothing in it is read back to you automatically")
        .doesNotContain("approach.md").doesNotContain("scratch-shaped");
  }

  @Test
  void theSharedScratchDirectoryMentionsTheShapes() {
    Verdict verdict = evaluate(ScratchConfig.DEFAULTS, Events.start(Event.StartSource.STARTUP),
        new MemoryFiles());
    assertThat(verdict.reason())
        .startsWith("Scratch directory: untracked/scratch/ is yours")
        .contains("New files there need a scratch-shaped name (journal-*.md, brief-*.md");
    Verdict empty = evaluate(ScratchConfig.DEFAULTS, Events.start(Event.StartSource.COMPACT),
        new MemoryFiles());
    assertThat(empty.reason()).contains("Do not go through other sessions' files");
  }

  @Test
  void beforeACompactionItAsksTheSummaryToKeepThePaths() {
    Verdict verdict = evaluate(THREADS,
        new Event.PreCompact(Events.context(), Event.CompactTrigger.AUTO), fourNotes());
    assertThat(verdict.outcome()).isEqualTo(Outcome.ADVISE);
    assertThat(verdict.reason())
        .startsWith("Working notes for this session are kept in .frizz/threads/s-1/:")
        .contains("  - .frizz/threads/s-1/approach.md (1.5 KB)")
        .contains("name these paths so that the continuing session can open them");
    Verdict nothing = evaluate(THREADS,
        new Event.PreCompact(Events.context(), Event.CompactTrigger.AUTO), new MemoryFiles());
    assertThat(nothing.outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void aStartingSubagentIsToldToWriteItsOwnFile() {
    EventContext child = Events.context().withAgent("agent-7");
    Verdict verdict = evaluate(THREADS, new Event.SubagentStart(child, "general"), fourNotes());
    assertThat(verdict.reason())
        .contains(".frizz/threads/s-1/ is shared with the main agent")
        .contains("create a file of your own there")
        .contains("never edit, replace or delete a file another agent wrote");
  }

  @Test
  void aSessionIdThatIsNotOnePathSegmentIsNotJudged() {
    EventContext odd = EventContext.of("../escape", MemoryFiles.ROOT);
    assertThat(new OrientationRule(THREADS).evaluate(
        new Event.SessionStart(odd, Event.StartSource.COMPACT), fourNotes().facts()).outcome())
        .isEqualTo(Outcome.NOT_APPLICABLE);
  }

  @Test
  void controlBytesOfFileNamesAndSessionIdsAreEscapedBeforeTheyReachTheAgent() {
    MemoryFiles files = new MemoryFiles()
        .file(".frizz/threads/s\u001b[2J/a\u001b[31m.md", 10, Duration.ofMinutes(1));
    Event start = new Event.SessionStart(EventContext.of("s\u001b[2J", MemoryFiles.ROOT),
        Event.StartSource.COMPACT);
    Verdict verdict = evaluate(THREADS, start, files);
    assertThat(verdict.reason()).doesNotContain("\u001b")
        .contains(".frizz/threads/s\\x1b[2J/a\\x1b[31m.md (10 B)")
        .contains("your context was just compacted. You left these files in "
            + ".frizz/threads/s\\x1b[2J/ (newest first)");
  }

  @Test
  void outsideACheckoutNoSourceOffersTheFilesAndTheRuleDoesNotApply() {
    for (Event event : new Event[] {Events.start(Event.StartSource.STARTUP),
        Events.start(Event.StartSource.COMPACT)}) {
      RuleTester.of(new ScratchRules(), ScratchConfig.DEFAULTS, OrientationRule.ID)
          .withFacts(dev.groundskeeper.api.Facts.builder().build()).given(event)
          .expectNotApplicable();
    }
  }
}
