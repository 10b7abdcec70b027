package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Questions about a repository that take arguments, offered as one fact
 * ({@link RepoFacts#QUERIES}) so that rules stay pure: they ask, the git module (or the test kit's
 * in-memory repository) answers. Answers are exact or say they are not proven.
 */
@API(status = API.Status.EXPERIMENTAL)
public interface RepositoryQueries {

  /**
   * Whether {@code branch} (a local branch, else the remote copy) is merged into the default
   * branch, judged in this order: by ancestry, counted only when the branch holds a commit of its
   * own since {@code startCommit} (else since its reflog's creation entry; with neither, ancestry
   * alone never proves it); every commit patch-equivalent; the whole diff squashed into one commit.
   *
   * @param branch the branch's short name
   * @param startCommit the commit the branch was cut from, when a store recorded it
   * @return the judgement
   */
  MergeJudgement judgeMerged(String branch, Optional<String> startCommit);

  /**
   * The refs among {@code refs/heads}, {@code refs/remotes} and {@code refs/tags} that contain
   * {@code tip}, minus {@code excludedRefs} (full ref names).
   *
   * @param tip a full commit id
   * @param excludedRefs refs not counted
   * @return the containing refs
   */
  Containment containment(String tip, Set<String> excludedRefs);

  /**
   * {@link #containment(String, Set)} for many tips in one scan, keyed by tip.
   *
   * @param tips full commit ids
   * @param excludedRefs refs not counted
   * @return each tip's containing refs
   */
  Map<String, Containment> containment(Collection<String> tips, Set<String> excludedRefs);

  /**
   * The status of the worktree at {@code worktree}, as {@code git status --porcelain} says it.
   *
   * @param worktree the worktree's directory
   * @return its status
   */
  WorktreeStatus status(Path worktree);

  /**
   * The real path of the common directory of the checkout at {@code checkout}, as git resolves it;
   * empty unless git gives exactly one existing directory (anything else is no proof).
   *
   * @param checkout the checkout's directory
   * @return the common directory, or empty
   */
  Optional<Path> commonDirectory(Path checkout);
}
