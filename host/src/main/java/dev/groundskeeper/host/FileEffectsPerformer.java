package dev.groundskeeper.host;

import dev.groundskeeper.api.Effect;
import dev.groundskeeper.git.files.FileEffects;
import java.util.ArrayList;
import java.util.List;

/** File effects (nudge states, scratch-space removals) through the git module's executor. */
final class FileEffectsPerformer implements EffectPerformer {

  @Override
  public boolean handles(Effect effect) {
    return FileEffects.handles(effect);
  }

  @Override
  public List<EffectReport> perform(List<Effect> effects, EffectContext context) {
    return performUnder(context.root(), effects);
  }

  /** Each effect under {@code root} through the git module's executor, which re-checks it. */
  static List<EffectReport> performUnder(java.nio.file.Path root, List<? extends Effect> effects) {
    FileEffects files = FileEffects.forRoot(root);
    List<EffectReport> reports = new ArrayList<>();
    for (Effect effect : effects) {
      FileEffects.Result result = files.execute(effect);
      reports.add(result.applied() ? EffectReport.done(effect, result.message(), List.of())
          : EffectReport.refused(effect, result.message()));
    }
    return reports;
  }
}
