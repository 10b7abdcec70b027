package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One record per branch name over the local branches and the configured remote's branches.
 *
 * @param defaultBranch the default branch the states were judged against
 * @param remote the remote whose branches are listed
 * @param branches the records, sorted by name
 * @param readAt the instant the ages were measured from
 * @param complete false when a scan bound was reached: some judgement then reads "not proven"
 */
@API(status = API.Status.EXPERIMENTAL)
public record BranchInventory(
    DefaultBranch defaultBranch, String remote, List<BranchRecord> branches, Instant readAt, boolean complete) {

  /**
   * Checks the components and keeps immutable copies of its collections.
   *
   * @param defaultBranch the default branch the states were judged against
   * @param remote the remote whose branches are listed
   * @param branches the records, sorted by name
   * @param readAt the instant the ages were measured from
   * @param complete false when a scan bound was reached: some judgement then reads "not proven"
   */
  public BranchInventory {
    Objects.requireNonNull(defaultBranch, "defaultBranch");
    Objects.requireNonNull(remote, "remote");
    branches = List.copyOf(branches);
    Objects.requireNonNull(readAt, "readAt");
  }

  /**
   * The branch of that name.
   *
   * @param name a short branch name
   * @return its record, or empty
   */
  public Optional<BranchRecord> find(String name) {
    return branches.stream().filter(b -> b.name().equals(name)).findFirst();
  }

  /**
   * The branches in one state.
   *
   * @param state the state
   * @return their records, in inventory order
   */
  public List<BranchRecord> inState(BranchState state) {
    return branches.stream().filter(b -> b.state() == state).toList();
  }
}
