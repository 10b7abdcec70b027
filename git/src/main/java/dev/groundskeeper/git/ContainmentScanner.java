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
    Map<Marked, List<String>> found = new LinkedHashMap<>();
    Map<String, Marked> byName = new LinkedHashMap<>();
    for (String tip : tips) {
      Marked commit = history.walk.commit(ObjectId.fromString(tip));
      history.walk.headers(commit);
      byName.put(tip, commit);
      found.put(commit, new ArrayList<>());
    }
    boolean complete = history.complete();
    for (Map.Entry<String, ObjectId> ref : refs.entrySet()) {
      if (excluded.contains(ref.getKey())) {
        continue;
      }
      Marked start = peelToCommit(ref.getValue());
      if (start == null) {
        continue;
      }
      if (!walkRef(ref.getKey(), start, found)) {
        complete = false;
        break;
      }
    }
    Map<String, Containment> result = new LinkedHashMap<>();
    for (Map.Entry<String, Marked> tip : byName.entrySet()) {
      result.put(tip.getKey(), new Containment(tip.getKey(), found.get(tip.getValue()), complete));
    }
    return result;
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
