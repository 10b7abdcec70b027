package dev.groundskeeper.rules.scratch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.testkit.RuleTester;
import dev.groundskeeper.api.files.NudgeState;
import dev.groundskeeper.api.files.WriteNudgeState;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class StaleNotesRuleTest {

  private static final Path STATE =
      MemoryFiles.ROOT.resolve("untracked/scratch/.groundskeeper-nudge-s-1.json");
  private final Rule rule = RuleTester.of(new ScratchRules(), ScratchConfig.DEFAULTS,
      StaleNotesRule.ID).rule();

  private static Event.PromptSubmitted prompt() {
    return new Event.PromptSubmitted(Events.withTranscript(), "go on");
  }

  private static Event.CommandCompleted afterBash() {
    return new Event.CommandCompleted(Events.withTranscript(), "ls", OptionalInt.of(0), false);
  }

  @Test
  void aFirstLookRecordsTheStateAndStaysQuiet() {
    MemoryFiles files = new MemoryFiles().usage(30_000)
        .file("untracked/scratch/journal-a.md", Duration.ofMinutes(3));
    Verdict verdict = rule.evaluate(prompt(), files.facts());
    assertThat(verdict.outcome()).isEqualTo(Outcome.ALLOW);
    Instant written = MemoryFiles.NOW.minus(Duration.ofMinutes(3));
    assertThat(verdict.effects()).containsExactly(
        new WriteNudgeState(STATE, new NudgeState(Optional.of(written), 30_000, 0)));
  }

  @Test
  void growthPastStaleTokensSinceTheNewestWriteNudgesOnceThenWaitsAnotherInterval() {
    Instant written = MemoryFiles.NOW.minus(Duration.ofMinutes(3));
    NudgeState seen = new NudgeState(Optional.of(written), 30_000, 0);
    MemoryFiles files = new MemoryFiles().usage(95_000).state(STATE, seen)
        .file("untracked/scratch/journal-a.md", Duration.ofMinutes(3));
    NudgeState nudged = new NudgeState(Optional.of(written), 30_000, 95_000);
    RuleTester.of(rule).given(afterBash()).withFacts(files.facts()).expectAdvise()
        .reasonContains("Background note: your context has grown about 65k tokens since "
            + "anything in untracked/scratch/ last changed.", "not a task and not a reason to pause")
        .effects(new WriteNudgeState(STATE, nudged));

    MemoryFiles later = new MemoryFiles().usage(120_000).state(STATE, nudged)
        .file("untracked/scratch/journal-a.md", Duration.ofMinutes(3));
    Verdict quiet = rule.evaluate(prompt(), later.facts());
    assertThat(quiet.outcome()).isEqualTo(Outcome.ALLOW);
    assertThat(quiet.effects()).isEmpty();
  }

  @Test
  void aSessionsOwnDirectoryKeepsOneStateFileAndTheSharedOneKeepsOnePerSession() {
    ScratchConfig threads = ScratchContract.THREADS;
    Rule own = new StaleNotesRule(threads);
    assertThat(own.evaluate(prompt(), new MemoryFiles().usage(1000).facts()).effects())
        .extracting(effect -> ((WriteNudgeState) effect).stateFile())
        .containsExactly(MemoryFiles.ROOT.resolve(".frizz/threads/s-1/.groundskeeper-nudge.json"));
    Event.PromptSubmitted odd = new Event.PromptSubmitted(
        dev.groundskeeper.api.EventContext.of("a/b c", MemoryFiles.ROOT)
            .withTranscript(Path.of("/t.jsonl")), "x");
    assertThat(rule.evaluate(odd, new MemoryFiles().usage(1000).facts()).effects())
        .extracting(effect -> ((WriteNudgeState) effect).stateFile())
        .containsExactly(MemoryFiles.ROOT.resolve(
            "untracked/scratch/.groundskeeper-nudge-a_b_c.json"));
  }

  @Test
  void anEmptyDirectoryCountsFromZero() {
    MemoryFiles files = new MemoryFiles().usage(61_000);
    Verdict verdict = rule.evaluate(prompt(), files.facts());
    assertThat(verdict.outcome()).isEqualTo(Outcome.ADVISE);
    assertThat(verdict.reason()).startsWith("Background note: this session is about 61k tokens "
        + "deep and untracked/scratch/ holds no notes.");
  }

  @Test
  void withoutAUsageOrATranscriptItStaysSilent() {
    assertThat(rule.evaluate(prompt(), new MemoryFiles().facts()).outcome())
        .isEqualTo(Outcome.ALLOW);
    Event.PromptSubmitted noTranscript = new Event.PromptSubmitted(Events.context(), "x");
    assertThat(rule.evaluate(noTranscript, new MemoryFiles().usage(500_000).facts()).outcome())
        .isEqualTo(Outcome.NOT_APPLICABLE);
  }

  @Test
  void subagentsAreLeftToTheMainThread() {
    Event.ToolCompleted child = new Event.ToolCompleted(
        Events.withTranscript().withAgent("a-1"), "Write");
    assertThat(rule.evaluate(child, new MemoryFiles().usage(500_000).facts()).outcome())
        .isEqualTo(Outcome.NOT_APPLICABLE);
  }

  @Test
  void theClockIsSharedSoEveryEventKindAdvancesTheSameState() {
    NudgeClock.Step first = NudgeClock.observe(Optional.empty(), Optional.empty(), 70_000, 60_000);
    assertThat(first.nudge()).contains(NudgeClock.Kind.EMPTY);
    NudgeClock.Step second = NudgeClock.observe(Optional.of(first.next()), Optional.empty(),
        100_000, 60_000);
    assertThat(second.nudge()).isEmpty();
    NudgeClock.Step third = NudgeClock.observe(Optional.of(second.next()), Optional.empty(),
        130_000, 60_000);
    assertThat(third.nudge()).contains(NudgeClock.Kind.EMPTY);
  }

  @Test
  void aWriteRestartsTheCountAndAShrunkContextRestartsItToo() {
    Instant t1 = Instant.parse("2026-11-20T10:00:00Z");
    Instant t2 = Instant.parse("2026-11-20T11:00:00Z");
    NudgeState state = new NudgeState(Optional.of(t1), 10_000, 0);
    NudgeClock.Step written = NudgeClock.observe(Optional.of(state), Optional.of(t2), 69_000,
        60_000);
    assertThat(written.nudge()).isEmpty();
    assertThat(written.next()).isEqualTo(new NudgeState(Optional.of(t2), 69_000, 0));
    NudgeClock.Step compacted = NudgeClock.observe(Optional.of(written.next()), Optional.of(t2),
        20_000, 60_000);
    assertThat(compacted.nudge()).isEmpty();
    assertThat(compacted.next().tokensAtWrite()).isEqualTo(20_000);
    NudgeClock.Step grown = NudgeClock.observe(Optional.of(compacted.next()), Optional.of(t2),
        80_000, 60_000);
    assertThat(grown.nudge()).contains(NudgeClock.Kind.STALE);
  }

  @Test
  void aSecondNudgeCountsFromTheNewestWriteAndSaysHowMuchCameSinceTheFirst() {
    Instant written = MemoryFiles.NOW.minus(Duration.ofHours(2));
    NudgeState nudged = new NudgeState(Optional.of(written), 1_000, 70_000);
    MemoryFiles files = new MemoryFiles().usage(140_000).state(STATE, nudged)
        .file("untracked/scratch/journal-a.md", Duration.ofHours(2));
    RuleTester.of(rule).given(prompt()).withFacts(files.facts()).expectAdvise()
        .reasonContains("your context has grown about 139k tokens since anything in "
            + "untracked/scratch/ last changed (about 70k of them since the last note like this "
            + "one).")
        .effects(new WriteNudgeState(STATE,
            new NudgeState(Optional.of(written), 1_000, 140_000)));
  }

  @Test
  void outsideACheckoutItStaysOut() {
    RuleTester.of(rule).given(prompt()).withFacts(dev.groundskeeper.api.Facts.builder().build())
        .expectNotApplicable();
  }
}
