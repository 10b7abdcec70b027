package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Memo;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The idle work branches of one inventory reading, longest idle first, and those among them no
 * remote holds; shared by dormancy, containment and the cap's refusal through the evaluation's
 * memo (pure entries: a warm policy carries them while the same inventory is judged again).
 */
record IdleIndex(List<BranchRecord> idle, List<BranchRecord> nowhere) {

  static final String KEY = "branches.idle-index";
  static final String BY_NAME = "branches.records-by-name";

  /** The records of one inventory reading by name (the inventory's own lookup is a scan). */
  static Map<String, BranchRecord> byName(BranchInventory inventory, Facts facts) {
    return facts.memo().get(Memo.Key.pure(BY_NAME, inventory), () -> {
      Map<String, BranchRecord> map = new HashMap<>();
      inventory.branches().forEach(record -> map.put(record.name(), record));
      return map;
    });
  }

  static IdleIndex of(BranchInventory inventory, Scope scope, BranchesConfig config,
      Facts facts) {
    Memo.Key<IdleIndex> key = Memo.Key.pure(KEY, inventory, scope.defaultBranch(), config);
    return facts.memo().get(key, () -> {
      List<BranchRecord> idle = new ArrayList<>();
      List<BranchRecord> nowhere = new ArrayList<>();
      for (BranchRecord record : inventory.branches()) {
        if (record.dormancy().isPresent() && scope.isWork(record.name())) {
          idle.add(record);
        }
      }
      idle.sort(Comparator.comparing(BranchRecord::lastCommit));
      for (BranchRecord record : idle) {
        if (BranchLines.containedNowhere(record)) {
          nowhere.add(record);
        }
      }
      return new IdleIndex(List.copyOf(idle), List.copyOf(nowhere));
    });
  }
}
