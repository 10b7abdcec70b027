package dev.groundskeeper.host;

import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.rules.branches.LedgerEffect;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The branch ledger's effects: all of one decision's changes in one locked read-modify-write of
 * the ledger file, so concurrent hook calls never lose each other's records.
 */
final class LedgerEffects implements EffectPerformer {

  @Override
  public boolean handles(Effect effect) {
    return effect instanceof LedgerEffect;
  }

  @Override
  public List<EffectReport> perform(List<Effect> effects, EffectContext context) {
    Path file;
    try {
      file = BranchLedgerStore.fileFor(context.facts().get(RepoFacts.LAYOUT).commonDir());
    } catch (RuntimeException e) {
      return failed(effects, "the repository's common directory could not be read: "
          + e.getMessage());
    }
    try {
      BranchLedgerStore.apply(file, effects);
      return effects.stream().map(e -> EffectReport.done(e, "recorded in " + file, List.of()))
          .toList();
    } catch (IOException | RuntimeException e) {
      return failed(effects, e.getMessage());
    }
  }

  private static List<EffectReport> failed(List<Effect> effects, String why) {
    return effects.stream().map(e -> EffectReport.failed(e, "the branch ledger was not updated, so"
        + " this record is lost: " + why)).toList();
  }
}
