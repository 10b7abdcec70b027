package dev.groundskeeper.testkit.repo;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchProvenance;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.api.repo.BranchTip;
import dev.groundskeeper.api.repo.CommitIds;
import dev.groundskeeper.api.repo.Containment;
import dev.groundskeeper.api.repo.DefaultBranch;
import dev.groundskeeper.api.repo.Dormancy;
import dev.groundskeeper.api.repo.MergeJudgement;
import dev.groundskeeper.api.repo.ParkMarker;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositoryLayout;
import dev.groundskeeper.api.repo.RepositoryQueries;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.repo.WorktreeStatus;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * An in-memory repository for rule tests: branches with tips, dates, upstreams, park markers,
 * creator and touch records and merged judgements, and worktrees with their status. It answers
 * every {@link RepoFacts} key through {@link Facts#builder()}, deriving what the git module
 * derives (states in the seed's first-match order, dormancy stages, same-tip groups, containment)
 * from what the test declares, so a rule sees the same shapes it sees in production.
 *
 * <pre>{@code
 * Facts facts = InMemoryRepository.builder()
 *     .now(Instant.parse("2026-03-01T00:00:00Z"))
 *     .branch("feature/login", b -> b.idleDays(40).pushed())
 *     .branch("fix/42", b -> b.idleDays(1).worktree(Path.of("/work/fix-42")))
 *     .branch("done", b -> b.merged(MergeJudgement.Method.SQUASH))
 *     .build()
 *     .facts();
 * }</pre>
 */
@API(status = API.Status.EXPERIMENTAL)
public final class InMemoryRepository {

  private final Instant now;
  private final RepositorySettings settings;
  private final RepositoryLayout layout;
  private final DefaultBranch defaultBranch;
  private final BranchInventory inventory;
  private final List<Worktree> worktrees;
  private final Map<Path, WorktreeStatus> statuses;
  private final Map<String, Set<String>> containedIn;
  private final Map<String, MergeJudgement> judgements;

  private InMemoryRepository(Builder b) {
    this.now = b.now;
    this.settings = b.settings;
    Map<String, BranchSpec> specs = b.branches;
    if (!specs.containsKey(b.defaultBranch)) {
      specs.put(b.defaultBranch, new BranchSpec(b.defaultBranch));
    }
    BranchSpec main = specs.get(b.defaultBranch);
    this.defaultBranch = new DefaultBranch(b.defaultBranch, main.localTip(),
        main.remote ? Optional.of(main.remoteTip()) : Optional.empty(), DefaultBranch.Source.CONFIGURED);
    this.worktrees = buildWorktrees(b, main);
    this.statuses = Map.copyOf(b.statuses);
    this.containedIn = new TreeMap<>();
    b.branches.values().forEach(spec -> containedIn.computeIfAbsent(spec.tip(), k -> new LinkedHashSet<>())
        .addAll(spec.containedIn));
    this.judgements = new TreeMap<>();
    this.inventory = buildInventory(b);
    Path root = worktrees.get(0).path();
    Worktree current = b.currentWorktree == null ? worktrees.get(0)
        : worktrees.stream().filter(w -> w.path().equals(b.currentWorktree)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no worktree at " + b.currentWorktree));
    RepositoryLayout.Head head = current.branch().isPresent()
        ? RepositoryLayout.Head.onBranch(current.branch().get(), current.head())
        : RepositoryLayout.Head.detached(current.head().orElseThrow());
    this.layout = new RepositoryLayout(Optional.of(current.path()),
        current.main() ? root.resolve(".git") : root.resolve(".git/worktrees/" + current.path().getFileName()),
        root.resolve(".git"), !current.main(), b.shallow, head);
  }

  /** {@return a builder of a repository with only its default branch, at {@code /work/repo}} */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * {@return a commit id made from {@code seed}: the same seed always gives the same id}
   *
   * @param seed any text
   */
  public static String commitId(String seed) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-1").digest(seed.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-1 is part of every Java runtime", e);
    }
  }

  /** {@return the branch inventory, as the git module would read it} */
  public BranchInventory inventory() {
    return inventory;
  }

  /** {@return the worktrees, the main one first} */
  public List<Worktree> worktrees() {
    return worktrees;
  }

  /** {@return every repository fact, plus the fixed clock} */
  public Facts facts() {
    Path here = layout.workTree().orElseThrow();
    return Facts.builder()
        .value(Facts.NOW, now)
        .value(RepoFacts.SETTINGS, settings)
        .value(RepoFacts.LAYOUT, layout)
        .value(RepoFacts.DEFAULT_BRANCH, defaultBranch)
        .value(RepoFacts.BRANCH_TIPS, inventory.branches().stream().map(BranchRecord::tips).toList())
        .value(RepoFacts.BRANCHES, inventory)
        .value(RepoFacts.WORKTREES, worktrees)
        .value(RepoFacts.STATUS, statuses.getOrDefault(here, WorktreeStatus.clean()))
        .value(RepoFacts.QUERIES, new Queries())
        .build();
  }

  private final class Queries implements RepositoryQueries {

    @Override
    public MergeJudgement judgeMerged(String branch, Optional<String> startCommit) {
      BranchRecord record = inventory.find(branch)
          .orElseThrow(() -> new IllegalArgumentException("no branch named '" + branch + "'"));
      return judgements.getOrDefault(branch, record.mergedBy().orElseGet(() ->
          MergeJudgement.notMerged("refs/heads/" + defaultBranch.name(), "declared unmerged")));
    }

    @Override
    public Containment containment(String tip, Set<String> excludedRefs) {
      CommitIds.requireValid(tip);
      Set<String> refs = new LinkedHashSet<>();
      for (BranchRecord b : inventory.branches()) {
        b.localTip().filter(tip::equals).ifPresent(t -> refs.add("refs/heads/" + b.name()));
        b.remoteTip().filter(tip::equals).ifPresent(t -> refs.add("refs/remotes/" + settings.remote() + "/" + b.name()));
      }
      refs.addAll(containedIn.getOrDefault(tip, Set.of()));
      refs.removeAll(excludedRefs);
      return new Containment(tip, List.copyOf(refs), true);
    }

    @Override
    public Map<String, Containment> containment(Collection<String> tips, Set<String> excludedRefs) {
      Map<String, Containment> result = new LinkedHashMap<>();
      tips.forEach(tip -> result.put(tip, containment(tip, excludedRefs)));
      return result;
    }

    @Override
    public WorktreeStatus status(Path worktree) {
      return statuses.getOrDefault(worktree, WorktreeStatus.clean());
    }

    @Override
    public Optional<Path> commonDirectory(Path checkout) {
      return worktrees.stream().anyMatch(w -> w.path().equals(checkout))
          ? Optional.of(worktrees.get(0).path().resolve(".git")) : Optional.empty();
    }
  }

  private static List<Worktree> buildWorktrees(Builder b, BranchSpec main) {
    List<Worktree> result = new ArrayList<>();
    result.add(new Worktree(b.root, main.localTip(), Optional.of(main.name), true, false,
        Optional.empty(), Optional.empty()));
    for (WorktreeSpec w : b.worktrees) {
      Optional<String> head = w.branch.map(name -> {
        BranchSpec spec = b.branches.get(name);
        if (spec == null) {
          throw new IllegalArgumentException("worktree " + w.path + " names unknown branch '" + name + "'");
        }
        return spec.tip();
      }).or(() -> w.detachedAt);
      result.add(new Worktree(w.path, head, w.branch, false, false, w.locked, w.prunable));
    }
    return List.copyOf(result);
  }

  private BranchInventory buildInventory(Builder b) {
    Map<String, Path> worktreeOf = new LinkedHashMap<>();
    for (Worktree w : worktrees) {
      w.branch().ifPresent(name -> worktreeOf.putIfAbsent(name, w.path()));
    }
    Map<String, List<String>> byTip = new LinkedHashMap<>();
    for (BranchSpec spec : b.branches.values()) {
      if (!settings.isExempt(spec.name)) {
        byTip.computeIfAbsent(spec.tip(), k -> new ArrayList<>()).add(spec.name);
      }
    }
    List<BranchRecord> records = new ArrayList<>();
    for (BranchSpec spec : new TreeMap<>(b.branches).values()) {
      Instant last = spec.lastCommit != null ? spec.lastCommit : now.minus(Duration.ofDays(spec.idleDays));
      spec.mergedMethod.ifPresent(method -> spec.judgement = Optional.of(MergeJudgement.merged(
          "refs/heads/" + defaultBranch.name(), method, "declared merged")));
      List<MergeJudgement> made = spec.judgement.map(List::of).orElse(List.of());
      spec.judgement.ifPresent(j -> judgements.put(spec.name, j));
      BranchState state;
      if (spec.state != null) {
        state = spec.state;
      } else if (settings.isExempt(spec.name)) {
        state = BranchState.EXEMPT;
      } else if (spec.name.equals(defaultBranch.name())) {
        state = BranchState.DEFAULT;
      } else if (settings.isIntegrationLine(spec.name)) {
        state = BranchState.INTEGRATION_LINE;
      } else if (spec.judgement.filter(MergeJudgement::merged).isPresent()) {
        MergeJudgement j = spec.judgement.get();
        state = j.method().get() != MergeJudgement.Method.ANCESTRY ? BranchState.PATCH_EQUIVALENT
            : j.target().endsWith("/" + defaultBranch.name()) ? BranchState.MERGED_INTO_DEFAULT
            : BranchState.MERGED_INTO_LINE;
      } else if (spec.park.isPresent()) {
        state = BranchState.PARKED;
      } else {
        long idle = Math.max(0, Duration.between(last, now).toDays());
        state = Dormancy.stageFor(idle, settings.dormancy()) == null ? BranchState.LIVE : BranchState.DORMANT;
      }
      Optional<Dormancy> dormancy = Optional.empty();
      if (state == BranchState.DORMANT) {
        long idle = Math.max(0, Duration.between(last, now).toDays());
        Dormancy.Stage stage = Dormancy.stageFor(idle, settings.dormancy());
        if (stage == null) {
          stage = Dormancy.Stage.ADVISORY;
        }
        String own = "refs/remotes/" + settings.remote() + "/" + spec.name;
        List<String> elsewhere = spec.containedIn.stream()
            .filter(r -> r.startsWith("refs/remotes/" + settings.remote() + "/") && !r.equals(own)).toList();
        Dormancy.Where where = !elsewhere.isEmpty() ? Dormancy.Where.IN_OTHER_REMOTE_REF
            : spec.remote ? Dormancy.Where.OWN_REMOTE_ONLY : Dormancy.Where.NOWHERE;
        dormancy = Optional.of(new Dormancy(stage, idle, where, elsewhere));
      }
      Optional<ParkMarker> park = spec.park.map(p -> new ParkMarker(p[0], p[1], last, spec.tip()));
      List<String> sameTip = state == BranchState.EXEMPT ? List.of()
          : byTip.getOrDefault(spec.tip(), List.of()).stream().filter(n -> !n.equals(spec.name)).sorted().toList();
      boolean notJudged = state == BranchState.EXEMPT || state == BranchState.DEFAULT
          || state == BranchState.INTEGRATION_LINE;
      records.add(new BranchRecord(spec.name, spec.localTip(),
          spec.remote ? Optional.of(spec.remoteTip()) : Optional.empty(),
          spec.upstream, notJudged ? OptionalInt.empty() : OptionalInt.of(spec.ahead),
          notJudged ? OptionalInt.empty() : OptionalInt.of(spec.behind),
          Optional.ofNullable(worktreeOf.get(spec.name)), last, park, spec.planTokens,
          new BranchProvenance(spec.creator, spec.created, spec.route, List.copyOf(spec.touchedBy)),
          state, made, sameTip, dormancy));
    }
    return new BranchInventory(defaultBranch, settings.remote(), records, now, true);
  }

  /** Collects the repository; every method returns this builder. */
  @API(status = API.Status.EXPERIMENTAL)
  public static final class Builder {
    private Instant now = Instant.parse("2026-01-01T00:00:00Z");
    private RepositorySettings settings = RepositorySettings.defaults();
    private String defaultBranch = "main";
    private Path root = Path.of("/work/repo");
    private Path currentWorktree;
    private boolean shallow;
    private final Map<String, BranchSpec> branches = new LinkedHashMap<>();
    private final List<WorktreeSpec> worktrees = new ArrayList<>();
    private final Map<Path, WorktreeStatus> statuses = new LinkedHashMap<>();

    private Builder() {}

    /**
     * The time the repository is read at, which branch ages are measured from.
     *
     * @param now the instant
     * @return this builder
     */
    public Builder now(Instant now) {
      this.now = Objects.requireNonNull(now, "now");
      return this;
    }

    /**
     * The settings states are derived with (exempt and line globs, dormancy days, remote).
     *
     * @param settings the settings
     * @return this builder
     */
    public Builder settings(RepositorySettings settings) {
      this.settings = Objects.requireNonNull(settings, "settings");
      return this;
    }

    /**
     * The default branch (default {@code main}).
     *
     * @param name its name
     * @return this builder
     */
    public Builder defaultBranch(String name) {
      this.defaultBranch = Objects.requireNonNull(name, "name");
      return this;
    }

    /**
     * The main worktree's directory (default {@code /work/repo}).
     *
     * @param root the directory
     * @return this builder
     */
    public Builder root(Path root) {
      this.root = Objects.requireNonNull(root, "root");
      return this;
    }

    /**
     * The checkout the event happened in (default: the main worktree).
     *
     * @param path the worktree's directory
     * @return this builder
     */
    public Builder currentWorktree(Path path) {
      this.currentWorktree = Objects.requireNonNull(path, "path");
      return this;
    }

    /**
     * Makes the repository a shallow clone.
     *
     * @return this builder
     */
    public Builder shallow() {
      this.shallow = true;
      return this;
    }

    /**
     * A local branch, described by {@code spec} (tips default to ids made from the name).
     *
     * @param name the branch's short name
     * @param spec sets the branch's tip, remote copy, age, merge and records
     * @return this builder
     */
    public Builder branch(String name, Consumer<BranchSpec> spec) {
      BranchSpec b = branches.computeIfAbsent(name, BranchSpec::new);
      spec.accept(b);
      return this;
    }

    /**
     * A local branch with the defaults: its tip made from the name, not pushed, not merged.
     *
     * @param name the branch's short name
     * @return this builder
     */
    public Builder branch(String name) {
      return branch(name, b -> { });
    }

    /**
     * A branch that exists only as {@code refs/remotes/<remote>/<name>}.
     *
     * @param name the branch's short name
     * @param spec sets the branch's remote tip, age and merge
     * @return this builder
     */
    public Builder remoteOnlyBranch(String name, Consumer<BranchSpec> spec) {
      return branch(name, b -> {
        b.local = false;
        b.remote = true;
        spec.accept(b);
      });
    }

    /**
     * A linked worktree with {@code branch} checked out.
     *
     * @param path the worktree's directory
     * @param branch the branch checked out there
     * @return this builder
     */
    public Builder worktree(Path path, String branch) {
      return worktree(path, branch, w -> { });
    }

    /**
     * A linked worktree with {@code branch} checked out, described by {@code spec}.
     *
     * @param path the worktree's directory
     * @param branch the branch checked out there
     * @param spec sets whether it is locked or prunable
     * @return this builder
     */
    public Builder worktree(Path path, String branch, Consumer<WorktreeSpec> spec) {
      WorktreeSpec w = new WorktreeSpec(path);
      w.branch = Optional.of(branch);
      spec.accept(w);
      worktrees.add(w);
      return this;
    }

    /**
     * A linked worktree with a detached HEAD at {@code commit}.
     *
     * @param path the worktree's directory
     * @param commit the commit its HEAD is at
     * @return this builder
     */
    public Builder detachedWorktree(Path path, String commit) {
      WorktreeSpec w = new WorktreeSpec(path);
      w.detachedAt = Optional.of(CommitIds.requireValid(commit));
      worktrees.add(w);
      return this;
    }

    /**
     * What {@code git status} says in the worktree at {@code path} (default: clean).
     *
     * @param path the worktree's directory
     * @param status its status
     * @return this builder
     */
    public Builder status(Path path, WorktreeStatus status) {
      statuses.put(Objects.requireNonNull(path, "path"), Objects.requireNonNull(status, "status"));
      return this;
    }

    /** {@return the repository, its inventory and worktrees derived from what was set} */
    public InMemoryRepository build() {
      return new InMemoryRepository(this);
    }
  }

  /** One branch of the in-memory repository. */
  @API(status = API.Status.EXPERIMENTAL)
  public static final class BranchSpec {
    private final String name;
    private boolean local = true;
    private boolean remote;
    private String localTip;
    private String remoteTip;
    private Optional<String> upstream = Optional.empty();
    private Instant lastCommit;
    private long idleDays;
    private int ahead = 1;
    private int behind;
    private Optional<String[]> park = Optional.empty();
    private Optional<MergeJudgement> judgement = Optional.empty();
    private Optional<MergeJudgement.Method> mergedMethod = Optional.empty();
    private BranchState state;
    private final List<String> planTokens = new ArrayList<>();
    private Optional<String> creator = Optional.empty();
    private Optional<Instant> created = Optional.empty();
    private Optional<String> route = Optional.empty();
    private final Set<String> touchedBy = new LinkedHashSet<>();
    private final Set<String> containedIn = new LinkedHashSet<>();

    private BranchSpec(String name) {
      this.name = Objects.requireNonNull(name, "name");
    }

    Optional<String> localTip() {
      return local ? Optional.of(localTip != null ? localTip : commitId("local:" + name)) : Optional.empty();
    }

    String remoteTip() {
      return remoteTip != null ? remoteTip : localTip().orElseGet(() -> commitId("remote:" + name));
    }

    String tip() {
      return localTip().orElseGet(this::remoteTip);
    }

    /**
     * The local tip (default: an id made from the name).
     *
     * @param commit a full commit id
     * @return this branch
     */
    public BranchSpec tip(String commit) {
      this.localTip = CommitIds.requireValid(commit);
      return this;
    }

    /**
     * The remote copy exists at the same tip as the local branch.
     *
     * @return this branch
     */
    public BranchSpec pushed() {
      this.remote = true;
      this.upstream = Optional.of("refs/remotes/origin/" + name);
      return this;
    }

    /**
     * The remote copy exists at {@code commit} (a different tip: the local branch is unpushed).
     *
     * @param commit a full commit id
     * @return this branch
     */
    public BranchSpec remoteTip(String commit) {
      this.remote = true;
      this.remoteTip = CommitIds.requireValid(commit);
      return this;
    }

    /**
     * The upstream the branch tracks.
     *
     * @param fullRef the full ref, such as {@code refs/remotes/origin/feat/x}
     * @return this branch
     */
    public BranchSpec upstream(String fullRef) {
      this.upstream = Optional.of(fullRef);
      return this;
    }

    /**
     * The tip's committer date.
     *
     * @param instant the date
     * @return this branch
     */
    public BranchSpec lastCommit(Instant instant) {
      this.lastCommit = Objects.requireNonNull(instant, "instant");
      return this;
    }

    /**
     * The tip's committer date lies {@code days} before the repository's now.
     *
     * @param days the days since the last commit
     * @return this branch
     */
    public BranchSpec idleDays(long days) {
      this.idleDays = days;
      this.lastCommit = null;
      return this;
    }

    /**
     * How many commits the branch holds beyond the default branch.
     *
     * @param commits the count
     * @return this branch
     */
    public BranchSpec ahead(int commits) {
      this.ahead = commits;
      return this;
    }

    /**
     * How many commits of the default branch the branch lacks.
     *
     * @param commits the count
     * @return this branch
     */
    public BranchSpec behind(int commits) {
      this.behind = commits;
      return this;
    }

    /**
     * Parks the branch, as {@code groundskeeper branch park} records it.
     *
     * @param reason why it was parked
     * @param parkedBy who parked it
     * @return this branch
     */
    public BranchSpec parked(String reason, String parkedBy) {
      this.park = Optional.of(new String[] {reason, parkedBy});
      return this;
    }

    /**
     * Merged into the default branch by {@code method}.
     *
     * @param method how the merge is proven
     * @return this branch
     */
    public BranchSpec merged(MergeJudgement.Method method) {
      this.mergedMethod = Optional.of(Objects.requireNonNull(method, "method"));
      this.judgement = Optional.empty();
      return this;
    }

    /**
     * The merged judgement the git module would give (its target decides the merged state).
     *
     * @param judgement the judgement
     * @return this branch
     */
    public BranchSpec judged(MergeJudgement judgement) {
      this.judgement = Optional.of(Objects.requireNonNull(judgement, "judgement"));
      this.mergedMethod = Optional.empty();
      return this;
    }

    /**
     * Overrides the derived state.
     *
     * @param state the state to report
     * @return this branch
     */
    public BranchSpec state(BranchState state) {
      this.state = Objects.requireNonNull(state, "state");
      return this;
    }

    /**
     * Words of the plan the branch belongs to, as its ledger records them.
     *
     * @param tokens the words
     * @return this branch
     */
    public BranchSpec planTokens(String... tokens) {
      planTokens.addAll(List.of(tokens));
      return this;
    }

    /**
     * The ledger's creation record of the branch.
     *
     * @param actor who created it (a session or agent)
     * @param when when
     * @param route the creation route (such as {@code switch -c})
     * @return this branch
     */
    public BranchSpec createdBy(String actor, Instant when, String route) {
      this.creator = Optional.of(actor);
      this.created = Optional.of(when);
      this.route = Optional.of(route);
      return this;
    }

    /**
     * The ledger's touch records of the branch.
     *
     * @param actors who touched it
     * @return this branch
     */
    public BranchSpec touchedBy(String... actors) {
      touchedBy.addAll(List.of(actors));
      return this;
    }

    /**
     * Refs other than its own that contain the tip (e.g. {@code refs/remotes/origin/release}).
     *
     * @param refs the full ref names
     * @return this branch
     */
    public BranchSpec containedIn(String... refs) {
      containedIn.addAll(List.of(refs));
      return this;
    }
  }

  /** One linked worktree of the in-memory repository. */
  @API(status = API.Status.EXPERIMENTAL)
  public static final class WorktreeSpec {
    private final Path path;
    private Optional<String> branch = Optional.empty();
    private Optional<String> detachedAt = Optional.empty();
    private Optional<String> locked = Optional.empty();
    private Optional<String> prunable = Optional.empty();

    private WorktreeSpec(Path path) {
      this.path = Objects.requireNonNull(path, "path");
    }

    /**
     * Locks the worktree, as {@code git worktree lock --reason} does.
     *
     * @param reason the lock's reason
     * @return this worktree
     */
    public WorktreeSpec locked(String reason) {
      this.locked = Optional.of(reason);
      return this;
    }

    /**
     * Marks the worktree prunable (its directory gone), as {@code git worktree list} reports it.
     *
     * @param reason why git would prune it
     * @return this worktree
     */
    public WorktreeSpec prunable(String reason) {
      this.prunable = Optional.of(reason);
      return this;
    }
  }
}
