package dev.groundskeeper.host;

import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.Facts;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The one place that performs the effects of a decision: each effect goes to the first
 * {@link EffectPerformer} that handles it (the built-in ones first). An effect that fails or is
 * refused never changes the answer already decided; it is reported.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class EffectRegistry {

  private final List<EffectPerformer> performers;

  EffectRegistry(List<EffectPerformer> performers) {
    this.performers = List.copyOf(performers);
  }

  /** The built-in performers: repository effects, file effects, the branch ledger. */
  static List<EffectPerformer> builtIns() {
    return List.of(new RepositoryEffects(), new FileEffectsPerformer(), new LedgerEffects());
  }

  /** The built-in performers, and the snapshots of {@code snapshots} taken at {@code clock}. */
  static List<EffectPerformer> builtIns(Snapshots snapshots, java.time.Clock clock) {
    List<EffectPerformer> all = new ArrayList<>(builtIns());
    all.add(new SnapshotEffects(snapshots, clock));
    return List.copyOf(all);
  }

  /** {@return the performers, in the order an effect is offered to them} */
  public List<EffectPerformer> performers() {
    return performers;
  }

  /**
   * Performs the decision's effects.
   *
   * @param decision the decision whose effects to perform
   * @param workspace where the event happened
   * @param facts the facts the decision was judged on
   * @return one report per effect, in the decision's order; empty when it asked for none
   */
  public List<EffectReport> perform(Decision decision, Workspace workspace, Facts facts) {
    return perform(decision.effects(), workspace, facts);
  }

  /**
   * Performs {@code effects}, each by the first performer that handles it, batched per
   * performer. Never throws for a performer's failure: an effect with no performer is reported
   * refused, and one whose performer threw or gave no report is reported failed. Outside a
   * repository none is performed and each is reported refused.
   *
   * @param effects the effects to perform
   * @param workspace where the event happened
   * @param facts the facts the effects were decided on
   * @return one report per effect, in their order; empty when there are none
   */
  public List<EffectReport> perform(List<? extends Effect> effects, Workspace workspace,
      Facts facts) {
    if (effects.isEmpty()) {
      return List.of();
    }
    if (workspace.root().isEmpty()) {
      return effects.stream().map(e -> EffectReport.refused(e, "not performed outside a"
          + " repository")).toList();
    }
    EffectContext context = new EffectContext(workspace, facts);
    Map<EffectPerformer, List<Effect>> byPerformer = new LinkedHashMap<>();
    Map<Effect, EffectReport> reports = new IdentityHashMap<>();
    for (Effect effect : effects) {
      EffectPerformer performer = performerOf(effect);
      if (performer == null) {
        reports.put(effect, EffectReport.refused(effect, "no executor for it"));
      } else {
        byPerformer.computeIfAbsent(performer, p -> new ArrayList<>()).add(effect);
      }
    }
    for (Map.Entry<EffectPerformer, List<Effect>> entry : byPerformer.entrySet()) {
      List<Effect> batch = entry.getValue();
      try {
        for (EffectReport report : entry.getKey().perform(List.copyOf(batch), context)) {
          reports.putIfAbsent(report.effect(), report);
        }
      } catch (RuntimeException e) {
        batch.forEach(effect -> reports.putIfAbsent(effect,
            EffectReport.failed(effect, "failed: " + SafeText.failure(e))));
      }
      batch.forEach(effect -> reports.putIfAbsent(effect,
          EffectReport.failed(effect, "the executor gave no report")));
    }
    List<EffectReport> ordered = new ArrayList<>();
    effects.forEach(effect -> ordered.add(reports.get(effect)));
    return List.copyOf(ordered);
  }

  private EffectPerformer performerOf(Effect effect) {
    for (EffectPerformer performer : performers) {
      if (performer.handles(effect)) {
        return performer;
      }
    }
    return null;
  }

  /**
   * Prints what did not go as asked, and the restore lines of what was done, one line each,
   * prefixed with {@code groundskeeper: }.
   *
   * @param reports the reports of {@link #perform}
   * @param err the stream to print to, usually standard error
   */
  public static void print(List<EffectReport> reports, PrintStream err) {
    Objects.requireNonNull(err, "err");
    for (EffectReport report : reports) {
      if (!report.done()) {
        err.println("groundskeeper: " + report.effect().describe() + ": " + report.message());
      }
      report.restoreCommands().forEach(line -> err.println("groundskeeper: to undo: " + line));
    }
  }
}
