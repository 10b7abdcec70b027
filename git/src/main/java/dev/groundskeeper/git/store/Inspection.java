package dev.groundskeeper.git.store;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.repo.MergeJudgement;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.repo.WorktreeBelonging;
import dev.groundskeeper.api.repo.WorktreeStatus;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything the store read about one worktree in one run: facts, no judgement. Texts are raw
 * (another checkout's bytes); whoever shows them sanitises them.
 *
 * @param path the worktree's path as git lists it (or as found in the lane)
 * @param listed what git lists for it; empty for a lane directory git does not list
 * @param inStore its directory is in this repository's lane
 * @param belonging the evidence of its proof of belonging; present exactly when it is in the lane
 * @param refusedBranch the branch its HEAD file names when git refuses that name (control bytes,
 *     say), so git lists no branch for it
 * @param status its status; empty when not read (a failed proof) or unreadable
 * @param statusProblem why the status could not be read
 * @param history what the repository's history says of its branch merging into the default
 *     branch; empty when not judged
 * @param historyProblem why the history could not judge it
 */
@API(status = API.Status.EXPERIMENTAL)
public record Inspection(Path path, Optional<Worktree> listed, boolean inStore,
    Optional<WorktreeBelonging> belonging, Optional<String> refusedBranch,
    Optional<WorktreeStatus> status, Optional<String> statusProblem,
    Optional<MergeJudgement> history, Optional<String> historyProblem) {

  /**
   * The belonging evidence is present exactly for lane directories; no component may be null.
   *
   * @param path the worktree's path as git lists it (or as found in the lane)
   * @param listed what git lists for it; empty for a lane directory git does not list
   * @param inStore its directory is in this repository's lane
   * @param belonging the evidence of its proof of belonging; present exactly when it is in the lane
   * @param refusedBranch the branch its HEAD file names when git refuses that name (control bytes,
   *     say), so git lists no branch for it
   * @param status its status; empty when not read (a failed proof) or unreadable
   * @param statusProblem why the status could not be read
   * @param history what the repository's history says of its branch merging into the default
   *     branch; empty when not judged
   * @param historyProblem why the history could not judge it
   */
  public Inspection {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(listed, "listed");
    Objects.requireNonNull(belonging, "belonging");
    Objects.requireNonNull(refusedBranch, "refusedBranch");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(statusProblem, "statusProblem");
    Objects.requireNonNull(history, "history");
    Objects.requireNonNull(historyProblem, "historyProblem");
    if (inStore != belonging.isPresent()) {
      throw new IllegalArgumentException("the belonging evidence is read for lane directories"
          + " only");
    }
  }

  /** {@return the directory's name, which is the worktree's name in the store} */
  public String name() {
    return path.getFileName().toString();
  }

  /**
   * {@return its branch: as git lists it, or as its HEAD file names it when git refuses the name}
   */
  public Optional<String> branch() {
    return listed.flatMap(Worktree::branch).or(() -> refusedBranch);
  }

  /** {@return whether git lists its HEAD as detached} */
  public boolean detached() {
    return listed.map(Worktree::detached).orElse(false);
  }

  /** {@return the commit its HEAD is at, as git lists it} */
  public Optional<String> head() {
    return listed.flatMap(Worktree::head);
  }

  /**
   * {@return why it is locked, when git lists it locked (a lock without a reason is an empty text)}
   */
  public Optional<String> lockReason() {
    return listed.flatMap(Worktree::locked);
  }

  Inspection judged(Optional<WorktreeStatus> status, Optional<String> statusProblem,
      Optional<MergeJudgement> history, Optional<String> historyProblem) {
    return new Inspection(path, listed, inStore, belonging, refusedBranch, status, statusProblem,
        history, historyProblem);
  }
}
