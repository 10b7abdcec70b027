package dev.groundskeeper.git;

import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Fact;
import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.FactsBuilder;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.ChangeFacts;
import dev.groundskeeper.api.repo.ChangeQueries;
import dev.groundskeeper.api.repo.ForcedPush;
import dev.groundskeeper.api.repo.LooseCommit;
import dev.groundskeeper.api.repo.Containment;
import dev.groundskeeper.api.repo.MergeJudgement;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositoryQueries;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.repo.WorktreeChanges;
import dev.groundskeeper.api.repo.WorktreeStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The repository facts of a directory ({@link RepoFacts}), read from the repository that holds it.
 * Each fact is computed on first read and at most once per returned {@link Facts}, and the refs
 * are read once for all of them; what does not change for the same commits (patch ids, a tip's
 * date and park marker, judgements per tip and targets, containment per remote-tracking refs) is
 * reused across readings in this process and, through the inventory cache in the repository's
 * common directory ({@code groundskeeper/branch-inventory.cache}), across processes. Outside a
 * repository only {@link Facts#NOW} and {@link ChangeFacts#QUERIES} (which asks about any
 * directory) are offered.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class GitFacts {

  private GitFacts() {}

  /**
   * Closes every repository this process opened and forgets what was cached about them (patch ids,
   * judgements, the last reading), so the next read starts cold. For benchmarks and tools that
   * measure or must not keep repositories open; rules never need it.
   */
  @API(status = API.Status.INTERNAL)
  public static void clearCaches() {
    GitRepositories.clear();
  }

  /**
   * The facts of {@code cwd}'s repository on the system clock, its inventory read in full ({@link
   * InventoryPass#FULL}).
   *
   * @param cwd a directory inside (or outside) a repository
   * @param settings the {@code branches:} settings the inventory is judged with
   * @return the facts, each computed when a rule first reads it
   */
  public static Facts forDirectory(Path cwd, RepositorySettings settings) {
    return forDirectory(cwd, settings, Clock.systemUTC());
  }

  /**
   * The facts of {@code cwd}'s repository, its inventory read in full ({@link InventoryPass#FULL}).
   *
   * @param cwd a directory inside (or outside) a repository
   * @param settings the {@code branches:} settings the inventory is judged with
   * @param clock the clock branch ages are measured with
   * @return the facts, each computed when a rule first reads it
   */
  public static Facts forDirectory(Path cwd, RepositorySettings settings, Clock clock) {
    return forDirectory(cwd, settings, clock, InventoryPass.FULL);
  }

  /**
   * The facts of {@code cwd}'s repository, with the branch inventory computed as {@code pass}
   * allows: {@link InventoryPass#FULL} at session start and in a sweep, {@link InventoryPass#GUARD}
   * for a decision inside a tool call. Either way what the inventory learns is written to the
   * repository's inventory cache for the next process.
   *
   * @param cwd a directory inside (or outside) a repository
   * @param settings the {@code branches:} settings the inventory is judged with
   * @param clock the clock branch ages are measured with
   * @param pass how much of the inventory one call may compute
   * @return the facts, each computed when a rule first reads it
   */
  public static Facts forDirectory(Path cwd, RepositorySettings settings, Clock clock, InventoryPass pass) {
    Objects.requireNonNull(cwd, "cwd");
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(pass, "pass");
    FactsBuilder builder = Facts.builder().supplier(Facts.NOW, facts -> clock.instant());
    Optional<GitRepository> found;
    try {
      found = GitRepositories.forDirectory(cwd);
    } catch (IOException | RuntimeException e) {
      String why = "the repository at " + cwd + " could not be opened: " + SafeText.failure(e);
      for (Fact<?> fact : List.of(RepoFacts.LAYOUT, RepoFacts.DEFAULT_BRANCH, RepoFacts.BRANCH_TIPS,
          RepoFacts.BRANCH_OWNERSHIP, RepoFacts.BRANCHES, RepoFacts.IGNORED, RepoFacts.WORKTREES, RepoFacts.STATUS, RepoFacts.QUERIES,
          RepoFacts.REF_COMMITS, RepoFacts.GIT_ALIASES, ChangeFacts.QUERIES)) {
        builder.supplier(fact, facts -> {
          throw new FactUnavailableException(fact, why, e);
        });
      }
      return builder.build();
    }
    if (found.isEmpty()) {
      // a command may still name a repository elsewhere (git -C ../repo reset --hard)
      return builder.value(ChangeFacts.QUERIES, new Changes()).build();
    }
    GitRepository repo = found.get();
    Path workTree = repo.location().workTree().orElse(null);
    OnceRead<RefSnapshot> refs = new OnceRead<>(repo::refs);
    return builder
        .value(RepoFacts.SETTINGS, settings)
        .supplier(RepoFacts.LAYOUT, facts -> io(RepoFacts.LAYOUT, repo::layout))
        .supplier(RepoFacts.DEFAULT_BRANCH, facts -> read(RepoFacts.DEFAULT_BRANCH,
            () -> repo.defaultBranch(settings, refs.get())))
        .supplier(RepoFacts.BRANCH_TIPS, facts -> read(RepoFacts.BRANCH_TIPS,
            () -> GitRepository.tips(settings, refs.get())))
        .supplier(RepoFacts.BRANCH_OWNERSHIP, facts -> {
          List<dev.groundskeeper.api.repo.BranchTip> tips = facts.get(RepoFacts.BRANCH_TIPS);
          return read(RepoFacts.BRANCH_OWNERSHIP, () -> repo.ownership(refs.get(), tips));
        })
        .supplier(RepoFacts.WORKTREES, facts -> read(RepoFacts.WORKTREES, repo::worktrees))
        .supplier(RepoFacts.REMOTES, facts -> read(RepoFacts.REMOTES, repo::remotes))
        .supplier(RepoFacts.REF_COMMITS, facts -> read(RepoFacts.REF_COMMITS,
            () -> repo.refCommits(refs.get())))
        .supplier(RepoFacts.GIT_ALIASES, facts -> read(RepoFacts.GIT_ALIASES,
            () -> Map.copyOf(repo.aliases())))
        .supplier(RepoFacts.BRANCHES, facts -> {
          List<Worktree> worktrees = facts.get(RepoFacts.WORKTREES);
          return read(RepoFacts.BRANCHES,
              () -> repo.inventory(settings, refs.get(), facts.get(Facts.NOW), worktrees, pass));
        })
        .supplier(RepoFacts.IGNORED, facts -> workTree == null ? null
            : (dev.groundskeeper.api.repo.IgnoreProbe) path -> ignored(workTree, path))
        .supplier(RepoFacts.STATUS, facts -> workTree == null ? null
            : read(RepoFacts.STATUS, () -> GitRepository.status(workTree)))
        .value(RepoFacts.QUERIES, new Queries(repo, settings, refs))
        .value(ChangeFacts.QUERIES, new Changes())
        .build();
  }

  /**
   * {@code git check-ignore --no-index}: exit 0 ignored, 1 not; anything else (a path outside the
   * checkout, a broken repository) is no answer, and a rule reading it must not guess.
   */
  private static boolean ignored(Path workTree, String path) {
    BoundedProcess.Result result = read(RepoFacts.IGNORED, () -> GitCli.run(workTree,
        GitCli.READ_TIMEOUT, List.of("check-ignore", "-q", "--no-index", "--", path)));
    if (result.exitCode() == 0 || result.exitCode() == 1) {
      return result.exitCode() == 0;
    }
    throw new FactUnavailableException(RepoFacts.IGNORED, "git check-ignore " + path
        + " failed: " + result.stderr().strip(), null);
  }

  /**
   * The refs are read once per set of facts, so that the tips, the default branch and the
   * inventory of one event describe the same state of the repository.
   */
  private static final class OnceRead<T> {
    private final Read<T> read;
    private T value;

    OnceRead(Read<T> read) {
      this.read = read;
    }

    synchronized T get() throws IOException {
      if (value == null) {
        value = read.get();
      }
      return value;
    }
  }

  /** A reading step that may fail on I/O or on what it finds. */
  @FunctionalInterface
  private interface Read<T> {
    T get() throws IOException;
  }

  private static <T> T io(Fact<T> fact, Read<T> read) {
    return read(fact, read);
  }

  static <T> T read(Fact<?> fact, Read<T> read) {
    try {
      return read.get();
    } catch (IOException e) {
      throw new FactUnavailableException(fact, "git data could not be read: " + SafeText.failure(e), e);
    } catch (GitRepository.NoDefaultBranchException | GitRepository.GitReadException e) {
      throw new FactUnavailableException(fact, e.getMessage(), e);
    } catch (GitCli.GitCliException e) {
      throw new FactUnavailableException(fact, e.getMessage(), e);
    } catch (UncheckedIOException e) {
      throw new FactUnavailableException(fact, SafeText.failure(e), e);
    }
  }

  /** The uncommitted work of any worktree, read when a rule asks (see {@link ChangesReader}). */
  private record Changes() implements ChangeQueries {

    @Override
    public Optional<WorktreeChanges> changes(Path directory) {
      return read(ChangeFacts.QUERIES, () -> ChangesReader.changes(directory));
    }

    @Override
    public Optional<WorktreeChanges> trackedChanges(Path directory) {
      return read(ChangeFacts.QUERIES, () -> ChangesReader.changes(directory, false));
    }

    @Override
    public Optional<WorktreeChanges> overwrittenUntracked(Path directory, String target) {
      return read(ChangeFacts.QUERIES, () -> ChangesReader.overwrittenUntracked(directory,
          target));
    }

    @Override
    public List<String> cleanPreview(Path directory, List<String> options,
        List<String> pathspecs) {
      return read(ChangeFacts.QUERIES, () -> ChangesReader.cleanPreview(directory, options,
          pathspecs));
    }

    @Override
    public List<LooseCommit> reflogOnlyCommits(Path directory) {
      return read(ChangeFacts.QUERIES, () -> LooseCommits.reflogOnly(directory));
    }

    @Override
    public List<LooseCommit> reflogExpiry(Path directory, List<String> refs,
        java.time.Instant cutoff) {
      return read(ChangeFacts.QUERIES, () -> LooseCommits.reflogExpiry(directory, refs, cutoff));
    }

    @Override
    public List<LooseCommit> configuredReflogExpiry(Path directory, java.time.Instant cutoff) {
      return read(ChangeFacts.QUERIES, () -> LooseCommits.configuredReflogExpiry(directory,
          cutoff));
    }

    @Override
    public List<LooseCommit> unreachableCommits(Path directory) {
      return read(ChangeFacts.QUERIES, () -> LooseCommits.unreachable(directory));
    }

    @Override
    public ForcedPush forcedPush(Path directory, Optional<String> remote, String source,
        Optional<String> destination) {
      return read(ChangeFacts.QUERIES, () -> ForcedPushes.read(directory, remote, source,
          destination));
    }
  }

  /**
   * The queries judge against the refs the other facts of the event were read from (one read of
   * every loose ref per event, not one per query: over a thousand branches each read was most of
   * a served call's time).
   */
  private record Queries(GitRepository repo, RepositorySettings settings,
      OnceRead<RefSnapshot> refs) implements RepositoryQueries {

    @Override
    public MergeJudgement judgeMerged(String branch, Optional<String> startCommit) {
      return read(RepoFacts.QUERIES, () -> repo.judgeMerged(settings, refs.get(), branch,
          startCommit));
    }

    @Override
    public Containment containment(String tip, Set<String> excludedRefs) {
      return containment(List.of(tip), excludedRefs).get(tip);
    }

    @Override
    public Map<String, Containment> containment(Collection<String> tips, Set<String> excludedRefs) {
      return read(RepoFacts.QUERIES, () -> repo.containment(settings, refs.get(), tips,
          excludedRefs));
    }

    @Override
    public WorktreeStatus status(Path worktree) {
      return read(RepoFacts.QUERIES, () -> GitRepository.status(worktree));
    }

    @Override
    public Optional<Path> commonDirectory(Path checkout) {
      return GitRepository.commonDirOf(checkout);
    }
  }
}
