package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.repo.BranchTip;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.HashSet;
import java.util.Set;

/**
 * What the creation rules derive from the branch tips: the open count, and the work branches by
 * stem and by number token. Built once per reading of the tips (the same list instance), so a
 * warm reading costs lookups, not a pass over every branch.
 */
final class TipsIndex {

  final OpenBranches open;
  private final Map<String, List<BranchTip>> byStem;
  private final Map<String, List<BranchTip>> byNumber;

  private TipsIndex(OpenBranches open, Map<String, List<BranchTip>> byStem,
      Map<String, List<BranchTip>> byNumber) {
    this.open = open;
    this.byStem = byStem;
    this.byNumber = byNumber;
  }

  /** The index of {@code tips}, reused while the same reading is judged again. */
  static TipsIndex of(List<BranchTip> tips, Scope scope, BranchesConfig config) {
    return MEMO.get(() -> build(tips, scope, config), tips, scope.defaultBranch(), config);
  }

  private static final Memo<TipsIndex> MEMO = new Memo<>();
  private static final Memo<Set<String>> LOCAL = new Memo<>();

  /** The names of the local branches among {@code tips}. */
  static Set<String> localNames(List<BranchTip> tips) {
    return LOCAL.get(() -> {
      Set<String> names = new HashSet<>();
      for (BranchTip tip : tips) {
        if (tip.local()) {
          names.add(tip.name());
        }
      }
      return names;
    }, tips);
  }

  private static TipsIndex build(List<BranchTip> tips, Scope scope, BranchesConfig config) {
    OpenBranches open = OpenBranches.of(tips, scope, config.wip().countRemote());
    Map<String, List<BranchTip>> byStem = new HashMap<>();
    Map<String, List<BranchTip>> byNumber = new HashMap<>();
    for (BranchTip tip : tips) {
      if (!scope.isWork(tip.name())) {
        continue;
      }
      String stem = Stems.stem(tip.name(), config.remote());
      if (!stem.isEmpty()) {
        byStem.computeIfAbsent(stem, k -> new ArrayList<>(1)).add(tip);
      }
      for (String number : Stems.numberTokens(tip.name(), config.remote())) {
        byNumber.computeIfAbsent(number, k -> new ArrayList<>(1)).add(tip);
      }
    }
    return new TipsIndex(open, byStem, byNumber);
  }

  List<BranchTip> withStem(String stem) {
    return byStem.getOrDefault(stem, List.of());
  }

  List<BranchTip> withNumber(String number) {
    return byNumber.getOrDefault(number, List.of());
  }
}
