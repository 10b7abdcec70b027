package dev.groundskeeper.git;

import dev.groundskeeper.git.MarkedWalk.Marked;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.lib.ObjectId;

/**
 * The default branch's history, walked once for all branches. Every commit reachable from the
 * primary default tip gets the position of the oldest commit on the primary's first-parent chain
 * whose ancestry holds it. Ancestry sets of chain commits are then nested, so "is X an ancestor
 * of the default" is a field read, and "how many default commits does a branch forked at chain
 * position k lack" is a subtraction. Commits reachable only from the secondary tip (the remote
 * copy when the local default is primary, or the reverse) and from integration lines are marked
 * too.
 */
final class DefaultHistory {

  final MarkedWalk walk;
  final Marked primary;
  /** Chain commits, position 0 (the primary tip) first. */
  final List<Marked> chain = new ArrayList<>();
  /** {@code ancestors[k]}: how many commits chain commit k reaches (itself included). */
  int[] ancestors = new int[0];
  /** Primary's commits in order of position, newest (position 0) last; walked lazily for ids. */
  final List<Marked> byPositionDescending = new ArrayList<>();
  /** Commits reachable from the secondary tip or a line but not from the primary. */
  final List<Marked> outsidePrimary = new ArrayList<>();
  final List<String> lineRefs = new ArrayList<>();
  private int stamp;
  private boolean complete = true;
  private String incompleteWhy = "";

  private DefaultHistory(MarkedWalk walk, Marked primary) {
    this.walk = walk;
    this.primary = primary;
  }

  /** A fresh mark for one traversal, so traversals need no visited sets. */
  int nextStamp() {
    return ++stamp;
  }

  boolean complete() {
    return complete;
  }

  String incompleteWhy() {
    return incompleteWhy;
  }

  int size() {
    return ancestors.length == 0 ? 0 : ancestors[0];
  }

  static DefaultHistory build(MarkedWalk walk, ObjectId primaryId, ObjectId secondaryId,
      List<String> lineRefNames, List<ObjectId> lineTips, ScanBudget budget) throws IOException {
    DefaultHistory history = new DefaultHistory(walk, walk.commit(primaryId));
    history.walkPrimary(budget);
    if (secondaryId != null && !secondaryId.equals(primaryId)) {
      history.markOutside(walk.commit(secondaryId), budget, -1);
    }
    for (int j = 0; j < lineTips.size() && j < Long.SIZE; j++) {
      history.lineRefs.add(lineRefNames.get(j));
      history.markOutside(walk.commit(lineTips.get(j)), budget, j);
    }
    if (lineTips.size() > Long.SIZE) {
      history.incomplete("more than " + Long.SIZE + " integration-line refs; the rest were not read");
    }
    return history;
  }

  private void incomplete(String why) {
    if (complete) {
      complete = false;
      incompleteWhy = why;
    }
  }

  private void walkPrimary(ScanBudget budget) throws IOException {
    for (Marked c = primary; c != null; ) {
      if (!walk.headers(c)) {
        incomplete("history is cut (a shallow clone or a missing object)");
        break;
      }
      chain.add(c);
      c.onChain = true;
      c = c.getParentCount() > 0 ? c.parent(0) : null;
    }
    int[] counts = new int[chain.size()];
    ArrayDeque<Marked> stack = new ArrayDeque<>();
    for (int k = chain.size() - 1; k >= 0; k--) {
      stack.push(chain.get(k));
      while (!stack.isEmpty()) {
        Marked x = stack.pop();
        if (x.inPrimary()) {
          continue;
        }
        if (!budget.visit()) {
          incomplete(budget.describe());
          return;
        }
        if (!walk.headers(x)) {
          incomplete("history is cut (a shallow clone or a missing object)");
          continue;
        }
        x.position = k;
        counts[k]++;
        byPositionDescending.add(x);
        for (int p = 0; p < x.getParentCount(); p++) {
          Marked parent = x.parent(p);
          if (!parent.inPrimary()) {
            stack.push(parent);
          }
        }
      }
    }
    ancestors = new int[chain.size()];
    int total = 0;
    for (int k = chain.size() - 1; k >= 0; k--) {
      total += counts[k];
      ancestors[k] = total;
    }
  }

  /** Marks commits reachable from {@code tip} outside the primary's ancestry: secondary or line j. */
  private void markOutside(Marked tip, ScanBudget budget, int line) throws IOException {
    ArrayDeque<Marked> stack = new ArrayDeque<>();
    stack.push(tip);
    while (!stack.isEmpty()) {
      Marked x = stack.pop();
      if (x.inPrimary() || (line < 0 ? x.secondary : (x.lines & (1L << line)) != 0)) {
        continue;
      }
      if (!budget.visit()) {
        incomplete(budget.describe());
        return;
      }
      if (!walk.headers(x)) {
        incomplete("history is cut (a shallow clone or a missing object)");
        continue;
      }
      if (!x.secondary && x.lines == 0) {
        outsidePrimary.add(x);
      }
      if (line < 0) {
        x.secondary = true;
      } else {
        x.lines |= 1L << line;
      }
      for (int p = 0; p < x.getParentCount(); p++) {
        stack.push(x.parent(p));
      }
    }
  }
}
