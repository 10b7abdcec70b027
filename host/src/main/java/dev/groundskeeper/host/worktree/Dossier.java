package dev.groundskeeper.host.worktree;

import dev.groundskeeper.api.API;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a person needs to decide about a quiet candidate, in the order they need it: uncommitted
 * work first, then the ignored files a removal would delete, the branch's own commits, the size of
 * its change, when it was last active, and a recommendation.
 *
 * @param modified count of staged or modified paths
 * @param untracked count of untracked files
 * @param dirtyPaths the first few of those paths
 * @param ignored the ignored paths outside the notes folder; empty when git refused the listing
 * @param commitSubjects the subjects of the branch's commits not on the default branch; empty when
 *     they could not be read
 * @param diffSummary the change since the merge base ({@code 3 files changed, ...})
 * @param lastActivity its last activity
 * @param recommendation what to do
 */
@API(status = API.Status.EXPERIMENTAL)
public record Dossier(int modified, int untracked, List<String> dirtyPaths,
    Optional<List<String>> ignored, Optional<List<String>> commitSubjects, String diffSummary,
    Instant lastActivity, String recommendation) {

  /**
   * Checks the components and keeps immutable copies of the lists.
   *
   * @param modified count of modified tracked files
   * @param untracked count of untracked files
   * @param dirtyPaths the first few of those paths
   * @param ignored the ignored paths outside the notes folder; empty when git refused the listing
   * @param commitSubjects the subjects of the branch's own commits; empty when unreadable
   * @param diffSummary the change since the merge base
   * @param lastActivity its last activity
   * @param recommendation what to do
   * @throws NullPointerException if a component or an element is null
   */
  public Dossier {
    dirtyPaths = List.copyOf(dirtyPaths);
    ignored = ignored.map(List::copyOf);
    commitSubjects = commitSubjects.map(List::copyOf);
    Objects.requireNonNull(diffSummary, "diffSummary");
    Objects.requireNonNull(lastActivity, "lastActivity");
    Objects.requireNonNull(recommendation, "recommendation");
  }
}
