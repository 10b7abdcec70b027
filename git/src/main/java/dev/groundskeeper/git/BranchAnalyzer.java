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

  /** The default's (and lines') commits by the paths they change. */
  private final Map<String, List<Marked>> index = new HashMap<>();
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
   * What a branch's fork points reach of the primary's history: everything chain commit
   * {@code chainPosition} reaches, plus the off-chain commits marked with {@code stamp} (in
   * {@link Marked#reach}) whose position is newer. Fork points all on the chain mark nothing
   * ({@code stamp} -1).
   */
  record Reach(int chainPosition, int stamp, int offChainNewer) {

    /** Whether {@code c}, a commit of the primary's history, is an ancestor of the branch. */
    boolean holds(Marked c) {
      return c.position >= chainPosition || c.reach == stamp;
    }
  }

  Reach reach(Own own) throws IOException {
    int k = history.chain.size();
    ArrayDeque<Marked> offChain = new ArrayDeque<>();
    for (Marked f : own.frontier()) {
      if (f.onChain) {
        k = Math.min(k, f.position);
      } else {
        offChain.push(f);
      }
    }
    if (offChain.isEmpty()) {
      return new Reach(k, -1, 0);
    }
    // Fork points off the first-parent chain (a merged side branch): walk off-chain commits down
    // to the chain; everything below a chain commit is that chain commit's ancestry.
    int s = history.nextStamp();
    List<Marked> visited = new ArrayList<>();
    while (!offChain.isEmpty()) {
      Marked x = offChain.pop();
      if (x.reach == s) {
        continue;
      }
      if (x.onChain) {
        k = Math.min(k, x.position);
        continue;
      }
      x.reach = s;
      visited.add(x);
      if (!budget.visit()) {
        return null;
      }
      for (int p = 0; p < x.getParentCount(); p++) {
        Marked parent = x.parent(p);
        if (parent.inPrimary()) {
          offChain.push(parent);
        }
      }
    }
    int newer = 0;
    for (Marked v : visited) {
      if (v.position < k) {
        newer++;
      }
    }
    return new Reach(k, s, newer);
  }

  OptionalInt behind(Own own) throws IOException {
    if (own.truncated()) {
      return OptionalInt.empty();
    }
    Reach reach = reach(own);
    if (reach == null) {
      return OptionalInt.empty();
    }
    int k = reach.chainPosition();
    int held = (k < history.chain.size() ? history.ancestors[k] : 0) + reach.offChainNewer();
    return OptionalInt.of(history.size() - held);
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
    Reach reach = reach(own);
    if (reach == null || !indexUpTo(reach.chainPosition())) {
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
      if (id.isEmpty() || !hasTargetSideMatch(patchIds.pathsOfCommit(c, reader), id.get(), own, reach, line)) {
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
    Reach reach = reach(own);
    if (reach == null) {
      return MergeJudgement.notProven(target, budget.describe());
    }
    int fork = reach.chainPosition();
    RevCommit base;
    if (reach.stamp() == -1 && fork < history.chain.size()) {
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
    ObjectId baseTree = bodies.commit(base).getTree();
    ObjectId tipTree = bodies.commit(own.tip()).getTree();
    String paths = PatchIds.paths(baseTree, tipTree, reader);
    if (paths.isEmpty()) {
      return MergeJudgement.notMerged(target, "the branch changes nothing overall");
    }
    List<Marked> candidates = index.get(paths);
    ObjectId squashed = candidates == null ? null : PatchIds.ofDiff(baseTree, tipTree, reader);
    if (squashed != null && hasTargetSideMatch(paths, squashed, own, reach, -1)) {
      return MergeJudgement.merged(target, MergeJudgement.Method.SQUASH,
          "its whole diff since " + base.name() + " equals one commit on " + target);
    }
    return MergeJudgement.notMerged(target, "no commit on the target equals the branch's whole diff");
  }

  /**
   * A commit on the target side (not an ancestor of the branch) that changes the same paths and
   * has the same patch id. Commits are indexed by the paths they change (a tree diff, no blob
   * read); the full patch id is computed only for those candidates.
   */
  private boolean hasTargetSideMatch(String paths, ObjectId patchId, Own own, Reach reach, int line)
      throws IOException {
    List<Marked> candidates = index.get(paths);
    if (candidates == null) {
      return false;
    }
    for (Marked c : candidates) {
      boolean targetSide;
      if (line >= 0) {
        targetSide = (c.lines & (1L << line)) != 0 && c.stamp != own.stamp();
      } else if (c.inPrimary()) {
        targetSide = !reach.holds(c);
      } else {
        targetSide = c.secondary && c.stamp != own.stamp();
      }
      if (targetSide && patchIds.ofCommit(c, reader).filter(patchId::equals).isPresent()) {
        return true;
      }
    }
    return false;
  }

  /** Indexes the primary's commits newer than chain position {@code fork}. */
  private boolean indexUpTo(int fork) throws IOException {
    List<Marked> commits = history.byPositionDescending;
    while (nextToIndex >= 0 && commits.get(nextToIndex).position < fork) {
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
    if (c.getParentCount() > 1) {
      return; // git cherry leaves merges out
    }
    index.computeIfAbsent(patchIds.pathsOfCommit(c, reader), k -> new ArrayList<>(1)).add(c);
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
