package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.repo.BranchRecord;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Text pieces several branch rules share. */
final class Texts {

  private Texts() {}

  /** {@code the branch feature/x}, {@code the branches a and b}, or the route of an unnamed one. */
  static String describe(Creations.Reading reading) {
    List<String> parts = new ArrayList<>();
    for (Creations.NewBranch branch : reading.branches()) {
      parts.add(branch.name().map(n -> "`" + n + "`")
          .orElse("a branch (" + branch.route() + ")"));
    }
    String joined = parts.size() == 1 ? parts.get(0)
        : String.join(", ", parts.subList(0, parts.size() - 1)) + " and "
            + parts.get(parts.size() - 1);
    return (reading.branches().size() == 1 ? "the branch " : "the branches ") + joined;
  }

  /**
   * The loud section about idle branches whose commits no remote holds, with the command that
   * secures each; nothing when there are none.
   */
  static List<String> lostWork(List<BranchRecord> records, Instant now, String remote) {
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
          BranchLines.ageDays(record, now)) + "): " + BranchLines.pushCommand(record, remote));
    }
    if (more > 0) {
      lines.add("... and " + more + " more (groundskeeper sweep lists them all)");
    }
    return lines;
  }

  static void appendLostWork(StringBuilder text, List<BranchRecord> records, Instant now,
      String remote) {
    List<String> lines = lostWork(records, now, remote);
    if (!lines.isEmpty()) {
      text.append("\n\n").append(LOST_WORK_HEADING).append('\n')
          .append(String.join("\n", lines));
    }
  }

  static final String LOST_WORK_HEADING = "LOST WORK RISK: these idle branches are CONTAINED"
      + " NOWHERE but in this clone; push each one now:";
}
