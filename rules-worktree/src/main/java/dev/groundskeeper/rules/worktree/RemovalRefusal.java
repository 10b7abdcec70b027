package dev.groundskeeper.rules.worktree;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.repo.Regenerable;
import dev.groundskeeper.api.repo.RemovalLoss;
import dev.groundskeeper.api.repo.WorktreeStatus;
import java.util.List;
import java.util.Optional;

/**
 * Why prune must keep a worktree for the files a removal would delete: its status could not be
 * read, it holds changed or untracked files, or ignored files that the {@link Regenerable} in
 * force does not cover. The loss itself is {@link RemovalLoss}, the same judgement the
 * force-removal guard reads, so prune never removes what the hook refuses to remove by force.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class RemovalRefusal {

  private static final int SHOWN_PATHS = 5;

  private RemovalRefusal() {}

  /**
   * The reason to keep the worktree, or empty when removing it loses no file.
   *
   * @param status its status, with the ignored paths the notes archive takes left out (they are
   *     archived before the removal); empty when it could not be read
   * @param problem why the status could not be read, when known
   * @param regenerable the repository's setting of what can be rebuilt; ignored files it covers
   *     are no loss
   * @return the reason, naming what to do before prune can take it; empty when nothing would be
   *     lost
   */
  public static Optional<String> of(Optional<WorktreeStatus> status, Optional<String> problem,
      Regenerable regenerable) {
    if (status.isEmpty()) {
      return Optional.of("its status could not be read" + problem.map(p -> " (" + p + ")")
          .orElse(""));
    }
    RemovalLoss loss = RemovalLoss.of(status.get(), regenerable);
    if (loss.dirty()) {
      return Optional.of(loss.changed().size() + " changed and " + loss.untracked().size()
          + " untracked; commit or discard the changes, then prune again");
    }
    List<String> atRisk = loss.ignored();
    if (atRisk.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(atRisk.size() + " ignored " + (atRisk.size() == 1 ? "path" : "paths")
        + " a removal would delete and nothing can rebuild ("
        + String.join(", ", atRisk.stream().limit(SHOWN_PATHS).toList())
        + (atRisk.size() > SHOWN_PATHS ? ", …" : "") + "); move what you need to a tracked"
        + " home or the notes folder, delete the rest, then prune again");
  }

  /**
   * The ignored paths among {@code ignored} that nothing can rebuild, judged as
   * {@link #of} judges them.
   *
   * @param ignored ignored paths a removal would delete
   * @param regenerable the repository's setting of what can be rebuilt
   * @return those {@code regenerable} does not cover, in their given order; empty when all can be
   *     rebuilt
   */
  public static List<String> unrebuildable(List<String> ignored, Regenerable regenerable) {
    return RemovalLoss.of(new WorktreeStatus(List.of(), List.of(), List.of(), ignored),
        regenerable).ignored();
  }
}
