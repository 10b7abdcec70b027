package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.files.FileEntry;
import dev.groundskeeper.api.files.FileFacts;
import dev.groundskeeper.api.files.ListingBudget;
import dev.groundskeeper.api.files.NudgeState;
import dev.groundskeeper.api.files.TreeLister;
import dev.groundskeeper.api.files.TreeListing;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * The scratch sweep (seed 000 section 6): which files under the roots need a decision. Pure over
 * {@link FileFacts#TREES} and {@link Facts#NOW}; the listing is bounded by
 * {@link ListingBudget#SWEEP}, never follows symbolic links, and does not enter registered
 * stores or linked worktrees.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class ScratchSweep {

  private static final Comparator<SweepReport.Item> OLDEST_FIRST =
      Comparator.comparing(SweepReport.Item::modified).thenComparing(SweepReport.Item::path);

  private ScratchSweep() {}

  /**
   * Scans every root, each within {@link ListingBudget#SWEEP}.
   *
   * @param config the {@code scratch:} block in force
   * @param facts the facts of the worktree to sweep; it reads the file trees and the clock
   * @return the report; incomplete, never wrong, for a root whose scan ran out of budget
   */
  public static SweepReport scan(ScratchConfig config, Facts facts) {
    return scan(config, facts, ListingBudget.SWEEP);
  }

  /**
   * Scans every root, each within {@code budget}.
   *
   * @param config the {@code scratch:} block in force
   * @param facts the facts of the worktree to sweep; it reads the file trees and the clock
   * @param budget the bound on the entries and time of each root's listing
   * @return the report; incomplete, never wrong, for a root whose scan ran out of budget
   */
  public static SweepReport scan(ScratchConfig config, Facts facts, ListingBudget budget) {
    TreeLister trees = facts.get(FileFacts.TREES);
    Instant now = facts.get(Facts.NOW);
    Optional<Instant> baseline = config.sweep().baseline();
    Instant staleBefore = now.minus(Duration.ofHours(config.sweep().maxAgeHours()));
    List<String> skipped = new ArrayList<>(config.allStores());
    config.spaces().parent().ifPresent(skipped::add);
    // Only the oldest max_listed are listed: keep them in a bounded heap, newest on top.
    int maxListed = config.sweep().maxListed();
    PriorityQueue<SweepReport.Item> oldest = new PriorityQueue<>(OLDEST_FIRST.reversed());
    List<String> incomplete = new ArrayList<>();
    int total = 0;
    int predating = 0;
    for (String root : config.roots()) {
      TreeListing listing = trees.list(Path.of(root), budget, prunedBelow(root, skipped));
      if (!listing.complete()) {
        incomplete.add(root);
      }
      for (FileEntry entry : listing.entries()) {
        String path = root + entry.path();
        if (!entry.isFileLike() || ownState(entry) || inAny(path, skipped)
            || ScratchPaths.place(path, config) == ScratchPaths.Placement.LINKED_WORKTREE) {
          continue;
        }
        if (baseline.isPresent() && entry.modified().isBefore(baseline.get())) {
          predating++;
          continue;
        }
        boolean inScratch = path.startsWith(config.directory());
        if (inScratch && !entry.modified().isBefore(staleBefore)) {
          continue;
        }
        total++;
        if (oldest.size() == maxListed && entry.modified().isAfter(oldest.peek().modified())) {
          continue;
        }
        SweepReport.Item item = new SweepReport.Item(path,
            inScratch ? SweepReport.Kind.STALE_SCRATCH : SweepReport.Kind.UNREGISTERED,
            entry.size(), entry.modified(), Duration.between(entry.modified(), now));
        if (oldest.size() < maxListed) {
          oldest.add(item);
        } else if (OLDEST_FIRST.compare(item, oldest.peek()) < 0) {
          oldest.poll();
          oldest.add(item);
        }
      }
    }
    List<SweepReport.Item> listed = new ArrayList<>(oldest);
    listed.sort(OLDEST_FIRST);
    return new SweepReport(listed, total, predating, baseline, incomplete);
  }

  /**
   * The report as text for an agent or a person, or empty when it is clean. Files that only
   * predate the baseline are the accepted backlog: they alone say nothing.
   *
   * @param report the sweep's report
   * @param config the {@code scratch:} block the report was made with
   * @return the text, with a way out per listed file and the total; empty when the report is
   *     {@link SweepReport#clean}
   */
  public static Optional<String> render(SweepReport report, ScratchConfig config) {
    if (report.clean()) {
      return Optional.empty();
    }
    StringBuilder text = new StringBuilder();
    String roots = String.join(", ", config.roots());
    if (report.total() == 0) {
      text.append("Scratch sweep: nothing under ").append(roots)
          .append(" needs a decision in the part that was scanned.");
    } else {
      text.append("Scratch sweep: ")
          .append(Texts.count(report.total(), "file", "files"))
          .append(" under ").append(roots).append(report.total() == 1 ? " needs" : " need")
          .append(" a decision. Scratch files are used up within a day; anything else under ")
          .append(roots).append(" outside the scratch directory ").append(config.directory())
          .append(" and the registered stores is work nobody will find again.");
      for (SweepReport.Item item : report.listed()) {
        String word = Texts.shellWord(item.path());
        text.append("\n- ").append(SafeText.escape(item.path())).append(" (")
            .append(why(item, config))
            .append(", ").append(Texts.age(item.age())).append(" old, ")
            .append(Texts.size(item.size())).append(")")
            .append("\n    use it now, then `rm -- ").append(word)
            .append("`; or move it to a tracked home and commit it; or delete it: `rm -- ")
            .append(word).append('`');
      }
      int unlisted = report.total() - report.listed().size();
      if (unlisted > 0) {
        text.append("\n…and ").append(unlisted).append(" more (")
            .append(report.total()).append(" in all).");
      }
      report.baseline().filter(b -> report.predatingBaseline() > 0).ifPresent(b ->
          text.append("\n").append(Texts.count(report.predatingBaseline(), "file", "files"))
              .append(" older than the baseline ").append(b)
              .append(" (scratch.sweep.baseline_before) are counted, not listed."));
      text.append("\nDecide file by file; nothing is removed for you.");
    }
    if (!report.complete()) {
      text.append("\nThe scan of ").append(String.join(", ", report.incompleteRoots()))
          .append(" stopped early (its entry count or time bound, or an unreadable directory):")
          .append(" this report is incomplete, and what was not scanned is not judged.");
    }
    return Optional.of(text.toString());
  }

  /** Why a file is listed, as the text and its finding both say it. */
  static String why(SweepReport.Item item, ScratchConfig config) {
    return item.kind() == SweepReport.Kind.STALE_SCRATCH
        ? "scratch file older than " + config.sweep().maxAgeHours() + " h"
        : "outside the scratch directory and every store";
  }

  /** The stores and spaces below {@code root}, relative to it, for the listing to skip. */
  private static Set<String> prunedBelow(String root, List<String> skipped) {
    Set<String> prune = new HashSet<>();
    for (String directory : skipped) {
      if (directory.startsWith(root) && directory.length() > root.length()) {
        prune.add(directory.substring(root.length(), directory.length() - 1));
      }
    }
    return prune;
  }

  private static boolean inAny(String path, List<String> directories) {
    for (String directory : directories) {
      if (path.startsWith(directory)) {
        return true;
      }
    }
    return false;
  }

  private static boolean ownState(FileEntry entry) {
    return entry.name().startsWith(NudgeState.FILE_PREFIX);
  }
}
