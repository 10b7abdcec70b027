package dev.groundskeeper.git;

import dev.groundskeeper.api.repo.Containment;
import dev.groundskeeper.git.MarkedWalk.Marked;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.jgit.errors.IncorrectObjectTypeException;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.revwalk.RevObject;

/**
 * Which refs contain which commits, for many commits in one pass over the refs. Each ref is walked
 * only down to the default branch's history (a commit outside that history can only be reached
 * through commits outside it); a commit inside it is decided from chain positions.
 */
final class ContainmentScanner {

  private final DefaultHistory history;
  private final ObjectReader reader;
  private final ScanBudget budget;

  ContainmentScanner(DefaultHistory history, ObjectReader reader, ScanBudget budget) {
    this.history = history;
    this.reader = reader;
    this.budget = budget;
  }

  Map<String, Containment> scan(Collection<String> tips, Map<String, ObjectId> refs, Set<String> excluded)
      throws IOException {
    return resume(tips, refs, excluded, Map.of()).containment();
  }

  /**
   * How far a scan got for one tip: the first {@code walked} refs, in the scan's order, are
   * walked, and these refs of them hold the tip. Only meaningful for the same refs in the same
   * order, and only when the default branch's history was read in full (a walk over a partial
   * history can miss a holder, and a miss must not be carried forward).
   */
  record Progress(int walked, List<String> holders) {
    Progress {
      holders = List.copyOf(holders);
    }
  }

  /**
   * What a scan that may continue earlier ones found: each tip's containment, and, where the
   * history was read in full, how far it got for each tip.
   */
  record Resumed(Map<String, Containment> containment, Map<String, Progress> progress) {}

  /**
   * {@link #scan}, continuing from {@code prior}: each tip skips the refs a previous scan already
   * walked for it and starts from the holders found then, so a scan larger than one budget
   * finishes over several readings instead of starting over each time. Refs are walked in
   * {@code refs}'s iteration order, which must be the order {@code prior} was made in.
   */
  Resumed resume(Collection<String> tips, Map<String, ObjectId> refs, Set<String> excluded,
      Map<String, Progress> prior) throws IOException {
    boolean historyComplete = history.complete();
    Map<Marked, List<String>> found = new LinkedHashMap<>();
    Map<String, Marked> byName = new LinkedHashMap<>();
    Map<Marked, Integer> walked = new LinkedHashMap<>();
    for (String tip : tips) {
      Marked commit = history.walk.commit(ObjectId.fromString(tip));
      history.walk.headers(commit);
      byName.put(tip, commit);
      Progress earlier = historyComplete ? prior.get(tip) : null;
      found.putIfAbsent(commit, new ArrayList<>(earlier == null ? List.of() : earlier.holders()));
      walked.merge(commit, earlier == null ? 0 : earlier.walked(), Math::min);
    }
    int index = 0;
    for (Map.Entry<String, ObjectId> ref : refs.entrySet()) {
      int position = index++;
      Map<Marked, List<String>> needing = new LinkedHashMap<>();
      found.forEach((commit, holders) -> {
        if (walked.get(commit) <= position) {
          needing.put(commit, holders);
        }
      });
      if (needing.isEmpty() || excluded.contains(ref.getKey())) {
        needing.keySet().forEach(commit -> walked.put(commit, position + 1));
        continue;
      }
      Marked start = peelToCommit(ref.getValue());
      if (start != null && !walkRef(ref.getKey(), start, needing)) {
        break; // the budget is spent: what was walked so far is kept in the progress
      }
      needing.keySet().forEach(commit -> walked.put(commit, position + 1));
    }
    Map<String, Containment> result = new LinkedHashMap<>();
    Map<String, Progress> progress = new LinkedHashMap<>();
    for (Map.Entry<String, Marked> tip : byName.entrySet()) {
      Marked commit = tip.getValue();
      boolean done = historyComplete && walked.get(commit) >= refs.size();
      result.put(tip.getKey(), new Containment(tip.getKey(), found.get(commit), done));
      if (historyComplete) {
        progress.put(tip.getKey(), new Progress(walked.get(commit), found.get(commit)));
      }
    }
    return new Resumed(result, progress);
  }

  private boolean walkRef(String refName, Marked start, Map<Marked, List<String>> found) throws IOException {
    int s = history.nextStamp();
    List<Marked> primaryTips = new ArrayList<>();
    for (Marked tip : found.keySet()) {
      if (tip.inPrimary()) {
        primaryTips.add(tip);
      }
    }
    List<Marked> entries = new ArrayList<>();
    ArrayDeque<Marked> stack = new ArrayDeque<>();
    stack.push(start);
    while (!stack.isEmpty()) {
      Marked x = stack.pop();
      if (x.stamp == s) {
        continue;
      }
      x.stamp = s;
      List<String> holders = found.get(x);
      if (holders != null && !holders.contains(refName)) {
        holders.add(refName);
      }
      if (x.inPrimary()) {
        entries.add(x); // everything below is the default's history: decided below, in one walk
        continue;
      }
      if (!budget.visit()) {
        return false;
      }
      if (!history.walk.headers(x)) {
        continue;
      }
      for (int p = 0; p < x.getParentCount(); p++) {
        stack.push(x.parent(p));
      }
    }
    if (primaryTips.isEmpty() || entries.isEmpty()) {
      return true;
    }
    // What the ref holds of the default's history: the ancestry of the newest chain commit its
    // entry points reach (ancestry sets of chain commits are nested), plus the off-chain commits
    // walked on the way down to the chain. One walk per ref, for all the tips at once: a
    // RevWalk per tip and ref cost minutes on a few hundred merged branches.
    int chainPosition = history.chain.size();
    int r = history.nextStamp();
    ArrayDeque<Marked> offChain = new ArrayDeque<>(entries);
    while (!offChain.isEmpty()) {
      Marked x = offChain.pop();
      if (x.onChain) {
        chainPosition = Math.min(chainPosition, x.position);
        continue;
      }
      if (x.reach == r || x.position >= chainPosition) {
        continue; // already walked, or under a chain commit the ref already holds
      }
      x.reach = r;
      if (!budget.visit()) {
        return false;
      }
      for (int p = 0; p < x.getParentCount(); p++) {
        offChain.push(x.parent(p));
      }
    }
    for (Marked tip : primaryTips) {
      if (tip.position >= chainPosition || tip.reach == r) {
        List<String> tipHolders = found.get(tip);
        if (!tipHolders.contains(refName)) {
          tipHolders.add(refName);
        }
      }
    }
    return true;
  }

  private Marked peelToCommit(ObjectId id) throws IOException {
    try {
      RevObject object = history.walk.peel(history.walk.parseAny(id));
      if (object instanceof Marked commit) {
        return commit;
      }
      return null;
    } catch (MissingObjectException | IncorrectObjectTypeException e) {
      return null;
    }
  }
}
