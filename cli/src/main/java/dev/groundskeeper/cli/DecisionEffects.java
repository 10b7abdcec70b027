package dev.groundskeeper.cli;

import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.RepoEffect;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.cli.branch.BranchLedgerStore;
import dev.groundskeeper.git.EffectExecutor;
import dev.groundskeeper.git.EffectResult;
import dev.groundskeeper.git.files.FileEffects;
import dev.groundskeeper.rules.branches.LedgerEffect;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Performs the effects a decision's verdicts ask for, through the git module's executors (which
 * re-check each effect's proof as they act). An effect that fails or is refused never changes the
 * answer already decided; it is reported on standard error with the restore lines of those that
 * ran.
 */
final class DecisionEffects {

  private DecisionEffects() {}

  static void perform(Decision decision, Workspace workspace, Facts facts, PrintStream err) {
    List<Effect> effects = decision.effects();
    if (effects.isEmpty()) {
      return;
    }
    if (workspace.root().isEmpty()) {
      effects.forEach(e -> err.println("groundskeeper: not performed outside a repository: "
          + e.describe()));
      return;
    }
    EffectExecutor repository = null;
    FileEffects files = null;
    List<LedgerEffect> ledger = new ArrayList<>();
    for (Effect effect : effects) {
      try {
        if (effect instanceof LedgerEffect change) {
          ledger.add(change);
        } else if (effect instanceof RepoEffect repoEffect) {
          if (repository == null) {
            repository = EffectExecutor.forDirectory(workspace.directory());
          }
          report(repository.perform(repoEffect), err);
        } else if (FileEffects.handles(effect)) {
          if (files == null) {
            files = FileEffects.forRoot(workspace.root().get());
          }
          FileEffects.Result result = files.execute(effect);
          if (!result.applied()) {
            err.println("groundskeeper: " + effect.describe() + ": " + result.message());
          }
        } else {
          err.println("groundskeeper: no executor for " + effect.describe());
        }
      } catch (RuntimeException e) {
        err.println("groundskeeper: " + effect.describe() + " failed: " + e.getMessage());
      }
    }
    if (!ledger.isEmpty()) {
      // One read-modify-write of the ledger file for all of this decision's changes.
      try {
        BranchLedgerStore.apply(
            BranchLedgerStore.fileFor(facts.get(RepoFacts.LAYOUT).commonDir()), ledger);
      } catch (IOException | RuntimeException e) {
        err.println("groundskeeper: the branch ledger was not updated: " + e.getMessage());
      }
    }
  }

  private static void report(EffectResult result, PrintStream err) {
    if (result.status() != EffectResult.Status.DONE) {
      err.println("groundskeeper: " + result.effect().describe() + ": " + result.message());
    }
    result.restoreCommands().forEach(line -> err.println("groundskeeper: to undo: " + line));
  }
}
