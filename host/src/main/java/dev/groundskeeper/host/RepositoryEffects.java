package dev.groundskeeper.host;

import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.repo.RepoEffect;
import dev.groundskeeper.git.EffectExecutor;
import dev.groundskeeper.git.EffectResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Repository effects (ref updates, parks, worktree removals, records), through the git module's
 * executor, which re-checks each effect's expected values under its lock as it acts.
 */
final class RepositoryEffects implements EffectPerformer {

  @Override
  public boolean handles(Effect effect) {
    return effect instanceof RepoEffect;
  }

  @Override
  public List<EffectReport> perform(List<Effect> effects, EffectContext context) {
    EffectExecutor executor = EffectExecutor.forDirectory(context.workspace().directory());
    List<EffectReport> reports = new ArrayList<>();
    for (Effect effect : effects) {
      reports.add(report(executor.perform((RepoEffect) effect)));
    }
    return reports;
  }

  static EffectReport report(EffectResult result) {
    return new EffectReport(result.effect(), switch (result.status()) {
      case DONE -> EffectReport.Status.DONE;
      case REFUSED -> EffectReport.Status.REFUSED;
      case FAILED -> EffectReport.Status.FAILED;
    }, result.message(), result.restoreCommands());
  }
}
