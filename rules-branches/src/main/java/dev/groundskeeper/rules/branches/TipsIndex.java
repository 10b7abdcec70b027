package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Memo;
import dev.groundskeeper.api.repo.BranchTip;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.HashSet;
import java.util.Set;

/**
 * What the creation rules derive from the branch tips: the open count, and the work branches by
 * stem and by number token. Built once per evaluation in its memo, and carried by a warm policy
 * while the same reading of the tips (the same list instance) is judged again, so a warm reading
 * costs lookups, not a pass over every branch.
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
  static TipsIndex of(List<BranchTip> tips, Scope scope, BranchesConfig config, Facts facts) {
    return facts.memo().get(Memo.Key.pure(KEY, tips, scope.defaultBranch(), config),
        () -> build(tips, scope, config));
  }

  static final String KEY = "branches.tips-index";
  static final String LOCAL = "branches.local-names";

  /** The names of the local branches among {@code tips}. */
  static Set<String> localNames(List<BranchTip> tips, Facts facts) {
    return facts.memo().get(Memo.Key.pure(LOCAL, tips), () -> {
      Set<String> names = new HashSet<>();
      for (BranchTip tip : tips) {
        if (tip.local()) {
          names.add(tip.name());
        }
      }
      return names;
    });
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
