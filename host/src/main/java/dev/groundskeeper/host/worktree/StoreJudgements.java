package dev.groundskeeper.host.worktree;

import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.repo.MergeJudgement;
import dev.groundskeeper.git.store.ForgeAnswer;
import dev.groundskeeper.git.store.Inspection;
import dev.groundskeeper.git.store.StoreLocation;
import dev.groundskeeper.git.store.StoreRefusal;
import dev.groundskeeper.rules.worktree.MergePolicy;
import dev.groundskeeper.rules.worktree.MergeStatus;
import dev.groundskeeper.rules.worktree.ProofOfBelonging;
import dev.groundskeeper.rules.worktree.WorktreeNames;
import java.util.Optional;

/**
 * Applies the worktree rules' pure judgements (proof of belonging, merged policy) to what the
 * store read, and turns an inspection into a listing row. List and prune both judge through here,
 * so a worktree reads the same in both.
 */
final class StoreJudgements {

  private StoreJudgements() {}

  /** Refuses a name the store's worktrees may not take, suggesting one it may. */
  static void requireUsableName(String name) {
    WorktreeNames.problem(name).ifPresent(problem -> {
      throw new StoreRefusal(problem + ": '" + SafeText.escape(name) + "'",
          "choose a name such as " + WorktreeNames.suggest(name).orElse("fix-login"));
    });
  }

  /** Why a lane worktree fails the proof of belonging; empty when it belongs or is outside. */
  static Optional<String> proofFailure(Inspection inspection) {
    return inspection.belonging().flatMap(ProofOfBelonging::failure);
  }

  /** True when the store read the worktree's state (its status was read, or tried). */
  static boolean stateRead(Inspection inspection) {
    return inspection.status().isPresent() || inspection.statusProblem().isPresent();
  }

  /** The merged judgement of a worktree whose state was read. */
  static MergeStatus merged(Inspection inspection, ForgeAnswer forge) {
    if (inspection.detached()) {
      return MergePolicy.detached();
    }
    if (inspection.branch().isEmpty() || inspection.head().isEmpty()) {
      return MergeStatus.unmerged("could not be judged: "
          + inspection.historyProblem().orElse("its branch or commit could not be read"));
    }
    String branch = inspection.branch().get();
    MergePolicy.Local local = inspection.history().map(StoreJudgements::local)
        .orElse(MergePolicy.Local.NOT_PROVEN);
    String detail = inspection.history().map(MergeJudgement::detail)
        .or(inspection::historyProblem).orElse("the history was not read");
    return MergePolicy.judge(inspection.head().get(), forge(forge, branch), local, detail);
  }

  private static MergePolicy.Local local(MergeJudgement judgement) {
    return switch (judgement.result()) {
      case MERGED -> switch (judgement.method().orElseThrow()) {
        case ANCESTRY -> MergePolicy.Local.ANCESTRY;
        case PATCH_EQUIVALENCE -> MergePolicy.Local.PATCH_EQUIVALENT;
        case SQUASH -> MergePolicy.Local.SQUASHED;
      };
      case NOT_MERGED -> MergePolicy.Local.NOT_MERGED;
      case NOT_PROVEN -> MergePolicy.Local.NOT_PROVEN;
    };
  }

  /** What the forge said of {@code branch}, in the merged policy's terms. */
  static MergePolicy.Forge forge(ForgeAnswer forge, String branch) {
    if (!forge.reachable()) {
      return MergePolicy.Forge.UNREACHABLE;
    }
    ForgeAnswer.Branch answer = forge.about(branch);
    return new MergePolicy.Forge(true, answer.open(), answer.mergedHead(),
        answer.mergedNumber());
  }

  /** Said once per run when the forge could not be asked. */
  static Optional<String> forgeNote(ForgeAnswer forge) {
    return forge.unreachableBecause().map(why -> "no forge reachable (" + SafeText.escape(why)
        + "); merged was judged from the history alone");
  }

  /** One listing row; every text sanitised, paths with the home directory shown as {@code ~}. */
  static WorktreeRow row(Inspection inspection, ForgeAnswer forge, StoreLocation location) {
    Optional<String> failure = proofFailure(inspection);
    boolean judged = failure.isEmpty() && stateRead(inspection);
    return new WorktreeRow(SafeText.escape(inspection.name()),
        inspection.branch().map(SafeText::escape), inspection.detached(),
        SafeText.escape(location.display(inspection.path())),
        inspection.inStore() ? WorktreeRow.Where.STORE : WorktreeRow.Where.OUTSIDE,
        judged ? inspection.status().map(status -> status.isClean()) : Optional.empty(),
        judged ? Optional.of(merged(inspection, forge)) : Optional.empty(),
        inspection.lockReason().map(SafeText::escape), failure);
  }
}
