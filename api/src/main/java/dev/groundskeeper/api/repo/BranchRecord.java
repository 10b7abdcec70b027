package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Everything the inventory knows about one branch name, over its local ref and its copy on the
 * configured remote.
 *
 * @param name the short branch name
 * @param localTip the tip of {@code refs/heads/<name>}
 * @param remoteTip the tip of {@code refs/remotes/<remote>/<name>}
 * @param upstream the full ref the local branch tracks ({@code refs/remotes/origin/x})
 * @param ahead commits on the tip not on the default branch, park commits not counted; empty when
 *     not known (no default tip, or a scan bound)
 * @param behind commits on the default branch not on the tip; empty when not known
 * @param worktree the worktree that has this branch checked out
 * @param lastCommit the committer date of the tip (local, else remote)
 * @param park the park marker, when the tip is a park commit
 * @param planTokens number tokens from the name and {@code Addresses #N} / {@code Plan NNNNN} in
 *     the tip's subject, in order, without duplicates
 * @param provenance who created and touched the branch
 * @param state the branch's state (first match wins)
 * @param judgements the merged judgements that were made, in order; the last decides a merged
 *     state
 * @param sameTipAs other non-exempt branches with the same tip
 * @param dormancy stage and containment, for a {@link BranchState#DORMANT} branch only
 */
@API(status = API.Status.EXPERIMENTAL)
public record BranchRecord(
    String name,
    Optional<String> localTip,
    Optional<String> remoteTip,
    Optional<String> upstream,
    OptionalInt ahead,
    OptionalInt behind,
    Optional<Path> worktree,
    Instant lastCommit,
    Optional<ParkMarker> park,
    List<String> planTokens,
    BranchProvenance provenance,
    BranchState state,
    List<MergeJudgement> judgements,
    List<String> sameTipAs,
    Optional<Dormancy> dormancy) {

  /**
   * Checks the components.
   *
   * @param name the short branch name
   * @param localTip the tip of {@code refs/heads/<name>}
   * @param remoteTip the tip of {@code refs/remotes/<remote>/<name>}
   * @param upstream the full ref the local branch tracks ({@code refs/remotes/origin/x})
   * @param ahead commits on the tip not on the default branch, park commits not counted; empty when
   *     not known (no default tip, or a scan bound)
   * @param behind commits on the default branch not on the tip; empty when not known
   * @param worktree the worktree that has this branch checked out
   * @param lastCommit the committer date of the tip (local, else remote)
   * @param park the park marker, when the tip is a park commit
   * @param planTokens number tokens from the name and {@code Addresses #N} / {@code Plan NNNNN} in
   *     the tip's subject, in order, without duplicates
   * @param provenance who created and touched the branch
   * @param state the branch's state (first match wins)
   * @param judgements the merged judgements that were made, in order; the last decides a merged
   *     state
   * @param sameTipAs other non-exempt branches with the same tip
   * @param dormancy stage and containment, for a {@link BranchState#DORMANT} branch only
   * @throws IllegalArgumentException when they do not fit together
   */
  public BranchRecord {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(localTip, "localTip");
    Objects.requireNonNull(remoteTip, "remoteTip");
    Objects.requireNonNull(upstream, "upstream");
    Objects.requireNonNull(ahead, "ahead");
    Objects.requireNonNull(behind, "behind");
    Objects.requireNonNull(worktree, "worktree");
    Objects.requireNonNull(lastCommit, "lastCommit");
    Objects.requireNonNull(park, "park");
    planTokens = List.copyOf(planTokens);
    Objects.requireNonNull(provenance, "provenance");
    Objects.requireNonNull(state, "state");
    judgements = List.copyOf(judgements);
    sameTipAs = List.copyOf(sameTipAs);
    Objects.requireNonNull(dormancy, "dormancy");
    localTip.ifPresent(CommitIds::requireValid);
    remoteTip.ifPresent(CommitIds::requireValid);
    if (localTip.isEmpty() && remoteTip.isEmpty()) {
      throw new IllegalArgumentException("branch '" + name + "' has neither a local nor a remote tip");
    }
    if (dormancy.isPresent() != (state == BranchState.DORMANT)) {
      throw new IllegalArgumentException("dormancy is given for dormant branches, and only them");
    }
  }

  /** {@return the tip that speaks for the branch: the local one, else the remote one} */
  public String tip() {
    return localTip.orElseGet(remoteTip::orElseThrow);
  }

  /** {@return the branch's local and remote tips} */
  public BranchTip tips() {
    return new BranchTip(name, localTip, remoteTip);
  }

  /** {@return whether only a remote copy exists} */
  public boolean remoteOnly() {
    return localTip.isEmpty();
  }

  /** {@return true when the local tip differs from the remote copy, or there is no remote copy} */
  public boolean unpushed() {
    return localTip.isPresent() && !localTip.equals(remoteTip);
  }

  /** {@return the judgement that proved the branch merged, when its state is a merged one} */
  public Optional<MergeJudgement> mergedBy() {
    return judgements.stream().filter(MergeJudgement::merged).findFirst();
  }
}
