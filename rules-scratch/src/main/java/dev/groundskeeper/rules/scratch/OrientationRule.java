package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import java.util.Optional;
import java.util.Set;

/**
 * {@code scratch.orientation} (seed 001): keeps the agent aware of its scratch directory. At a
 * fresh start it says once what the directory is for; after a compaction, resume or clear it
 * names the files there (names and sizes, never content) or says plainly that there are none;
 * before a compaction it asks the summary to keep their paths; a starting sub-agent is told to
 * write its own file. It only ever advises.
 */
final class OrientationRule implements Rule {

  static final String ID = "scratch.orientation";
  static final RuleInfo INFO = new RuleInfo(ID, "Scratch-directory orientation",
      "Names the session's scratch files after lost context, keeps their paths through a "
          + "compaction, and tells sub-agents to write their own files.",
      Mode.ON, Set.of(Event.SessionStart.class, Event.PreCompact.class,
          Event.SubagentStart.class),
      "rules/" + ID + ".md");

  private final ScratchConfig config;

  OrientationRule(ScratchConfig config) {
    this.config = config;
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    if (!(event instanceof Event.SessionStart || event instanceof Event.PreCompact
        || event instanceof Event.SubagentStart)) {
      return Verdict.notApplicable(ID);
    }
    Optional<SessionDirectory> found = SessionDirectory.of(config, event.context(), facts);
    if (found.isEmpty()) {
      return Verdict.notApplicable(ID);
    }
    SessionDirectory directory = found.get();
    // An agent told to keep notes in a directory git does not ignore would fill the repository
    // with untracked files that end up committed: that directory is never recommended.
    Optional<String> tracked = event instanceof Event.PreCompact ? Optional.empty()
        : notIgnored(directory, facts);
    if (event instanceof Event.SubagentStart) {
      return Verdict.advise(ID, tracked.isPresent()
          ? OrientationTexts.notIgnored(directory, tracked.get())
          : OrientationTexts.subagent(directory, config));
    }
    SessionDirectory.Notes notes = directory.notes(facts);
    if (event instanceof Event.PreCompact) {
      return notes.entries().isEmpty() ? Verdict.allow(ID)
          : Verdict.advise(ID, OrientationTexts.beforeCompaction(directory, notes, config));
    }
    Event.StartSource source = ((Event.SessionStart) event).source();
    if (!source.lostContext()) {
      return Verdict.advise(ID, tracked.isPresent()
          ? OrientationTexts.notIgnored(directory, tracked.get())
          : OrientationTexts.firstStart(directory, config));
    }
    String text = notes.entries().isEmpty()
        ? OrientationTexts.lostAndEmpty(directory, source, config)
        : OrientationTexts.lostWithNotes(directory, source, notes, config);
    return Verdict.advise(ID, tracked.map(root -> text + "\n"
        + OrientationTexts.notIgnored(directory, root)).orElse(text));
  }

  /**
   * The directory to ignore when git does not ignore the scratch directory: its configured root
   * ({@code untracked/}), else the directory itself. Empty when git ignores it, and when git
   * cannot say (no checkout, an older source without the fact): then nothing is claimed.
   */
  private Optional<String> notIgnored(SessionDirectory directory, Facts facts) {
    Optional<dev.groundskeeper.api.repo.IgnoreProbe> probe;
    try {
      probe = facts.find(dev.groundskeeper.api.repo.RepoFacts.IGNORED);
    } catch (dev.groundskeeper.api.FactUnavailableException e) {
      return Optional.empty();
    }
    if (probe.isEmpty()) {
      return Optional.empty();
    }
    String relative = directory.relative().endsWith("/") ? directory.relative()
        : directory.relative() + "/";
    try {
      if (probe.get().ignored(relative + "notes.md")) {
        return Optional.empty();
      }
    } catch (dev.groundskeeper.api.FactUnavailableException e) {
      return Optional.empty();
    }
    Optional<String> root = Optional.ofNullable(ScratchPaths.rootOf(relative + "notes.md",
        config.roots()));
    // one session's own space is one of many: ignoring their parent keeps every later one out
    return Optional.of(root.or(() -> directory.perSession() ? config.spaces().parent()
        : Optional.empty()).orElse(relative));
  }
}
