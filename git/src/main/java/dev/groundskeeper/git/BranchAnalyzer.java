package dev.groundskeeper.git;

import dev.groundskeeper.api.repo.MergeJudgement;
import dev.groundskeeper.git.MarkedWalk.Marked;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.revwalk.filter.RevFilter;

/**
 * Judges branches against one {@link DefaultHistory}: a branch's own commits (those the default
 * lacks), ahead and behind, merged into a line, patch-equivalence ({@code git cherry} semantics)
 * and squash. Patch ids of the default's commits are indexed lazily, newest first, only as deep
 * as the oldest fork point asked about.
 */
final class BranchAnalyzer {

  private final DefaultHistory history;
  private final ObjectReader reader;
  private final PatchIds patchIds;
  private final CommitBodies bodies;
  private final ScanBudget budget;
  private final String defaultRef;

  private final Map<ObjectId, List<Marked>> index = new HashMap<>();
  private int nextToIndex;
  private boolean outsideIndexed;

  BranchAnalyzer(DefaultHistory history, ObjectReader reader, PatchIds patchIds, CommitBodies bodies,
      ScanBudget budget, String defaultRef) {
    this.history = history;
    this.reader = reader;
    this.patchIds = patchIds;
    this.bodies = bodies;
    this.budget = budget;
    this.defaultRef = defaultRef;
    this.nextToIndex = history.byPositionDescending.size() - 1;
  }

  /** The commits of a branch that the primary default lacks, and where they meet it. */
  record Own(Marked tip, int stamp, List<Marked> commits, List<Marked> frontier, boolean truncated) {

    boolean hasMerge() {
      return commits.stream().anyMatch(c -> c.getParentCount() > 1);
    }
  }

  Own own(ObjectId tipId) throws IOException {
    Marked tip = history.walk.commit(tipId);
    int s = history.nextStamp();
    List<Marked> commits = new ArrayList<>();
    List<Marked> frontier = new ArrayList<>();
    boolean truncated = !history.complete();
    ArrayDeque<Marked> stack = new ArrayDeque<>();
    stack.push(tip);
    while (!stack.isEmpty()) {
      Marked x = stack.pop();
      if (x.stamp == s) {
        continue;
      }
      x.stamp = s;
      if (x.inPrimary()) {
        frontier.add(x);
        continue;
      }
      if (!budget.visit() || !history.walk.headers(x)) {
        truncated = true;
        break;
      }
      commits.add(x);
      for (int p = 0; p < x.getParentCount(); p++) {
        stack.push(x.parent(p));
      }
    }
    return new Own(tip, s, commits, frontier, truncated);
  }

  /** Commits of the branch not on the default, park bookkeeping not counted. */
  OptionalInt ahead(Own own) throws IOException {
    if (own.truncated()) {
      return OptionalInt.empty();
    }
    int count = 0;
    for (Marked c : own.commits()) {
      if (!bodies.isParkBookkeeping(c)) {
        count++;
      }
    }
    return OptionalInt.of(count);
  }

  /**
   * The chain position the branch forked at (its merge base with the primary default), the chain
   * length when it shares no history, or -1 when a fork point lies off the chain.
   */
  int forkPosition(Own own) {
    int min = history.chain.size();
    for (Marked f : own.frontier()) {
      if (!f.onChain) {
        return -1;
      }
      min = Math.min(min, f.position);
    }
    return min;
  }

  OptionalInt behind(Own own) throws IOException {
    if (own.truncated()) {
      return OptionalInt.empty();
    }
    int k = forkPosition(own);
    if (k >= 0) {
      return OptionalInt.of(history.size() - (k < history.chain.size() ? history.ancestors[k] : 0));
    }
    // A fork point off the first-parent chain: count what the fork points reach, the slow way.
    int s = history.nextStamp();
    int reached = 0;
    ArrayDeque<Marked> stack = new ArrayDeque<>(own.frontier());
    while (!stack.isEmpty()) {
      Marked x = stack.pop();
      if (x.stamp == s || !x.inPrimary()) {
        continue;
      }
      x.stamp = s;
      if (!budget.visit()) {
        return OptionalInt.empty();
      }
      reached++;
      for (int p = 0; p < x.getParentCount(); p++) {
        stack.push(x.parent(p));
      }
    }
    return OptionalInt.of(history.size() - reached);
  }

  /** The integration lines (indexes) whose tips reach the branch tip. */
  long linesHolding(Marked tip) {
    return tip.lines;
  }

  /**
   * Every commit of the branch (park bookkeeping aside) has a commit with the same patch id on the
   * target side: the default's commits the branch lacks, or a line's ({@code line >= 0}).
   */
  MergeJudgement patchEquivalence(Own own, int line, String target) throws IOException {
    if (own.truncated()) {
      return MergeJudgement.notProven(target, budget.describe());
    }
    if (own.hasMerge()) {
      return MergeJudgement.notMerged(target, "the branch holds a merge commit; content is judged on linear branches only");
    }
    int fork = forkPosition(own);
    if (!indexUpTo(fork)) {
      return MergeJudgement.notProven(target, budget.describe());
    }
    int counted = 0;
    for (Marked c : own.commits()) {
      if (bodies.isParkBookkeeping(c)) {
        continue;
      }
      counted++;
      if (!budget.inTime()) {
        return MergeJudgement.notProven(target, budget.describe());
      }
      Optional<ObjectId> id = patchIds.ofCommit(c, reader);
      if (id.isEmpty() || !hasTargetSideMatch(id.get(), own, fork, line)) {
        return MergeJudgement.notMerged(target, "commit " + c.name() + " has no equivalent on the target");
      }
    }
    if (counted == 0) {
      return MergeJudgement.notMerged(target, "the branch has no commit of its own to compare");
    }
    return MergeJudgement.merged(target, MergeJudgement.Method.PATCH_EQUIVALENCE,
        "every one of " + counted + " commit(s) has a patch-equal commit on " + target);
  }

  /** The branch's whole diff from its merge base equals one target-side commit's (a squash). */
  MergeJudgement squash(Own own, String target) throws IOException {
    if (own.truncated()) {
      return MergeJudgement.notProven(target, budget.describe());
    }
    if (own.frontier().isEmpty()) {
      return MergeJudgement.notMerged(target, "the branch shares no history with the default");
    }
    int fork = forkPosition(own);
    RevCommit base;
    if (fork >= 0 && fork < history.chain.size()) {
      base = history.chain.get(fork);
    } else {
      Optional<RevCommit> found = mergeBase(own.tip(), history.primary);
      if (found.isEmpty()) {
        return MergeJudgement.notMerged(target, "no merge base with the default");
      }
      base = found.get();
    }
    if (!indexUpTo(fork) || !budget.inTime()) {
      return MergeJudgement.notProven(target, budget.describe());
    }
    ObjectId squashed = PatchIds.ofDiff(bodies.commit(base).getTree(), bodies.commit(own.tip()).getTree(), reader);
    if (squashed.equals(ObjectId.zeroId())) {
      return MergeJudgement.notMerged(target, "the branch changes nothing overall");
    }
    if (hasTargetSideMatch(squashed, own, fork, -1)) {
      return MergeJudgement.merged(target, MergeJudgement.Method.SQUASH,
          "its whole diff since " + base.name() + " equals one commit on " + target);
    }
    return MergeJudgement.notMerged(target, "no commit on the target equals the branch's whole diff");
  }

  private boolean hasTargetSideMatch(ObjectId patchId, Own own, int fork, int line) throws IOException {
    List<Marked> candidates = index.get(patchId);
    if (candidates == null) {
      return false;
    }
    for (Marked c : candidates) {
      if (line >= 0) {
        if ((c.lines & (1L << line)) != 0 && c.stamp != own.stamp()) {
          return true;
        }
        continue;
      }
      if (c.inPrimary()) {
        boolean targetSide = fork >= 0 ? c.position < fork : !isAncestor(c, own.tip());
        if (targetSide) {
          return true;
        }
      } else if (c.secondary && c.stamp != own.stamp()) {
        return true;
      }
    }
    return false;
  }

  /** Indexes the primary's commits newer than chain position {@code fork} (all when -1). */
  private boolean indexUpTo(int fork) throws IOException {
    List<Marked> commits = history.byPositionDescending;
    while (nextToIndex >= 0 && (fork < 0 || commits.get(nextToIndex).position < fork)) {
      if (!budget.inTime()) {
        return false;
      }
      add(commits.get(nextToIndex--));
    }
    if (!outsideIndexed) {
      for (Marked c : history.outsidePrimary) {
        if (!budget.inTime()) {
          return false;
        }
        add(c);
      }
      outsideIndexed = true;
    }
    return true;
  }

  private void add(Marked c) throws IOException {
    Optional<ObjectId> id = patchIds.ofCommit(c, reader);
    id.ifPresent(pid -> index.computeIfAbsent(pid, k -> new ArrayList<>(1)).add(c));
  }

  private boolean isAncestor(RevCommit candidate, RevCommit tip) throws IOException {
    try (RevWalk walk = new RevWalk(reader)) {
      return walk.isMergedInto(walk.parseCommit(candidate), walk.parseCommit(tip));
    }
  }

  private Optional<RevCommit> mergeBase(RevCommit a, RevCommit b) throws IOException {
    try (RevWalk walk = new RevWalk(reader)) {
      walk.setRevFilter(RevFilter.MERGE_BASE);
      walk.markStart(walk.parseCommit(a));
      walk.markStart(walk.parseCommit(b));
      return Optional.ofNullable(walk.next());
    }
  }

  String defaultRef() {
    return defaultRef;
  }
}
