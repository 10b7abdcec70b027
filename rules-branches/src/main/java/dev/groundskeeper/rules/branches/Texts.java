package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.repo.BranchRecord;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Text pieces several branch rules share. */
final class Texts {

  private Texts() {}

  /**
   * What a reading creates, as the object of "Creating …": {@code the branch `x`}, {@code the
   * branches `a` and `b`}, {@code a branch through `git switch` whose name is only known when the
   * command runs}, {@code a branch for a sub-agent dispatched into its own worktree}, or
   * {@code a branch for the worktree `x` the runner creates}.
   */
  static String describe(Creations.Reading reading) {
    List<String> named = new ArrayList<>();
    List<String> phrases = new ArrayList<>();
    for (Creations.NewBranch branch : reading.branches()) {
      switch (branch.via()) {
        case COMMAND -> {
          if (branch.name().isPresent()) {
            named.add("`" + branch.name().get() + "`");
          } else {
            phrases.add("a branch through `" + branch.command() + "` whose name is only known"
                + " when the command runs");
          }
        }
        case DISPATCH -> phrases.add("a branch for a sub-agent dispatched into its own worktree");
        case RUNNER_WORKTREE -> phrases.add("a branch for the worktree `"
            + branch.name().orElse("") + "` the runner creates");
      }
    }
    if (!named.isEmpty()) {
      phrases.add(0, (named.size() == 1 ? "the branch " : "the branches ") + and(named));
    }
    return and(phrases);
  }

  /** {@code a}, {@code a and b}, {@code a, b and c}. */
  static String and(List<String> parts) {
    return parts.size() == 1 ? parts.get(0)
        : String.join(", ", parts.subList(0, parts.size() - 1)) + " and "
            + parts.get(parts.size() - 1);
  }

  /**
   * The loud section about idle branches whose commits no remote holds, with the command that
   * secures each; nothing when there are none.
   */
  static List<String> lostWork(List<BranchRecord> records, Instant now, Pushing pushing) {
    List<String> lines = new ArrayList<>();
    int more = 0;
    for (BranchRecord record : records) {
      if (!BranchLines.containedNowhere(record)) {
        continue;
      }
      if (lines.size() == BranchLines.MAX_LINES) {
        more++;
        continue;
      }
      lines.add("- " + record.name() + " (idle " + BranchLines.days(
          BranchLines.ageDays(record, now)) + ")"
          + pushing.command(record.name()).map(command -> ": " + command).orElse(""));
    }
    if (more > 0) {
      lines.add("... and " + more + " more (groundskeeper sweep lists them all)");
    }
    return lines;
  }

  static void appendLostWork(StringBuilder text, List<BranchRecord> records, Instant now,
      Pushing pushing) {
    List<String> lines = lostWork(records, now, pushing);
    if (!lines.isEmpty()) {
      text.append("\n\n").append(lostWorkHeading(pushing)).append('\n')
          .append(String.join("\n", lines));
    }
  }

  /** The heading of {@link #lostWork}: push now, or, with nowhere to push, what to do instead. */
  static String lostWorkHeading(Pushing pushing) {
    return pushing.possible() ? LOST_WORK_HEADING : LOST_WORK + " " + pushing.instead();
  }

  private static final String LOST_WORK = "LOST WORK RISK: these idle branches are CONTAINED"
      + " NOWHERE but in this clone.";

  static final String LOST_WORK_HEADING = LOST_WORK.substring(0, LOST_WORK.length() - 1)
      + "; push each one now:";
}
