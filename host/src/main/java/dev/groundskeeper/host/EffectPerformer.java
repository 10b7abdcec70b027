package dev.groundskeeper.host;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Effect;
import java.util.List;

/**
 * The executor SPI: performs the effects of one kind that verdicts return. The host's registry
 * holds the built-in performers (repository effects, file effects, the branch ledger) first, then
 * those an embedder adds or that {@link java.util.ServiceLoader} finds in the plugin jars
 * ({@code META-INF/services/dev.groundskeeper.host.EffectPerformer}); each effect goes to the
 * first performer that handles it, so a plugin cannot take a built-in effect over.
 *
 * <p>A performer must re-check each effect's proof at the moment it acts (the expected ref value,
 * the file still being what the rule saw) and refuse rather than guess, and must run any process
 * through a time bound.
 */
@API(status = API.Status.EXPERIMENTAL)
public interface EffectPerformer {

  /**
   * Whether this performer executes an effect. Called for every effect of every decision, so it
   * should be a cheap type test.
   *
   * @param effect an effect a verdict returned
   * @return true for the effects this performer executes
   */
  boolean handles(Effect effect);

  /**
   * Performs {@code effects} (all handled by this performer, in the decision's order) and
   * reports each one. An exception fails every effect of the call that has no report.
   *
   * @param effects the effects, all handled by this performer
   * @param context where they act, and the facts they were decided on
   * @return a report per effect; an effect left without one is reported failed
   */
  List<EffectReport> perform(List<Effect> effects, EffectContext context);
}
