package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.files.FileFacts;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchProvenance;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.api.repo.BranchTip;
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
import dev.groundskeeper.testkit.TestFacts;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * An in-memory repository for the rule tests: branches with states, ages, tips, worktrees and
 * records, and the containment and status answers a test names. Each branch gets its own tip
 * unless the test gives one.
 */
final class Repo {

  static final Instant NOW = TestFacts.DEFAULT_NOW;
  static final Path ROOT = Path.of("/repo");

  private final Map<String, Spec> branches = new LinkedHashMap<>();
  private final Map<String, List<String>> containment = new HashMap<>();
  private final Map<Path, WorktreeStatus> statuses = new HashMap<>();
  private final List<Worktree> extraWorktrees = new ArrayList<>();
  private String defaultBranch = "main";
  private RepositorySettings.DormancyDays days = RepositorySettings.DormancyDays.STANDARD;
  private int nextTip = 1;
  private Optional<BranchLedger> ledger = Optional.empty();
  private Optional<Set<Path>> files = Optional.of(Set.of());
  /** How many containment scans the rules asked for (a batch counts once). */
  final java.util.concurrent.atomic.AtomicInteger containmentScans =
      new java.util.concurrent.atomic.AtomicInteger();
  private RepositoryLayout.Head head = RepositoryLayout.Head.onBranch("main", Optional.empty());
  /** Colleagues' branch names; the ownership fact is offered once a test names one. */
  private Optional<Set<String>> others = Optional.empty();
  private boolean ownershipUnavailable;
  private Optional<String> identity = Optional.of("me@example.invalid");

  /** One branch as a test describes it. */
  final class Spec {
    final String name;
    Optional<String> local;
    Optional<String> remote;
    BranchState state = BranchState.LIVE;
    long ageDays = 1;
    Optional<Path> worktree = Optional.empty();
    Dormancy.Where where = Dormancy.Where.OWN_REMOTE_ONLY;
    BranchProvenance provenance = BranchProvenance.none();
    OptionalInt commitsAhead = OptionalInt.empty();

    Spec(String name) {
      this.name = name;
      String tip = freshTip();
      this.local = Optional.of(tip);
      this.remote = Optional.of(tip);
    }

    Spec state(BranchState state) {
      this.state = state;
      return this;
    }

    Spec age(long days) {
      this.ageDays = days;
      return this;
    }

    Spec localOnly() {
      remote = Optional.empty();
      return this;
    }

    Spec remoteOnly() {
      local = Optional.empty();
      return this;
    }

    Spec tips(String local, String remote) {
      this.local = Optional.ofNullable(local);
      this.remote = Optional.ofNullable(remote);
      return this;
    }

    Spec ahead() {
      remote = Optional.of(freshTip());
      return this;
    }

    /** The inventory's count of commits on the tip that the default branch lacks. */
    Spec commitsAhead(int count) {
      this.commitsAhead = OptionalInt.of(count);
      return this;
    }

    Spec worktree(String path) {
      this.worktree = Optional.of(Path.of(path));
      return this;
    }

    Spec where(Dormancy.Where where) {
      this.where = where;
      return this;
    }

    Spec touchedBy(String... actors) {
      provenance = new BranchProvenance(Optional.of(actors[0]), Optional.of(NOW),
          Optional.of("git switch"), List.of(actors));
      return this;
    }

    Repo done() {
      return Repo.this;
    }

    String tip() {
      return local.or(() -> remote).orElseThrow();
    }
  }

  static Repo create() {
    Repo repo = new Repo();
    repo.branch("main").state(BranchState.DEFAULT);
    return repo;
  }

  Spec branch(String name) {
    Spec spec = new Spec(name);
    branches.put(name, spec);
    return spec;
  }

  Repo work(String... names) {
    for (String name : names) {
      branch(name);
    }
    return this;
  }

  Spec spec(String name) {
    return branches.get(name);
  }

  String tipOf(String name) {
    return branches.get(name).tip();
  }

  Repo days(RepositorySettings.DormancyDays days) {
    this.days = days;
    return this;
  }

  /** The refs (full names) that contain {@code tip}, besides the branch's own refs. */
  Repo contains(String tip, String... refs) {
    containment.put(tip, List.of(refs));
    return this;
  }

  Repo status(String worktree, WorktreeStatus status) {
    statuses.put(Path.of(worktree), status);
    return this;
  }

  Repo detachedWorktree(String path, String head) {
    extraWorktrees.add(new Worktree(Path.of(path), Optional.of(head), Optional.empty(), false,
        false, Optional.empty(), Optional.empty()));
    return this;
  }

  Repo ledger(BranchLedger ledger) {
    this.ledger = Optional.of(ledger);
    return this;
  }

  /** The files that exist (absolute, or relative to {@link #ROOT}); by default none. */
  Repo files(String... paths) {
    Set<Path> existing = new HashSet<>();
    for (String path : paths) {
      existing.add(ROOT.resolve(path).normalize());
    }
    this.files = Optional.of(existing);
    return this;
  }

  /** The file facts are not offered at all, as for a runner that registers none. */
  Repo withoutFileFacts() {
    this.files = Optional.empty();
    return this;
  }

  /** These branches are a colleague's ({@code colleague@example.invalid}); the rest are ours. */
  Repo others(String... names) {
    Set<String> set = new HashSet<>(others.orElse(Set.of()));
    set.addAll(List.of(names));
    others = Optional.of(set);
    return this;
  }

  /** Git has no configured identity: no tip can be told to be ours. */
  Repo noIdentity() {
    identity = Optional.empty();
    return this;
  }

  /** The ownership fact fails to read. */
  Repo ownershipUnavailable() {
    ownershipUnavailable = true;
    return this;
  }

  dev.groundskeeper.api.repo.BranchOwnership ownership() {
    Map<String, dev.groundskeeper.api.repo.BranchOwnership.Owner> owners = new HashMap<>();
    Set<String> theirs = others.orElse(Set.of());
    for (Spec spec : branches.values()) {
      boolean other = theirs.contains(spec.name);
      // As the git module reads it: records first, authorship only with an identity, then a
      // branch no remote holds.
      dev.groundskeeper.api.repo.BranchOwnership.Basis basis;
      if (spec.provenance.creator().isPresent()) {
        basis = dev.groundskeeper.api.repo.BranchOwnership.Basis.RECORDED;
      } else if (!other && identity.isPresent()) {
        basis = dev.groundskeeper.api.repo.BranchOwnership.Basis.AUTHORED;
      } else if (spec.remote.isEmpty()) {
        basis = dev.groundskeeper.api.repo.BranchOwnership.Basis.ONLY_HERE;
      } else {
        basis = dev.groundskeeper.api.repo.BranchOwnership.Basis.OTHERS;
      }
      owners.put(spec.name, new dev.groundskeeper.api.repo.BranchOwnership.Owner(basis,
          Optional.of(other ? "colleague@example.invalid" : "me@example.invalid")));
    }
    return new dev.groundskeeper.api.repo.BranchOwnership(identity, owners);
  }

  Repo onBranch(String branch) {
    this.head = RepositoryLayout.Head.onBranch(branch, Optional.of(tipOf(branch)));
    return this;
  }

  String freshTip() {
    return String.format("%040x", nextTip++);
  }

  List<BranchTip> tips() {
    List<BranchTip> tips = new ArrayList<>();
    for (Spec spec : branches.values()) {
      tips.add(new BranchTip(spec.name, spec.local, spec.remote));
    }
    return tips;
  }

  BranchInventory inventory() {
    List<BranchRecord> records = new ArrayList<>();
    for (Spec spec : branches.values()) {
      BranchState state = spec.state == BranchState.DORMANT
          && Dormancy.stageFor(spec.ageDays, days) == null ? BranchState.LIVE : spec.state;
      Optional<Dormancy> dormancy = state == BranchState.DORMANT
          ? Optional.of(new Dormancy(Dormancy.stageFor(spec.ageDays, days), spec.ageDays,
              spec.where, spec.where == Dormancy.Where.IN_OTHER_REMOTE_REF
                  ? List.of("refs/remotes/origin/release/1") : List.of()))
          : Optional.empty();
      Optional<ParkMarker> park = spec.state == BranchState.PARKED
          ? Optional.of(new ParkMarker("waits for the API review", "someone",
              NOW.minus(Duration.ofDays(spec.ageDays)), spec.tip()))
          : Optional.empty();
      List<MergeJudgement> judgements = spec.state.merged()
          ? List.of(spec.state == BranchState.PATCH_EQUIVALENT
              ? MergeJudgement.merged("refs/remotes/origin/main", MergeJudgement.Method.SQUASH,
                  "one commit on the target has the branch's whole diff")
              : MergeJudgement.merged("refs/remotes/origin/main",
                  MergeJudgement.Method.ANCESTRY, "ancestor"))
          : List.of();
      records.add(new BranchRecord(spec.name, spec.local, spec.remote,
          spec.local.isPresent() && spec.remote.isPresent()
              ? Optional.of("refs/remotes/origin/" + spec.name) : Optional.empty(),
          spec.commitsAhead, OptionalInt.empty(), spec.worktree,
          NOW.minus(Duration.ofDays(spec.ageDays)), park, List.of(), spec.provenance,
          state, judgements, List.of(), dormancy));
    }
    records.sort((a, b) -> a.name().compareTo(b.name()));
    Spec main = branches.get(defaultBranch);
    return new BranchInventory(new DefaultBranch(defaultBranch, main.local, main.remote,
        DefaultBranch.Source.LOCAL_MAIN), "origin", records, NOW, true);
  }

  List<Worktree> worktrees() {
    List<Worktree> worktrees = new ArrayList<>();
    worktrees.add(new Worktree(ROOT, Optional.of(tipOf(defaultBranch)),
        Optional.of(defaultBranch), true, false, Optional.empty(), Optional.empty()));
    for (Spec spec : branches.values()) {
      spec.worktree.ifPresent(path -> worktrees.add(new Worktree(path, spec.local,
          Optional.of(spec.name), false, false, Optional.empty(), Optional.empty())));
    }
    worktrees.addAll(extraWorktrees);
    return worktrees;
  }

  Facts facts() {
    BranchInventory inventory = inventory();
    Spec main = branches.get(defaultBranch);
    TestFacts.Builder builder = TestFacts.builder().now(NOW)
        .with(RepoFacts.DEFAULT_BRANCH, inventory.defaultBranch())
        .with(RepoFacts.BRANCH_TIPS, tips())
        .with(RepoFacts.BRANCHES, inventory)
        .with(RepoFacts.WORKTREES, worktrees())
        .with(RepoFacts.LAYOUT, new RepositoryLayout(Optional.of(ROOT), ROOT.resolve(".git"),
            ROOT.resolve(".git"), false, false, head))
        .with(RepoFacts.QUERIES, new Queries());
    ledger.ifPresent(l -> builder.with(BranchLedger.FACT, l));
    if (ownershipUnavailable) {
      builder.unavailable(RepoFacts.BRANCH_OWNERSHIP, "the tips could not be read");
    } else if (others.isPresent()) {
      builder.with(RepoFacts.BRANCH_OWNERSHIP, ownership());
    }
    files.ifPresent(existing -> builder.with(FileFacts.PATHS,
        path -> existing.contains(ROOT.resolve(path).normalize())));
    return builder.build();
  }

  /** Containment: a branch's own refs always hold its tip; anything else is what the test said. */
  private final class Queries implements RepositoryQueries {
    @Override
    public MergeJudgement judgeMerged(String branch, Optional<String> startCommit) {
      return branches.get(branch).state.merged()
          ? MergeJudgement.merged("refs/remotes/origin/main", MergeJudgement.Method.ANCESTRY, "")
          : MergeJudgement.notMerged("refs/remotes/origin/main", "");
    }

    @Override
    public Containment containment(String tip, Set<String> excludedRefs) {
      containmentScans.incrementAndGet();
      return contained(tip, excludedRefs);
    }

    private Containment contained(String tip, Set<String> excludedRefs) {
      Set<String> refs = new HashSet<>(containment.getOrDefault(tip, List.of()));
      for (Spec spec : branches.values()) {
        if (spec.local.filter(tip::equals).isPresent()) {
          refs.add("refs/heads/" + spec.name);
        }
        if (spec.remote.filter(tip::equals).isPresent()) {
          refs.add("refs/remotes/origin/" + spec.name);
        }
      }
      refs.removeAll(excludedRefs);
      return new Containment(tip, refs.stream().sorted().toList(), true);
    }

    @Override
    public Map<String, Containment> containment(Collection<String> tips,
        Set<String> excludedRefs) {
      containmentScans.incrementAndGet();
      Map<String, Containment> out = new HashMap<>();
      for (String tip : tips) {
        out.put(tip, contained(tip, excludedRefs));
      }
      return out;
    }

    @Override
    public WorktreeStatus status(Path worktree) {
      return statuses.getOrDefault(worktree, WorktreeStatus.clean());
    }

    @Override
    public Optional<Path> commonDirectory(Path checkout) {
      return Optional.of(ROOT.resolve(".git"));
    }
  }
}
