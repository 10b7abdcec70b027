package dev.groundskeeper.git.store;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a quiet candidate's branch holds beyond the default branch.
 *
 * @param subjects the subjects of its commits not on the default branch (raw); empty when they
 *     could not be read
 * @param diffSummary the change since the merge base ({@code 3 files changed, ...}); empty when
 *     there is none, absent when it could not be read
 */
@API(status = API.Status.EXPERIMENTAL)
public record BranchHistory(Optional<List<String>> subjects, Optional<String> diffSummary) {
  /**
   * Copies {@code subjects}; neither component may be null.
   *
   * @param subjects the subjects of its commits not on the default branch (raw); empty when they
   *     could not be read
   * @param diffSummary the change since the merge base ({@code 3 files changed, ...}); empty when
   *     there is none, absent when it could not be read
   */
  public BranchHistory {
    subjects = subjects.map(List::copyOf);
    Objects.requireNonNull(diffSummary, "diffSummary");
  }
}
