package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.Event;
import java.util.OptionalLong;

/** The texts of scratch-directory orientation and of the stale-notes nudge. */
final class OrientationTexts {

  private OrientationTexts() {}

  static String firstStart(SessionDirectory directory, ScratchConfig config) {
    return "Scratch directory: " + directory.shown() + " is yours for working notes in this "
        + "session. Any file, any format; nothing in it is read back to you automatically. On "
        + "work long enough to lose its context, keep a short account there as you go (the "
        + "approach, what you rejected, the decisions made, what is verified and what is only "
        + "assumed, the next step), then keep working." + shapeHint(directory, config);
  }

  /**
   * In place of the invitation when git does not ignore the scratch directory: why no notes go
   * there yet, and the one command that ignores {@code root} in this clone only (git's
   * {@code info/exclude}, found wherever the checkout's git directory is).
   */
  static String notIgnored(SessionDirectory directory, String root) {
    String pattern = "/" + root;
    return "Scratch directory: git does not ignore " + directory.shown() + " in this repository,"
        + " so notes written there would show up as untracked files and could be committed"
        + " with the work. Write no notes there until it is ignored. To ignore " + root
        + " in this clone only, run: printf '%s\\n' " + dev.groundskeeper.api.shell.ShellQuoting.word(pattern)
        + " >> \"$(git rev-parse --git-path info/exclude)\" (or add " + pattern
        + " to .gitignore if the project wants it there).";
  }

  static String lostWithNotes(SessionDirectory directory, Event.StartSource source,
      SessionDirectory.Notes notes, ScratchConfig config) {
    return "Scratch directory: " + lost(source) + ". You left these "
        + "files in " + directory.shown() + " (newest first):"
        + notes.describe(directory.relative(), config.orientation().maxListed())
        + "\nBefore acting, read the ones that bear on the current work; what you wrote there "
        + "outranks what a summary implies." + afterCompaction(source);
  }

  static String lostAndEmpty(SessionDirectory directory, Event.StartSource source,
      ScratchConfig config) {
    String others = directory.perSession()
        ? "Do not search other sessions' directories (" + config.spaces().parent().orElseThrow()
            + "*/) for a substitute: they belong to other work."
        : "Do not go through other sessions' files for a substitute: they belong to other work.";
    return "Scratch directory: " + lost(source) + ", and "
        + directory.shown() + " holds no notes of yours: there is nothing there to recover. "
        + others + " Rebuild from the summary and what it names directly. If this work may "
        + "lose its context again, write down the approach and the decisions as you go."
        + afterCompaction(source);
  }

  static String beforeCompaction(SessionDirectory directory, SessionDirectory.Notes notes,
      ScratchConfig config) {
    return "Working notes for this session are kept in " + directory.shown() + ":"
        + notes.describe(directory.relative(), config.orientation().maxListed())
        + "\nThey are the agent's own account of the problem, the approach and the decisions. "
        + "Keep the substance of the work they describe in the summary, and name these paths "
        + "so that the continuing session can open them.";
  }

  static String subagent(SessionDirectory directory, ScratchConfig config) {
    return "Scratch directory: " + directory.shown() + " is shared with the main agent and "
        + "any other sub-agents. If you want notes on disk, create a file of your own there; "
        + "never edit, replace or delete a file another agent wrote." + shapeHint(directory,
        config);
  }

  /**
   * {@code sinceWrite}: growth since the newest write was first seen; {@code sinceNudge}: growth
   * since the previous note, when one came after that write.
   */
  static String staleNotes(SessionDirectory directory, long sinceWrite,
      OptionalLong sinceNudge) {
    String repeat = sinceNudge.isPresent()
        ? " (about " + thousands(sinceNudge.getAsLong()) + "k of them since the last note like "
            + "this one)"
        : "";
    return "Background note: your context has grown about " + thousands(sinceWrite)
        + "k tokens since anything in " + directory.shown() + " last changed" + repeat
        + ". If losing "
        + "your reasoning now would hurt, add a few lines there in passing: the approach, what "
        + "you rejected, the decisions made, what is verified and what is assumed. This is not "
        + "a task and not a reason to pause: carry on with what you were asked to do.";
  }

  static String emptyNotes(SessionDirectory directory, long tokens) {
    return "Background note: this session is about " + thousands(tokens) + "k tokens deep and "
        + directory.shown() + " holds no notes. That is fine for a direct task. If the work "
        + "is long or branching, a few lines on the approach and the decisions there will "
        + "survive a compaction. This is not a task and not a reason to pause: carry on with "
        + "what you were asked to do.";
  }

  /**
   * What just happened to the context. A resumed session gets its conversation back, but the
   * work may have moved on since; only a compaction or a clear loses what the agent knew.
   */
  private static String lost(Event.StartSource source) {
    switch (source) {
      case COMPACT:
        return "your context was just compacted";
      case CLEAR:
        return "your context was just cleared";
      default:
        return "this session was just resumed, and the files may have changed since you last "
            + "looked";
    }
  }

  private static String afterCompaction(Event.StartSource source) {
    return source == Event.StartSource.COMPACT
        ? " A summary that says the previous conversation ran out of context describes the "
            + "window that ended, not this one: you have room, so this is no reason to wind "
            + "down or hand off."
        : "";
  }

  /** When new files there must be scratch-shaped, say so before the first one is denied. */
  private static String shapeHint(SessionDirectory directory, ScratchConfig config) {
    ScratchPaths.Placement placement =
        ScratchPaths.place(directory.relative() + "notes.unknown-kind", config);
    if (!placement.judged()) {
      return "";
    }
    return " New files there need a scratch-shaped name (journal-*.md, brief-*.md, *.txt, "
        + "*.log, …); see " + ShapeRule.ID + ".";
  }

  private static long thousands(long tokens) {
    return Math.round(tokens / 1000.0);
  }
}
