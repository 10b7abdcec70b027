package dev.groundskeeper.git.store;

import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.repo.WorktreeStatus;
import dev.groundskeeper.rules.worktree.MergeStatus;
import dev.groundskeeper.rules.worktree.ProofOfBelonging;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * Everything read about one worktree in one run.
 *
 * @param path the worktree's path as git lists it (or as found in the lane)
 * @param listed what git lists for it; empty for a lane directory git does not list
 * @param inStore its directory is in this repository's lane
 * @param proofFailure why a lane worktree fails the proof of belonging
 * @param status its status; empty when not read (a failed proof) or unreadable
 * @param statusProblem why the status could not be read
 * @param merged the merged judgement; empty when not judged
 * @param openPullRequest the forge has an open pull request for its branch
 * @param lastActivity the latest of the tip's date, the .git file's and changed files' times
 */
record Inspection(Path path, Optional<Worktree> listed, boolean inStore,
    Optional<String> proofFailure, Optional<WorktreeStatus> status, Optional<String> statusProblem,
    Optional<MergeStatus> merged, boolean openPullRequest, Optional<Instant> lastActivity) {

  String name() {
    return path.getFileName().toString();
  }

  Optional<String> branch() {
    return listed.flatMap(Worktree::branch);
  }

  boolean detached() {
    return listed.map(Worktree::detached).orElse(false);
  }

  Optional<String> head() {
    return listed.flatMap(Worktree::head);
  }

  /** Present when it holds uncommitted work or its status is unknown, saying what. */
  Optional<String> dirt() {
    if (status.isEmpty()) {
      return Optional.of("its status could not be read" + statusProblem.map(p -> " (" + p + ")")
          .orElse(""));
    }
    WorktreeStatus s = status.get();
    if (s.isClean()) {
      return Optional.empty();
    }
    int changed = (int) java.util.stream.Stream.concat(s.staged().stream(), s.modified().stream())
        .distinct().count();
    return Optional.of(changed + " changed and " + s.untracked().size() + " untracked");
  }

  boolean belongs() {
    return inStore && proofFailure.isEmpty();
  }

  static ProofOfBelonging.CommonDirectory compare(Optional<Path> theirs, Path ours) {
    return theirs.map(dir -> dir.equals(ours) ? ProofOfBelonging.CommonDirectory.SAME
        : ProofOfBelonging.CommonDirectory.OTHER)
        .orElse(ProofOfBelonging.CommonDirectory.UNREADABLE);
  }
}
