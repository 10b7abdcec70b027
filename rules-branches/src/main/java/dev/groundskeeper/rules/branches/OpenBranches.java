package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.repo.BranchTip;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The number the WIP cap compares: work branches (not the default, not a line, not exempt), over
 * local branches and, when counted, the remote's; names that share a tip count once, and a name
 * counts once whatever its local and remote tips are. Parked and merged-but-undeleted branches
 * count: deleting finished branches is how the count goes down.
 */
final class OpenBranches {

  private final Set<String> names;
  private final int count;
  /** Every work name of the reading, counted or not: a name among them is not a new branch. */
  private final Set<String> known;
  /** Each name's group: names sharing a tip, directly or through other names. */
  private final Map<String, String> groupOf;

  private OpenBranches(Set<String> names, int count, Set<String> known,
      Map<String, String> groupOf) {
    this.names = names;
    this.count = count;
    this.known = known;
    this.groupOf = groupOf;
  }

  static OpenBranches of(List<BranchTip> tips, Scope scope, boolean countRemote) {
    UnionFind groups = new UnionFind();
    Set<String> names = new HashSet<>();
    for (BranchTip tip : tips) {
      if (tip.name().equals("HEAD") || !scope.isWork(tip.name())
          || !countRemote && tip.remoteOnly()) {
        continue;
      }
      names.add(tip.name());
      // One node per name, joined to each of its tips: names sharing a tip fall together.
      String node = "name:" + tip.name();
      groups.add(node);
      tip.localTip().ifPresent(local -> groups.union(node, "tip:" + local));
      if (countRemote) {
        tip.remoteTip().ifPresent(remote -> groups.union(node, "tip:" + remote));
      }
    }
    Map<String, String> groupOf = new HashMap<>();
    for (String name : names) {
      groupOf.put(name, groups.find("name:" + name));
    }
    return new OpenBranches(Set.copyOf(names), groups.groups(names), Set.copyOf(names),
        Map.copyOf(groupOf));
  }

  /**
   * The branches among these that {@code counted} accepts ({@code branches.scope: own}). Groups
   * stay as the whole reading formed them, and a group counts once when any of its names is
   * counted, so the restricted count never exceeds the whole one. A name outside the restriction
   * is still known: checking out a colleague's branch makes no new branch.
   */
  OpenBranches restrictedTo(java.util.function.Predicate<String> counted) {
    Set<String> kept = new HashSet<>();
    Set<String> roots = new HashSet<>();
    for (String name : names) {
      if (counted.test(name)) {
        kept.add(name);
        roots.add(groupOf.get(name));
      }
    }
    return new OpenBranches(Set.copyOf(kept), roots.size(), known, groupOf);
  }

  /** How many work names of the reading are left out of the count. */
  int leftOut() {
    return known.size() - names.size();
  }

  int count() {
    return count;
  }

  boolean contains(String name) {
    return names.contains(name);
  }

  /** How many of {@code created} would be new open branches (names not already counted). */
  int added(Collection<String> created) {
    Set<String> fresh = new HashSet<>();
    for (String name : created) {
      if (!known.contains(name)) {
        fresh.add(name);
      }
    }
    return fresh.size();
  }

  /** A small union-find over strings. */
  private static final class UnionFind {
    private final Map<String, String> parent = new HashMap<>();

    void add(String node) {
      parent.putIfAbsent(node, node);
    }

    String find(String node) {
      add(node);
      String root = node;
      while (!parent.get(root).equals(root)) {
        root = parent.get(root);
      }
      String walk = node;
      while (!walk.equals(root)) {
        String next = parent.get(walk);
        parent.put(walk, root);
        walk = next;
      }
      return root;
    }

    void union(String a, String b) {
      String ra = find(a);
      String rb = find(b);
      if (!ra.equals(rb)) {
        parent.put(ra, rb);
      }
    }

    int groups(Set<String> names) {
      Set<String> roots = new HashSet<>();
      for (String name : names) {
        roots.add(find("name:" + name));
      }
      return roots.size();
    }
  }
}
