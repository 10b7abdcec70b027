package dev.groundskeeper.rules.worktree;

import dev.groundskeeper.api.API;
import java.time.Duration;
import java.time.Instant;

/**
 * Decides what prune does with one worktree. Nothing that fails the proof of belonging, sits
 * outside the store, is locked, holds prune's own working directory or holds uncommitted work is
 * ever reclaimed; an unmerged worktree is reclaimed only when it is a quiet candidate the person
 * named. Git re-checks the tree at the moment of removal, and the executor re-checks the proof.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class PruneJudge {

  private final Duration quietWindow;

  /**
   * Creates a judge. It holds no state besides the window and may be shared between threads.
   *
   * @param quietDays the days without activity after which an unmerged worktree is quiet
   *     ({@code worktrees.quiet_days})
   * @throws IllegalArgumentException if {@code quietDays} is less than 1
   */
  public PruneJudge(int quietDays) {
    if (quietDays < 1) {
      throw new IllegalArgumentException("quiet days must be at least 1, got " + quietDays);
    }
    this.quietWindow = Duration.ofDays(quietDays);
  }

  /**
   * Decides what prune does with one worktree. Keeping wins whenever removal could lose
   * anything or the store cannot prove the worktree is its own.
   *
   * @param candidate what is known about the worktree
   * @param now the time its quietness is measured at
   * @return the decision, with the reason a person reads
   */
  public PruneDecision decide(PruneCandidate candidate, Instant now) {
    if (!candidate.inStore()) {
      return PruneDecision.keep("outside the store; the store never touches it");
    }
    if (candidate.proofFailure().isPresent()) {
      return PruneDecision.keep("fails the proof of belonging: "
          + candidate.proofFailure().get());
    }
    if (candidate.lockReason().isPresent()) {
      String why = candidate.lockReason().get();
      return PruneDecision.keep(why.isBlank() ? "locked" : "locked: " + why);
    }
    if (candidate.ownWorkingDirectory()) {
      return PruneDecision.keep("prune's own working directory is inside it");
    }
    if (candidate.merged().merged()) {
      return candidate.dirt().map(dirt -> PruneDecision.keep("dirty: " + dirt))
          .orElseGet(() -> PruneDecision.reclaim(candidate.merged().label() + ": "
              + candidate.merged().detail()));
    }
    if (isQuiet(candidate, now)) {
      if (!candidate.named()) {
        return PruneDecision.quiet("unmerged and quiet for " + daysSince(candidate, now)
            + " days; removed only when named with --yes " + candidate.name());
      }
      return candidate.dirt().map(dirt -> PruneDecision.keep("dirty: " + dirt
              + "; a removal is never forced"))
          .orElseGet(() -> PruneDecision.reclaim("quiet candidate named with --yes"));
    }
    if (candidate.dirt().isPresent()) {
      return PruneDecision.keep("dirty: " + candidate.dirt().get());
    }
    String unmerged = "unmerged: " + candidate.merged().detail();
    if (candidate.named()) {
      return PruneDecision.keep(unmerged + "; named with --yes but not a quiet candidate ("
          + whyNotQuiet(candidate, now) + ")");
    }
    return PruneDecision.keep(unmerged);
  }

  /**
   * Quiet: unmerged, on a branch, last active longer ago than the window, and no open pull
   * request. A detached HEAD is never quiet (a removal would drop the last reference to its
   * commits), and an unknown last activity is not old.
   *
   * @param candidate what is known about the worktree
   * @param now the time its quietness is measured at
   * @return true when the worktree is a quiet candidate, named or not
   */
  public boolean isQuiet(PruneCandidate candidate, Instant now) {
    return !candidate.merged().merged() && !candidate.detached()
        && !candidate.openPullRequest()
        && candidate.lastActivity().map(last -> last.plus(quietWindow).isBefore(now))
            .orElse(false);
  }

  private String whyNotQuiet(PruneCandidate candidate, Instant now) {
    if (candidate.detached()) {
      return "its HEAD is detached";
    }
    if (candidate.openPullRequest()) {
      return "its pull request is open";
    }
    if (candidate.lastActivity().isEmpty()) {
      return "its last activity is unknown";
    }
    return "active " + daysSince(candidate, now) + " days ago, within the "
        + quietWindow.toDays() + "-day window";
  }

  private static long daysSince(PruneCandidate candidate, Instant now) {
    return candidate.lastActivity().map(last -> Duration.between(last, now).toDays()).orElse(0L);
  }
}
