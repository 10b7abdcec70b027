package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The idle work branches of one inventory reading, longest idle first, and those among them no
 * remote holds; shared by dormancy, containment and the cap's refusal.
 */
record IdleIndex(List<BranchRecord> idle, List<BranchRecord> nowhere) {

  private static final Memo<IdleIndex> MEMO = new Memo<>();
  private static final Memo<Map<String, BranchRecord>> BY_NAME = new Memo<>();

  /** The records of one inventory reading by name (the inventory's own lookup is a scan). */
  static Map<String, BranchRecord> byName(BranchInventory inventory) {
    return BY_NAME.get(() -> {
      Map<String, BranchRecord> map = new HashMap<>();
      inventory.branches().forEach(record -> map.put(record.name(), record));
      return map;
    }, inventory);
  }

  static IdleIndex of(BranchInventory inventory, Scope scope, BranchesConfig config) {
    return MEMO.get(() -> {
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
    }, inventory, scope.defaultBranch(), config);
  }
}
