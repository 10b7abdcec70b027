package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Memo;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.api.repo.Dormancy;
import dev.groundskeeper.api.shell.ShellQuoting;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;

/**
 * How branches are described to agents and people: one line per branch with its state, age,
 * worktree and, for an idle branch, where its commits live; and the ordered list the cap and
 * dormancy refusals show.
 */
final class BranchLines {

  /** The most branch lines one message lists; the rest are counted. */
  static final int MAX_LINES = 20;

  private BranchLines() {}

  static long ageDays(BranchRecord branch, Instant now) {
    return Math.max(0, Duration.between(branch.lastCommit(), now).toDays());
  }

  /** {@code feature/x (merged into main; last commit 12 days ago; worktree /w/x)} */
  static String line(BranchRecord branch, Instant now) {
    return branch.name() + " (" + details(branch, now) + ")";
  }

  /** The line without the name: a finding already names its branch as its subject. */
  static String details(BranchRecord branch, Instant now) {
    StringBuilder text = new StringBuilder(label(branch));
    text.append("; last commit ").append(days(ageDays(branch, now))).append(" ago");
    branch.worktree().ifPresent(path -> text.append("; worktree ").append(path));
    return text.toString();
  }

  static String label(BranchRecord branch) {
    return switch (branch.state()) {
      case MERGED_INTO_DEFAULT -> "merged into the default branch";
      case MERGED_INTO_LINE -> "merged into an integration line";
      case PATCH_EQUIVALENT -> "its changes are already in the default branch or a line";
      case PARKED -> "parked: " + branch.park().map(p -> p.reason()).orElse("");
      case DORMANT -> branch.dormancy().map(BranchLines::dormancyLabel).orElse("idle");
      case LIVE -> "live";
      case EXEMPT -> "exempt";
      case DEFAULT -> "the default branch";
      case INTEGRATION_LINE -> "an integration line";
    };
  }

  static String dormancyLabel(Dormancy dormancy) {
    return "idle, " + stage(dormancy.stage()) + ", " + where(dormancy);
  }

  static String stage(Dormancy.Stage stage) {
    return switch (stage) {
      case ADVISORY -> "advisory stage";
      case NOISY -> "noisy stage";
      case BLOCK -> "blocking new branches";
    };
  }

  static String where(Dormancy dormancy) {
    return switch (dormancy.where()) {
      case IN_OTHER_REMOTE_REF -> "contained in " + String.join(", ", dormancy.containingRefs())
          + ": a cleanup candidate";
      case OWN_REMOTE_ONLY -> "pushed but unmerged: finish or park it";
      case NOWHERE -> "CONTAINED NOWHERE: no remote holds these commits";
    };
  }

  static String days(long days) {
    return days == 1 ? "1 day" : days + " days";
  }

  /**
   * The command that removes a finished branch. {@code git branch -d} accepts only a branch merged
   * into HEAD or its upstream, so one finished by content (squash, cherry-pick) or merged into an
   * integration line goes through {@code branch clean}, which proves it and keeps a recovery
   * bundle.
   */
  static String deleteCommand(BranchRecord branch, String remote) {
    if (branch.remoteOnly()) {
      // Whether the remote-delete guard will accept `git push --delete` needs a containment scan
      // this listing does not make; branch clean judges each copy as the hook does and lists it.
      return "groundskeeper branch clean --remote";
    }
    return branch.state() == BranchState.MERGED_INTO_DEFAULT
        ? "git branch -d " + word(branch.name()) : "groundskeeper branch clean --yes";
  }

  /**
   * The delete command of a branch only on the remote once the remote-delete guard's proof is
   * known: the push when a remote-tracking ref of the default branch or a line holds the tip,
   * else no command at all, since the guard refuses an agent's push there (a squash or rebase
   * merge is proven by content, which the remote's refs cannot show).
   */
  static String remoteDelete(BranchRecord branch, String remote, boolean provable) {
    return provable ? "git push " + word(remote) + " --delete " + word(branch.name())
        : "left on " + remote + " for a person to delete (its commits are in by content only,"
            + " which the remote-delete guard cannot prove, so an agent's push --delete is"
            + " refused)";
  }

  /** The command that secures commits no remote holds. */
  static String pushCommand(BranchRecord branch, String remote) {
    return pushCommand(branch.name(), remote);
  }

  /** The command that secures the commits of branch {@code name}. */
  static String pushCommand(String name, String remote) {
    return "git push -u " + word(remote) + " " + word(name);
  }

  /**
   * A name or path as one shell word. Git accepts branch names such as {@code a;rm -rf x} or
   * {@code x$(id)}, and an agent pastes the commands it is given.
   */
  static String word(String text) {
    return ShellQuoting.word(text);
  }

  /** True for a dormant branch whose commits no remote-tracking ref holds. */
  static boolean containedNowhere(BranchRecord branch) {
    return branch.dormancy().filter(d -> d.where() == Dormancy.Where.NOWHERE).isPresent();
  }

  /**
   * The open branches in the order a refusal shows them: finished ones first (cheapest to clear),
   * with their delete commands; then idle ones, longest idle first; then live and parked ones.
   * At most {@link #MAX_LINES} lines, then a count of the rest.
   */
  static List<String> openList(List<BranchRecord> open, Instant now, String remote,
      Facts facts) {
    return listLines(firstShown(open, facts), open.size(), now, remote);
  }

  /** The lines of the branches shown, then a count of the rest of {@code total}. */
  static List<String> listLines(List<BranchRecord> shown, int total, Instant now, String remote) {
    List<String> lines = new ArrayList<>();
    for (BranchRecord branch : shown) {
      String line = "- " + line(branch, now);
      if (branch.state().merged()) {
        line += ": " + deleteCommand(branch, remote);
      } else if (containedNowhere(branch)) {
        line += ": secure it with " + pushCommand(branch, remote);
      }
      lines.add(line);
    }
    if (total > shown.size()) {
      lines.add("... and " + (total - shown.size()) + " more (groundskeeper sweep lists"
          + " them all)");
    }
    return lines;
  }

  /** The order refusals list branches in. */
  static final Comparator<BranchRecord> LISTING =
      Comparator.comparingInt((BranchRecord b) -> rank(b.state()))
          .thenComparing(BranchRecord::lastCommit)
          .thenComparing(BranchRecord::name);

  /**
   * The first {@link #MAX_LINES} branches in {@link #LISTING} order, chosen without sorting them
   * all (a refusal over ten thousand branches shows twenty).
   */
  static List<BranchRecord> firstShown(List<BranchRecord> open, Facts facts) {
    return facts.memo().get(Memo.Key.pure(SHOWN, open), () -> choose(open));
  }

  static final String SHOWN = "branches.first-shown";

  private static List<BranchRecord> choose(List<BranchRecord> open) {
    PriorityQueue<BranchRecord> best = new PriorityQueue<>(MAX_LINES + 1, LISTING.reversed());
    for (BranchRecord record : open) {
      best.add(record);
      if (best.size() > MAX_LINES) {
        best.poll();
      }
    }
    List<BranchRecord> shown = new ArrayList<>(best);
    shown.sort(LISTING);
    return List.copyOf(shown);
  }

  private static int rank(BranchState state) {
    if (state.merged()) {
      return 0;
    }
    return switch (state) {
      case DORMANT -> 1;
      case LIVE -> 2;
      case PARKED -> 3;
      default -> 4;
    };
  }

  /** One finding per branch, its line as the detail. */
  static Finding finding(BranchRecord branch, Instant now) {
    return new Finding(Finding.Kind.BRANCH, branch.name(), details(branch, now));
  }

  static String lower(Enum<?> constant) {
    return constant.name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }
}
