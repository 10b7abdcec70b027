package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.files.ContextUsage;
import dev.groundskeeper.api.files.FileEntry;
import dev.groundskeeper.api.files.FileFacts;
import dev.groundskeeper.api.files.NudgeState;
import dev.groundskeeper.api.files.WriteNudgeState;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code scratch.stale-notes} (seed 001): when the context has grown {@code stale_tokens} since
 * anything in the session's scratch directory last changed (or since the previous note, when
 * that came later), a short background note suggests
 * writing things down. It reads the transcript's tail for the context size, fires on prompt
 * submission and after tool calls alike through one shared state, and never blocks.
 */
final class StaleNotesRule implements Rule {

  static final String ID = "scratch.stale-notes";
  static final RuleInfo INFO = new RuleInfo(ID, "Stale scratch notes nudge",
      "A background note when the context grew past orientation.stale_tokens since the "
          + "newest write in the session's scratch directory; never blocks.",
      Mode.ON, Set.of(Event.PromptSubmitted.class, Event.CommandCompleted.class,
          Event.ToolCompleted.class),
      "rules/" + ID + ".md");

  private final ScratchConfig config;

  StaleNotesRule(ScratchConfig config) {
    this.config = config;
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    boolean reads = event instanceof Event.PromptSubmitted
        || event instanceof Event.CommandCompleted || event instanceof Event.ToolCompleted;
    Optional<Path> transcript = event.context().transcriptPath();
    if (!reads || transcript.isEmpty() || !event.context().isMainThread()) {
      return Verdict.notApplicable(ID);
    }
    Optional<SessionDirectory> found = SessionDirectory.of(config, event.context(), facts);
    if (found.isEmpty()) {
      return Verdict.notApplicable(ID);
    }
    Optional<ContextUsage> usage =
        facts.get(FileFacts.TRANSCRIPTS).latestUsage(transcript.get());
    if (usage.isEmpty()) {
      // Without a context size there is nothing to measure; silence is always safe here.
      return Verdict.allow(ID);
    }
    SessionDirectory directory = found.get();
    Optional<Instant> newest = directory.notes(facts).entries().stream()
        .map(FileEntry::modified).max(Instant::compareTo);
    Path stateFile = directory.nudgeStateFile(event.context().sessionId());
    Optional<NudgeState> previous = facts.get(FileFacts.NUDGE_STATES).read(stateFile);
    NudgeClock.Step step = NudgeClock.observe(previous, newest, usage.get().contextTokens(),
        config.orientation().staleTokens());
    List<Effect> effects = previous.equals(Optional.of(step.next())) ? List.of()
        : List.of(new WriteNudgeState(stateFile, step.next()));
    if (step.nudge().isEmpty()) {
      return Verdict.allow(ID).withEffects(effects);
    }
    String text = step.nudge().get() == NudgeClock.Kind.STALE
        ? OrientationTexts.staleNotes(directory, step.sinceWrite(), step.sinceNudge())
        : OrientationTexts.emptyNotes(directory, usage.get().contextTokens());
    return Verdict.advise(ID, text).withEffects(effects);
  }
}
