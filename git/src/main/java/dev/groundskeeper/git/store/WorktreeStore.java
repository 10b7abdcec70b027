package dev.groundskeeper.git.store;

import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.API;
import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.repo.MergeJudgement;
import dev.groundskeeper.api.repo.RepoEffect;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.repo.WorktreeStatus;
import dev.groundskeeper.git.EffectExecutor;
import dev.groundskeeper.git.EffectResult;
import dev.groundskeeper.rules.worktree.LaneKeys;
import dev.groundskeeper.rules.worktree.MergePolicy;
import dev.groundskeeper.rules.worktree.MergeStatus;
import dev.groundskeeper.rules.worktree.ProofOfBelonging;
import dev.groundskeeper.rules.worktree.WorktreeNames;
import dev.groundskeeper.rules.worktree.WorktreesConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;

/**
 * The machine's worktree store: {@code <home>/worktrees/<root commit>/<name>/}. It adds worktrees
 * to the lane of the repository a directory belongs to, lists what git reports (and with
 * {@link #listAll} every lane on the machine), and reclaims merged worktrees through
 * {@link Pruner}. It never deletes what it cannot prove belongs to it.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class WorktreeStore {

  static final String STARTS = ".starts";
  private static final Pattern FULL_ID = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");
  private static final int STATUS_READERS = 4;

  private final StoreLocation location;
  private final WorktreesConfig config;
  private final RepositorySettings settings;
  private final Map<String, String> environment;
  private final Clock clock;
  private final GitRunner git;

  /**
   * @param environment the environment the forge ({@code gh}) is looked for on ({@code PATH})
   */
  public WorktreeStore(StoreLocation location, WorktreesConfig config, RepositorySettings settings,
      Map<String, String> environment, Clock clock) {
    this.location = Objects.requireNonNull(location, "location");
    this.config = Objects.requireNonNull(config, "config");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.environment = Map.copyOf(environment);
    this.clock = Objects.requireNonNull(clock, "clock");
    this.git = new GitRunner(environment);
  }

  public StoreLocation location() {
    return location;
  }

  /**
   * Adds worktree {@code name} to the lane of the repository holding {@code directory}: a new
   * branch {@code name} cut from the default branch, or the existing local branch
   * {@code existingBranch} checked out.
   *
   * @throws StoreRefusal with the reason and the way out; nothing is written beyond empty store
   *     levels
   */
  public AddedWorktree add(Path directory, String name, Optional<String> existingBranch) {
    WorktreeNames.problem(name).ifPresent(problem -> {
      throw new StoreRefusal(problem + ": '" + SafeText.escape(name) + "'",
          "choose a name such as " + WorktreeNames.suggest(name).orElse("fix-login"));
    });
    Checkout checkout = Checkout.open(directory, settings, git);
    checkRefFormat(checkout, name);
    String root = checkout.rootCommit();
    Path lane = location.lane(root);
    Path path = lane.resolve(name);
    if (Files.exists(path, LinkOption.NOFOLLOW_LINKS) || listedAt(checkout, path)) {
      throw new StoreRefusal("the name '" + name + "' is taken in this repository's lane ("
          + location.display(path) + ")", "choose another name, or list the lane with"
          + " groundskeeper worktree list");
    }
    boolean creates = existingBranch.isEmpty();
    RepoEffect.AddWorktree effect;
    if (creates) {
      if (checkout.localTip(name).isPresent()) {
        throw new StoreRefusal("a branch named '" + name + "' already exists",
            "check it out in the store with: groundskeeper worktree add " + name + " --branch "
                + name);
      }
      effect = new RepoEffect.AddWorktree(path, name, Optional.of(startPoint(checkout)));
    } else {
      String branch = existingBranch.get();
      if (checkout.localTip(branch).isEmpty()) {
        throw new StoreRefusal("there is no local branch '" + SafeText.escape(branch) + "'",
            "create it first (git branch " + ShellWords.quote(branch) + " <start>), or leave"
                + " out --branch to cut a new branch named " + name);
      }
      effect = new RepoEffect.AddWorktree(path, branch, Optional.empty());
    }
    new StoreLevels(location).ensure(List.of("worktrees", root));
    EffectResult result = EffectExecutor.forDirectory(checkout.workTree()).perform(effect);
    if (!result.done()) {
      throw new StoreRefusal(SafeText.escape(location.display(result.message())), "");
    }
    try {
      Files.setPosixFilePermissions(path, StoreLevels.OWNER_ONLY);
    } catch (IOException e) {
      throw new StoreRefusal("the worktree was added at " + location.display(path)
          + " but its mode could not be set to 0700: " + e.getMessage(),
          "run chmod 700 " + ShellWords.quote(location.display(path)));
    }
    String branch = existingBranch.orElse(name);
    String startCommit = head(path);
    if (creates) {
      recordStart(root, name, startCommit);
    } else {
      forgetStart(root, name);
    }
    return new AddedWorktree(path, location.display(path), branch, creates, startCommit);
  }

  private void checkRefFormat(Checkout checkout, String name) {
    Processes.Result result = git.run(checkout.workTree(), Processes.READ,
        List.of("check-ref-format", "--branch", name));
    if (!result.ok()) {
      throw new StoreRefusal("'" + name + "' is not a branch name git accepts",
          "choose a name such as " + WorktreeNames.suggest(name + "-1").orElse("fix-login"));
    }
  }

  private static String startPoint(Checkout checkout) {
    var defaultBranch = checkout.defaultBranch();
    return defaultBranch.localTip().or(defaultBranch::remoteTip).orElseThrow(() ->
        new StoreRefusal("the default branch '" + defaultBranch.name() + "' has no commit",
            "commit to it, or name an existing branch with --branch"));
  }

  private static boolean listedAt(Checkout checkout, Path path) {
    return checkout.worktrees().stream().anyMatch(w -> w.path().normalize().equals(path));
  }

  private String head(Path worktree) {
    Processes.Result result = git.run(worktree, Processes.READ,
        List.of("rev-parse", "--verify", "HEAD"));
    String id = result.out().strip();
    if (!result.ok() || !FULL_ID.matcher(id).matches()) {
      throw new StoreRefusal("the new worktree's HEAD could not be read: " + result.stderr(), "");
    }
    return id;
  }

  private void recordStart(String root, String name, String commit) {
    Path starts = new StoreLevels(location).ensure(List.of("worktrees", root, STARTS));
    Path file = starts.resolve(name);
    try {
      Files.deleteIfExists(file);
      Files.write(file, (commit + "\n").getBytes(StandardCharsets.US_ASCII),
          StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    } catch (IOException e) {
      throw new StoreRefusal("the start commit of " + name + " could not be recorded: "
          + e.getMessage(), "the worktree is in place; its merged judgement falls back to the"
          + " branch's reflog");
    }
  }

  /**
   * Drops the start record of {@code name}: a worktree that checks out an existing branch, or one
   * that was reclaimed, must not inherit a start commit another branch recorded.
   */
  void forgetStart(String root, String name) {
    try {
      Files.deleteIfExists(location.lane(root).resolve(STARTS).resolve(name));
    } catch (IOException e) {
      throw new StoreRefusal("the stale start record of " + name + " could not be removed: "
          + e.getMessage(), "remove " + location.display(location.lane(root).resolve(STARTS)
          .resolve(name)) + " by hand");
    }
  }

  /** The start commit add recorded for {@code name}, when there is a readable record. */
  Optional<String> recordedStart(String root, String name) {
    Path file = location.lane(root).resolve(STARTS).resolve(name);
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    try {
      String id = Files.readString(file, StandardCharsets.US_ASCII).strip();
      return FULL_ID.matcher(id).matches() ? Optional.of(id) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** What {@code list} shows for the repository holding {@code directory}. */
  @API(status = API.Status.EXPERIMENTAL)
  public record Listing(List<WorktreeRow> rows, List<LaneListing> notLanes,
      Optional<String> forgeNote) {
    public Listing {
      rows = List.copyOf(rows);
      notLanes = List.copyOf(notLanes);
      Objects.requireNonNull(forgeNote, "forgeNote");
    }
  }

  /**
   * Every worktree git reports for the repository holding {@code directory} (the main checkout
   * excepted) and every directory of its lane, with the state columns; plus directories under the
   * store named by an abbreviation of its root commit.
   */
  public Listing list(Path directory) {
    Checkout checkout = Checkout.open(directory, settings, git);
    String root = checkout.rootCommit();
    Forge forge = Forge.ask(checkout.workTree(), environment);
    List<Inspection> inspections = inspect(checkout, root, forge, false);
    List<WorktreeRow> rows = inspections.stream().map(this::row).toList();
    return new Listing(rows, abbreviatedLanes(root),
        forge.reachable() ? Optional.empty() : Optional.of(Forge.UNREACHABLE_NOTE));
  }

  /**
   * Every directory under the store's {@code worktrees/}, walked without following links: lanes
   * with their worktrees (judged from each lane's own checkout, found through each worktree's
   * {@code .git} file), and what is not a lane. {@code directory} may be outside any repository.
   */
  public List<LaneListing> listAll(Path directory) {
    Optional<String> currentRoot;
    try {
      currentRoot = Optional.of(Checkout.open(directory, settings, git).rootCommit());
    } catch (StoreRefusal e) {
      currentRoot = Optional.empty();
    }
    Path worktrees = location.worktrees();
    if (!Files.isDirectory(worktrees, LinkOption.NOFOLLOW_LINKS)) {
      return List.of();
    }
    StoreLevels levels = new StoreLevels(location);
    levels.exists(List.of("worktrees"));
    List<LaneListing> lanes = new ArrayList<>();
    for (Path entry : children(worktrees)) {
      String key = entry.getFileName().toString();
      String shown = SafeText.escape(location.display(entry));
      if (!Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
        lanes.add(new LaneListing(SafeText.escape(key), shown, false,
            Optional.of("not a lane: not a directory"), List.of()));
      } else if (LaneKeys.isLaneKey(key)) {
        lanes.add(new LaneListing(key, shown, true, Optional.empty(), laneRows(entry, key)));
      } else {
        lanes.add(notALane(entry, key, currentRoot));
      }
    }
    return List.copyOf(lanes);
  }

  private List<WorktreeRow> laneRows(Path lane, String key) {
    List<WorktreeRow> rows = new ArrayList<>();
    Optional<Path> live = Optional.empty();
    for (Path child : children(lane)) {
      if (child.getFileName().toString().equals(STARTS)) {
        continue;
      }
      if (liveGitFile(child)) {
        live = live.or(() -> Optional.of(child));
      }
    }
    List<Inspection> inspections = List.of();
    if (live.isPresent()) {
      try {
        Checkout checkout = Checkout.open(live.get(), settings, git);
        inspections = inspect(checkout, key, Forge.unreachable(), true);
      } catch (StoreRefusal e) {
        inspections = List.of();
      }
    }
    for (Inspection inspection : inspections) {
      rows.add(row(inspection));
    }
    for (Path child : children(lane)) {
      String name = child.getFileName().toString();
      boolean shown = rows.stream().anyMatch(r -> r.name().equals(SafeText.escape(name)));
      if (name.equals(STARTS) || shown) {
        continue;
      }
      String problem = unlistedProblem(child);
      rows.add(new WorktreeRow(SafeText.escape(name), Optional.empty(), false,
          SafeText.escape(location.display(child)), WorktreeRow.Where.STORE, Optional.empty(),
          Optional.empty(), Optional.empty(), Optional.of(problem)));
    }
    return rows;
  }

  /**
   * Why a lane directory git does not list fails the proof: a {@code .git} file pointing nowhere
   * is a checkout that moved; anything else is not a worktree of this repository.
   */
  private static String unlistedProblem(Path child) {
    boolean pointer = Files.isRegularFile(child.resolve(".git"), LinkOption.NOFOLLOW_LINKS);
    return pointer && !liveGitFile(child) ? ProofOfBelonging.CHECKOUT_NOT_FOUND
        : ProofOfBelonging.NOT_A_WORKTREE;
  }

  /** A worktree's {@code .git} file whose {@code gitdir:} names a directory that exists. */
  private static boolean liveGitFile(Path worktree) {
    Path dotGit = worktree.resolve(".git");
    if (!Files.isRegularFile(dotGit, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    try {
      String text = Files.readString(dotGit, StandardCharsets.UTF_8).strip();
      if (!text.startsWith("gitdir:")) {
        return false;
      }
      Path target = worktree.resolve(text.substring("gitdir:".length()).strip());
      return Files.isDirectory(target);
    } catch (IOException e) {
      return false;
    }
  }

  private List<LaneListing> abbreviatedLanes(String root) {
    Path worktrees = location.worktrees();
    if (!Files.isDirectory(worktrees, LinkOption.NOFOLLOW_LINKS)) {
      return List.of();
    }
    List<LaneListing> found = new ArrayList<>();
    for (Path entry : children(worktrees)) {
      String key = entry.getFileName().toString();
      if (LaneKeys.abbreviates(key, root)) {
        found.add(notALane(entry, key, Optional.of(root)));
      }
    }
    return found;
  }

  private LaneListing notALane(Path entry, String key, Optional<String> currentRoot) {
    String note = currentRoot.filter(root -> LaneKeys.abbreviates(key, root))
        .map(root -> "not a lane: an abbreviation of this repository's root commit, whose lane"
            + " is " + location.display(location.lane(root)))
        .orElse("not a lane: its name is not a full root commit");
    return new LaneListing(SafeText.escape(key), SafeText.escape(location.display(entry)), false,
        Optional.of(note + "; the store never manages it, retire its worktrees by hand with"
            + " git worktree remove"), List.of());
  }

  private static List<Path> children(Path dir) {
    List<Path> entries = new ArrayList<>();
    try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
      stream.forEach(entries::add);
    } catch (IOException e) {
      throw new StoreRefusal("the store directory " + dir + " could not be read: "
          + e.getMessage(), "");
    }
    entries.sort(null);
    return entries;
  }

  /**
   * Inspects every worktree git lists from {@code checkout} (the main one excepted) and every
   * directory of the lane git does not list; statuses and judgements are read in parallel.
   */
  List<Inspection> inspect(Checkout checkout, String root, Forge forge, boolean laneOnly) {
    Path lane = location.lane(root);
    Optional<Path> laneReal = realPath(lane);
    List<Worktree> listed = checkout.worktrees().stream().filter(w -> !w.main() && !w.bare())
        .toList();
    List<Inspection> proven = new ArrayList<>();
    List<Path> seen = new ArrayList<>();
    for (Worktree worktree : listed) {
      Path path = worktree.path().normalize();
      Optional<Path> real = realPath(path);
      boolean inStore = path.startsWith(lane)
          || (laneReal.isPresent() && real.filter(r -> r.startsWith(laneReal.get())).isPresent());
      if (laneOnly && !inStore) {
        continue;
      }
      real.ifPresent(seen::add);
      seen.add(path);
      Optional<String> failure = Optional.empty();
      if (inStore) {
        boolean directChild = real.isPresent() && laneReal.isPresent()
            && laneReal.get().equals(real.get().getParent());
        ProofOfBelonging.CommonDirectory common = worktree.isPrunable()
            ? ProofOfBelonging.CommonDirectory.UNREADABLE
            : Inspection.compare(commonDirectory(checkout, path), checkout.commonDir());
        failure = ProofOfBelonging.failure(new ProofOfBelonging.Evidence(true,
            worktree.isPrunable(), directChild, common));
      }
      proven.add(new Inspection(path, Optional.of(worktree), inStore, failure, Optional.empty(),
          Optional.empty(), Optional.empty(), false, Optional.empty()));
    }
    if (Files.isDirectory(lane, LinkOption.NOFOLLOW_LINKS)) {
      for (Path child : children(lane)) {
        String name = child.getFileName().toString();
        Optional<Path> real = realPath(child);
        boolean known = seen.contains(child) || real.filter(seen::contains).isPresent();
        if (name.equals(STARTS) || known) {
          continue;
        }
        proven.add(new Inspection(child, Optional.empty(), true,
            Optional.of(unlistedProblem(child)), Optional.empty(), Optional.empty(),
            Optional.empty(), false, Optional.empty()));
      }
    }
    return judgeAll(checkout, root, forge, proven);
  }

  private static Optional<Path> commonDirectory(Checkout checkout, Path path) {
    try {
      return checkout.queries().commonDirectory(path);
    } catch (FactUnavailableException e) {
      return Optional.empty();
    }
  }

  private List<Inspection> judgeAll(Checkout checkout, String root, Forge forge,
      List<Inspection> inspections) {
    int threads = Math.max(1, Math.min(STATUS_READERS, inspections.size()));
    ExecutorService pool = Executors.newFixedThreadPool(threads, runnable -> {
      Thread thread = new Thread(runnable, "groundskeeper-worktree-status");
      thread.setDaemon(true);
      return thread;
    });
    try {
      List<Future<Inspection>> futures = new ArrayList<>();
      for (Inspection inspection : inspections) {
        futures.add(pool.submit(() -> judge(checkout, root, forge, inspection)));
      }
      List<Inspection> judged = new ArrayList<>();
      for (Future<Inspection> future : futures) {
        judged.add(future.get());
      }
      return judged;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StoreRefusal("interrupted while reading worktree states", "");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new StoreRefusal("a worktree's state could not be read: " + cause, "");
    } finally {
      pool.shutdownNow();
    }
  }

  private Inspection judge(Checkout checkout, String root, Forge forge, Inspection inspection) {
    if (inspection.listed().isEmpty() || inspection.proofFailure().isPresent()
        || !Files.isDirectory(inspection.path())) {
      return inspection;
    }
    Optional<WorktreeStatus> status = Optional.empty();
    Optional<String> statusProblem = Optional.empty();
    try {
      status = Optional.of(checkout.queries().status(inspection.path()));
    } catch (FactUnavailableException | StoreRefusal e) {
      statusProblem = Optional.of(e.getMessage());
    }
    MergeStatus merged = merged(checkout, root, forge, inspection);
    boolean open = inspection.branch().map(b -> forge.about(b).openPullRequest()).orElse(false);
    return new Inspection(inspection.path(), inspection.listed(), inspection.inStore(),
        inspection.proofFailure(), status, statusProblem, Optional.of(merged), open,
        Optional.empty());
  }

  private MergeStatus merged(Checkout checkout, String root, Forge forge, Inspection inspection) {
    if (inspection.detached() || inspection.branch().isEmpty() || inspection.head().isEmpty()) {
      return MergePolicy.detached();
    }
    String branch = inspection.branch().get();
    Optional<String> start = inspection.inStore()
        ? recordedStart(root, inspection.name()) : Optional.empty();
    MergePolicy.Local local;
    String detail;
    try {
      MergeJudgement judgement = checkout.queries().judgeMerged(branch, start);
      detail = judgement.detail();
      local = switch (judgement.result()) {
        case MERGED -> switch (judgement.method().orElseThrow()) {
          case ANCESTRY -> MergePolicy.Local.ANCESTRY;
          case PATCH_EQUIVALENCE -> MergePolicy.Local.PATCH_EQUIVALENT;
          case SQUASH -> MergePolicy.Local.SQUASHED;
        };
        case NOT_MERGED -> MergePolicy.Local.NOT_MERGED;
        case NOT_PROVEN -> MergePolicy.Local.NOT_PROVEN;
      };
    } catch (FactUnavailableException | StoreRefusal e) {
      local = MergePolicy.Local.NOT_PROVEN;
      detail = e.getMessage();
    }
    return MergePolicy.judge(inspection.head().get(), forge.about(branch), local, detail);
  }

  WorktreeRow row(Inspection inspection) {
    Optional<String> lock = inspection.listed().flatMap(Worktree::locked).map(SafeText::escape);
    boolean failed = inspection.proofFailure().isPresent();
    return new WorktreeRow(SafeText.escape(inspection.name()),
        inspection.branch().map(SafeText::escape), inspection.detached(),
        SafeText.escape(location.display(inspection.path())),
        inspection.inStore() ? WorktreeRow.Where.STORE : WorktreeRow.Where.OUTSIDE,
        failed ? Optional.empty() : inspection.status().map(WorktreeStatus::isClean),
        failed ? Optional.empty() : inspection.merged(), lock,
        inspection.proofFailure());
  }

  static Optional<Path> realPath(Path path) {
    try {
      return Optional.of(path.toRealPath());
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Prunes the lane of the repository holding {@code directory}. */
  public PruneReport prune(Path directory, boolean dryRun, Set<String> named) {
    return new Pruner(this, location, config, settings, environment, clock, git)
        .run(directory, dryRun, named);
  }
}
