package dev.groundskeeper.host;

import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.SnapshotEffect;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns a snapshot-mode refusal into what its snapshots made of it. The rule can only say "refused
 * unless the copy is written"; whether it was is known once the effects ran, so the answer is
 * settled here, and a copy that was not written leaves the refusal standing (never an allowed
 * loss).
 */
final class SnapshotSettlement {

  private SnapshotSettlement() {}

  static Decision settle(Decision decision, List<EffectReport> reports) {
    boolean changed = false;
    List<Verdict> verdicts = new ArrayList<>();
    for (Verdict verdict : decision.verdicts()) {
      Verdict settled = settle(verdict, reports);
      changed |= settled != verdict;
      verdicts.add(settled);
    }
    return changed ? Decision.of(verdicts, decision.explanation()) : decision;
  }

  private static Verdict settle(Verdict verdict, List<EffectReport> reports) {
    List<Effect> snapshots = verdict.effects().stream()
        .filter(e -> e instanceof SnapshotEffect).toList();
    if (snapshots.isEmpty() || verdict.outcome() != Outcome.DENY) {
      return verdict;
    }
    List<EffectReport> mine = new ArrayList<>();
    for (Effect effect : snapshots) {
      Optional<EffectReport> report = reports.stream().filter(r -> r.effect() == effect)
          .findFirst().or(() -> reports.stream().filter(r -> r.effect().equals(effect))
              .findFirst());
      if (report.isEmpty()) {
        return verdict; // not performed (a check): the refusal stands as judged
      }
      mine.add(report.get());
    }
    List<Effect> others = verdict.effects().stream()
        .filter(e -> !(e instanceof SnapshotEffect)).toList();
    List<EffectReport> failed = mine.stream().filter(r -> !r.done()).toList();
    if (!failed.isEmpty()) {
      StringBuilder reason = new StringBuilder(verdict.reason());
      for (EffectReport report : failed) {
        reason.append("\nThe snapshot that would have let it run was not taken: ")
            .append(report.message());
      }
      return new Verdict(verdict.ruleId(), Outcome.DENY, reason.toString(), verdict.remedy(),
          verdict.findings(), others);
    }
    List<String> restore = new ArrayList<>();
    StringBuilder reason = new StringBuilder("Kept a copy of what this command destroys,"
        + " outside the repository, so it may run:");
    for (EffectReport report : mine) {
      reason.append("\n- ").append(report.message());
      restore.addAll(report.restoreCommands());
    }
    reason.append("\nThe copy is what the rule found:\n").append(verdict.reason());
    Remedy remedy = new Remedy("To bring the files back after the command, run the restore"
        + " below (or groundskeeper undo, which restores the latest snapshot of the worktree);"
        + " it refuses to overwrite anything changed since. groundskeeper snapshot list shows"
        + " every snapshot.", restore);
    return new Verdict(verdict.ruleId(), Outcome.ADVISE, reason.toString(), Optional.of(remedy),
        verdict.findings(), others);
  }
}
