package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Fact;

/**
 * The keys of the facts about uncommitted work: what a worktree holds that no commit holds, and
 * what {@code git clean} would delete there. Offered wherever {@link RepoFacts} are; reading the
 * key costs nothing, each question is answered when it is asked.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class ChangeFacts {

  private ChangeFacts() {}

  /** Uncommitted changes and clean previews of any worktree of the repository, on demand. */
  public static final Fact<ChangeQueries> QUERIES =
      Fact.of("changes.queries", "uncommitted changes and clean previews of a worktree on demand");
}
