package dev.groundskeeper.git.store;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.repo.MergeJudgement;
import dev.groundskeeper.api.repo.RepoEffect;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.repo.WorktreeBelonging;
import dev.groundskeeper.api.repo.WorktreeStatus;
import dev.groundskeeper.git.BoundedProcess;
import dev.groundskeeper.git.EffectExecutor;
import dev.groundskeeper.git.EffectResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.FileVisitor;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The machine's worktree store, {@code <home>/worktrees/<root commit>/<name>/}: the primitives
 * that touch the repository and the file system. It adds a worktree to a repository's lane, reads
 * every worktree of a lane (listing, proof evidence, status, the history's merged judgement, the
 * forge's answer), and reclaims one worktree (notes archive, then {@code git worktree remove}
 * without force after re-reading its evidence). It judges nothing: which worktree to reclaim is
 * decided by the worktree rules, applied by the CLI.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class WorktreeStore {

  static final String STARTS = ".starts";
  private static final Pattern FULL_ID = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");
  private static final int STATUS_READERS = 4;
  private static final Pattern FORCE_ADVICE = Pattern.compile(
      "[,;]?\\s*use (?:--force|'remove -f -f')[^\\n]*");
  private static final WorktreeBelonging REMOVABLE = new WorktreeBelonging(true, false, false,
      true, WorktreeBelonging.CommonDirectory.SAME);

  private final StoreLocation location;
  private final RepositorySettings settings;
  private final NotesSettings notes;
  private final Map<String, String> environment;
  private final Duration forgeBound;
  private final GitRunner git;
  private final NotesArchive archive;

  /**
   * @param environment the environment git and the forge ({@code gh}, looked for on its
   *     {@code PATH}) run with
   * @param location where the store lives
   * @param settings the {@code branches:} settings the lanes' branches are judged with
   * @param notes how notes are archived before a removal
   */
  public WorktreeStore(StoreLocation location, RepositorySettings settings, NotesSettings notes,
      Map<String, String> environment) {
    this(location, settings, notes, environment, ForgeAnswer.DEFAULT_BOUND);
  }

  private WorktreeStore(StoreLocation location, RepositorySettings settings, NotesSettings notes,
      Map<String, String> environment, Duration forgeBound) {
    this.location = Objects.requireNonNull(location, "location");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.notes = Objects.requireNonNull(notes, "notes");
    this.environment = Map.copyOf(environment);
    this.forgeBound = Objects.requireNonNull(forgeBound, "forgeBound");
    this.git = new GitRunner(environment);
    this.archive = new NotesArchive(location, notes.directory(), notes.redactions(),
        notes.maxFileBytes());
  }

  /**
   * {@return the same store, giving the forge {@code bound} to answer before it counts as
   * unreachable}
   *
   * @param bound the time the forge has to answer
   */
  public WorktreeStore withForgeBound(Duration bound) {
    return new WorktreeStore(location, settings, notes, environment, bound);
  }

  /** {@return where the store lives} */
  public StoreLocation location() {
    return location;
  }

  /**
   * Adds worktree {@code name} to the lane of the repository holding {@code directory}: a new
   * branch {@code name} cut from the default branch, or the existing local branch
   * {@code existingBranch} checked out. The caller has judged the name and the creation; this
   * still refuses what git refuses, a name that is not one path segment, a taken name, an existing
   * branch without {@code existingBranch} and an {@code existingBranch} that does not exist.
   *
   * @throws StoreRefusal with the reason and the way out; nothing is written beyond empty store
   *     levels
   * @param directory a directory inside the repository
   * @param name the worktree's name (one path segment), also the new branch's
   * @param existingBranch a local branch to check out instead of cutting a new one
   * @return the worktree added
   */
  public AddedWorktree add(Path directory, String name, Optional<String> existingBranch) {
    Checkout checkout = Checkout.open(directory, settings, git);
    checkRefFormat(checkout, name);
    String root = checkout.rootCommit();
    Path lane = location.lane(root);
    Path path = lane.resolve(name).normalize();
    if (!lane.equals(path.getParent())) {
      throw new StoreRefusal("'" + SafeText.escape(name) + "' is not one directory name",
          "choose a plain name of letters, digits, '.', '_' and '-'");
    }
    if (Files.exists(path, LinkOption.NOFOLLOW_LINKS) || listedAt(checkout, path)) {
      throw new StoreRefusal("the name '" + name + "' is taken in this repository's lane ("
          + location.display(path) + ")", "choose another name, or list the lane with"
          + " groundskeeper worktree list");
    }
    boolean creates = existingBranch.isEmpty();
    RepoEffect.AddWorktree effect;
    if (creates) {
      if (checkout.localTip(name).isPresent()) {
        Optional<Path> holder = checkedOutAt(checkout, name);
        if (holder.isPresent()) {
          throw new StoreRefusal("a branch named '" + name + "' already exists and is checked out"
              + " in " + SafeText.escape(location.display(holder.get())),
              "work there, or choose another name");
        }
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
      Optional<Path> holder = checkedOutAt(checkout, branch);
      if (holder.isPresent()) {
        throw new StoreRefusal("the branch '" + SafeText.escape(branch) + "' is checked out in "
            + SafeText.escape(location.display(holder.get())) + "; git checks a branch out in"
            + " one worktree at a time", "work there, or check out another branch with"
            + " --branch <branch>");
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

  /**
   * Where {@code add} would place worktree {@code name} for the repository holding
   * {@code directory}, without writing anything.
   *
   * @param directory a directory inside the repository
   * @param name the worktree's name
   * @return the path it would have
   */
  public Path placeFor(Path directory, String name) {
    Checkout checkout = Checkout.open(directory, settings, git);
    return location.lane(checkout.rootCommit()).resolve(name).normalize();
  }

  private void checkRefFormat(Checkout checkout, String name) {
    BoundedProcess.Result result = git.run(checkout.workTree(), Processes.READ,
        List.of("check-ref-format", "--branch", name));
    if (!result.ok()) {
      throw new StoreRefusal("'" + SafeText.escape(name) + "' is not a branch name git accepts",
          "choose a plain name of letters, digits, '.', '_' and '-'");
    }
  }

  private static String startPoint(Checkout checkout) {
    var defaultBranch = checkout.defaultBranch();
    return defaultBranch.localTip().or(defaultBranch::remoteTip).orElseThrow(() ->
        new StoreRefusal("the default branch '" + defaultBranch.name() + "' has no commit",
            "commit to it, or name an existing branch with --branch"));
  }

  /** The worktree (the main checkout included) that has {@code branch} checked out. */
  private static Optional<Path> checkedOutAt(Checkout checkout, String branch) {
    return checkout.worktrees().stream().filter(w -> w.branch().equals(Optional.of(branch)))
        .map(Worktree::path).findFirst();
  }

  private static boolean listedAt(Checkout checkout, Path path) {
    return checkout.worktrees().stream().anyMatch(w -> w.path().normalize().equals(path));
  }

  private String head(Path worktree) {
    BoundedProcess.Result result = git.run(worktree, Processes.READ,
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

  /**
   * Reads every worktree git lists for the repository holding {@code directory} (the main
   * checkout excepted) and every directory of its lane, asking the forge once.
   *
   * @throws StoreRefusal when the directory is in no repository with a commit, or a store level
   *     is refused
   * @param directory a directory inside the repository
   * @return the lane, its worktrees and what the forge said
   */
  public LaneInspection inspect(Path directory) {
    Checkout checkout = Checkout.open(directory, settings, git);
    String root = checkout.rootCommit();
    new StoreLevels(location).exists(List.of("worktrees", root));
    ForgeAnswer forge = ForgeAnswer.ask(checkout.workTree(), environment, forgeBound);
    return new LaneInspection(root, location.lane(root), mainCheckout(checkout), forge,
        inspect(checkout, root, forge, false), Optional.of(checkout));
  }

  /**
   * {@return the root commit of the repository holding {@code directory}; empty outside of one}
   *
   * @param directory any directory
   */
  public Optional<String> rootCommitOf(Path directory) {
    try {
      return Optional.of(Checkout.open(directory, settings, git).rootCommit());
    } catch (StoreRefusal e) {
      return Optional.empty();
    }
  }

  /** {@return every entry directly under the store's {@code worktrees/}, sorted by name} */
  public List<StoreEntry> entries() {
    Path worktrees = location.worktrees();
    if (!Files.isDirectory(worktrees, LinkOption.NOFOLLOW_LINKS)) {
      return List.of();
    }
    new StoreLevels(location).exists(List.of("worktrees"));
    return children(worktrees).stream().map(entry -> new StoreEntry(
        entry.getFileName().toString(), entry,
        Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS))).toList();
  }

  /**
   * Reads the lane {@code root} from the checkout its worktrees' {@code .git} files lead to: the
   * worktrees git lists there that live in the lane, and every other lane directory. The forge is
   * not asked. A lane whose pointers all lead nowhere has only unlisted directories.
   *
   * @param root the lane's root commit
   * @return the lane, without the forge
   */
  public LaneInspection inspectLane(String root) {
    Path lane = location.lane(root);
    Optional<Path> live = Optional.empty();
    Optional<Path> recorded = Optional.empty();
    for (Path child : children(lane)) {
      if (child.getFileName().toString().equals(STARTS)) {
        continue;
      }
      Optional<Path> gitdir = gitdir(child);
      if (gitdir.isPresent() && Files.isDirectory(gitdir.get()) && live.isEmpty()) {
        live = Optional.of(child);
      }
      recorded = recorded.or(() -> gitdir.flatMap(WorktreeStore::repositoryOf));
    }
    ForgeAnswer forge = ForgeAnswer.unreachable("not asked when walking every lane");
    if (live.isPresent()) {
      try {
        Checkout checkout = Checkout.open(live.get(), settings, git);
        return new LaneInspection(root, lane, mainCheckout(checkout)
            .or(() -> checkoutOfCommonDir(checkout.commonDir())),
            forge, inspect(checkout, root, forge, true), Optional.of(checkout));
      } catch (StoreRefusal e) {
        // Fall through: the lane is shown from its directories alone.
      }
    }
    List<Inspection> unlisted = new ArrayList<>();
    for (Path child : children(lane)) {
      if (!child.getFileName().toString().equals(STARTS)) {
        unlisted.add(unlisted(child, lane));
      }
    }
    return new LaneInspection(root, lane, recorded, forge, unlisted, Optional.empty());
  }

  /** The main checkout git lists for {@code checkout}'s repository. */
  private static Optional<Path> mainCheckout(Checkout checkout) {
    try {
      return checkout.worktrees().stream().filter(w -> w.main() && !w.bare())
          .map(Worktree::path).findFirst();
    } catch (StoreRefusal e) {
      return Optional.empty();
    }
  }

  /** The {@code gitdir:} a worktree's {@code .git} file names, resolved against the worktree. */
  private static Optional<Path> gitdir(Path worktree) {
    Path dotGit = worktree.resolve(".git");
    if (!Files.isRegularFile(dotGit, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    try {
      String text = Files.readString(dotGit, StandardCharsets.UTF_8).strip();
      if (!text.startsWith("gitdir:")) {
        return Optional.empty();
      }
      return Optional.of(worktree.resolve(text.substring("gitdir:".length()).strip())
          .normalize());
    } catch (IOException | java.nio.file.InvalidPathException e) {
      return Optional.empty();
    }
  }

  /**
   * The repository a linked worktree's admin directory ({@code <common>/worktrees/<id>}) belongs
   * to: the checkout that holds the common directory, or the common directory of a bare one.
   */
  private static Optional<Path> repositoryOf(Path gitdir) {
    Path worktrees = gitdir.getParent();
    if (worktrees == null || worktrees.getFileName() == null
        || !worktrees.getFileName().toString().equals("worktrees")) {
      return Optional.empty();
    }
    return Optional.ofNullable(worktrees.getParent()).flatMap(WorktreeStore::checkoutOfCommonDir);
  }

  private static Optional<Path> checkoutOfCommonDir(Path common) {
    if (common.getFileName() != null && common.getFileName().toString().equals(".git")) {
      return Optional.ofNullable(common.getParent());
    }
    return Optional.of(common);
  }

  /** A lane directory git does not list. */
  private Inspection unlisted(Path child, Path lane) {
    boolean deadPointer = gitdir(child).filter(dir -> !Files.isDirectory(dir)).isPresent();
    boolean directChild = realPath(child).map(Path::getParent)
        .flatMap(parent -> realPath(lane).map(parent::equals)).orElse(false);
    return new Inspection(child, Optional.empty(), true, Optional.of(new WorktreeBelonging(false,
        deadPointer, false, directChild, WorktreeBelonging.CommonDirectory.UNREADABLE)),
        Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
  }

  private static List<Path> children(Path dir) {
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      return List.of();
    }
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
   * Inspects every worktree git lists from {@code checkout} (the main one excepted; with
   * {@code laneOnly}, only those in the lane) and every directory of the lane git does not list;
   * statuses and history judgements are read in parallel.
   */
  private List<Inspection> inspect(Checkout checkout, String root, ForgeAnswer forge,
      boolean laneOnly) {
    Path lane = location.lane(root);
    Optional<Path> laneReal = realPath(lane);
    List<Worktree> listed = checkout.worktrees().stream().filter(w -> !w.main() && !w.bare())
        .toList();
    List<Inspection> found = new ArrayList<>();
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
      Optional<WorktreeBelonging> belonging = inStore
          ? Optional.of(belonging(checkout, worktree, laneReal)) : Optional.empty();
      found.add(new Inspection(path, Optional.of(worktree), inStore, belonging,
          refusedBranch(worktree), Optional.empty(), Optional.empty(), Optional.empty(),
          Optional.empty()));
    }
    for (Path child : children(lane)) {
      // A link in the lane is never the worktree it leads to: it is shown as a lane entry of
      // its own (failing the proof), not hidden behind the worktree git lists.
      Optional<Path> real = Files.isSymbolicLink(child) ? Optional.empty() : realPath(child);
      boolean known = seen.contains(child) || real.filter(seen::contains).isPresent();
      String childName = child.getFileName().toString();
      // A worktree a prune moved aside to remove is that prune's (or, its prune gone, explained
      // by interruptedRemovals), never a worktree of its own to judge
      if (!childName.equals(STARTS) && !childName.startsWith(LaneRemoval.QUARANTINE_PREFIX)
          && !known) {
        found.add(unlisted(child, lane));
      }
    }
    return readStates(checkout, root, found);
  }

  /** The evidence of a listed worktree's proof of belonging, as it stands now. */
  private static WorktreeBelonging belonging(Checkout checkout, Worktree worktree,
      Optional<Path> laneReal) {
    Path path = worktree.path().normalize();
    Optional<Path> real = realPath(path);
    boolean directChild = real.isPresent() && laneReal.isPresent()
        && laneReal.get().equals(real.get().getParent());
    WorktreeBelonging.CommonDirectory common = worktree.isPrunable()
        ? WorktreeBelonging.CommonDirectory.UNREADABLE
        : compare(commonDirectory(checkout, path), checkout.commonDir());
    return new WorktreeBelonging(true, false, worktree.isPrunable(), directChild, common);
  }

  private static WorktreeBelonging.CommonDirectory compare(Optional<Path> theirs, Path ours) {
    return theirs.map(dir -> dir.equals(ours) ? WorktreeBelonging.CommonDirectory.SAME
        : WorktreeBelonging.CommonDirectory.OTHER)
        .orElse(WorktreeBelonging.CommonDirectory.UNREADABLE);
  }

  private static Optional<Path> commonDirectory(Checkout checkout, Path path) {
    try {
      return checkout.queries().commonDirectory(path);
    } catch (FactUnavailableException | StoreRefusal e) {
      return Optional.empty();
    }
  }

  /**
   * The branch a listed worktree's HEAD file names when git lists neither branch nor commit for
   * it: git leaves out a branch whose name it refuses (control bytes, say), and such a worktree
   * must still show which branch it is on.
   */
  private static Optional<String> refusedBranch(Worktree worktree) {
    if (worktree.branch().isPresent() || worktree.head().isPresent() || worktree.bare()) {
      return Optional.empty();
    }
    return gitdir(worktree.path()).flatMap(dir -> {
      try {
        String head = Files.readString(dir.resolve("HEAD"), StandardCharsets.UTF_8);
        head = head.endsWith("\n") ? head.substring(0, head.length() - 1) : head;
        return head.startsWith("ref: refs/heads/")
            ? Optional.of(head.substring("ref: refs/heads/".length())) : Optional.empty();
      } catch (IOException e) {
        return Optional.empty();
      }
    });
  }

  private List<Inspection> readStates(Checkout checkout, String root, List<Inspection> found) {
    int threads = Math.max(1, Math.min(STATUS_READERS, found.size()));
    ExecutorService pool = Executors.newFixedThreadPool(threads, runnable -> {
      Thread thread = new Thread(runnable, "groundskeeper-worktree-status");
      thread.setDaemon(true);
      return thread;
    });
    try {
      List<Future<Inspection>> futures = new ArrayList<>();
      for (Inspection inspection : found) {
        futures.add(pool.submit(() -> readState(checkout, root, inspection)));
      }
      List<Inspection> read = new ArrayList<>();
      for (Future<Inspection> future : futures) {
        read.add(future.get());
      }
      return read;
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

  /**
   * Reads the status and the history's merged judgement of a listed worktree whose directory
   * exists; a lane worktree whose evidence already shows it failing the proof is left unread.
   */
  private Inspection readState(Checkout checkout, String root, Inspection inspection) {
    boolean provable = inspection.belonging().map(REMOVABLE::equals).orElse(true);
    if (inspection.listed().isEmpty() || !provable || !Files.isDirectory(inspection.path())) {
      return inspection;
    }
    Optional<WorktreeStatus> status = Optional.empty();
    Optional<String> statusProblem = Optional.empty();
    try {
      status = Optional.of(checkout.queries().status(inspection.path()));
    } catch (FactUnavailableException | StoreRefusal e) {
      statusProblem = Optional.of(e.getMessage());
    }
    Optional<MergeJudgement> history = Optional.empty();
    Optional<String> historyProblem = Optional.empty();
    if (inspection.refusedBranch().isPresent()) {
      historyProblem = Optional.of("git refuses its branch name");
    } else if (inspection.branch().isPresent() && !inspection.detached()) {
      Optional<String> start = inspection.inStore()
          ? recordedStart(root, inspection.name()) : Optional.empty();
      try {
        history = Optional.of(checkout.queries().judgeMerged(inspection.branch().get(), start));
      } catch (FactUnavailableException | StoreRefusal e) {
        historyProblem = Optional.of(e.getMessage());
      }
    }
    return inspection.judged(status, statusProblem, history, historyProblem);
  }

  static Optional<Path> realPath(Path path) {
    try {
      return Optional.of(path.toRealPath());
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /**
   * The latest of the worktree's tip's committer date, its {@code .git} file's time and the
   * times of the files its status reports changed.
   *
   * @param inspection an inspected worktree
   * @return the latest of those times; empty when none could be read
   */
  public Optional<Instant> lastActivity(Inspection inspection) {
    List<Instant> times = new ArrayList<>();
    BoundedProcess.Result tip = git.run(inspection.path(), Processes.READ,
        List.of("log", "-1", "--format=%ct", "HEAD"));
    if (tip.ok() && tip.out().strip().matches("[0-9]+")) {
      times.add(Instant.ofEpochSecond(Long.parseLong(tip.out().strip())));
    }
    modified(inspection.path().resolve(".git")).ifPresent(times::add);
    inspection.status().ifPresent(status -> Stream.of(status.staged(), status.modified(),
        status.untracked()).flatMap(List::stream)
        .forEach(path -> modified(inspection.path().resolve(path)).ifPresent(times::add)));
    return times.stream().max(Instant::compareTo);
  }

  private static Optional<Instant> modified(Path path) {
    try {
      return Optional.of(Files.getLastModifiedTime(path, LinkOption.NOFOLLOW_LINKS).toInstant());
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /**
   * The entries a removal of {@code worktree} would delete under {@code directory} (relative to
   * the worktree, ending in {@code /}), leaving out the subtree {@code notesDir} (relative too),
   * which is archived: files, links and other non-directories, and a directory that cannot be
   * read. Git reports an ignored directory as one line, so when that directory holds the notes
   * folder this tells the notes from what sits beside them. Links are not followed. At most
   * {@code limit} entries are returned (sorted), enough to say what is at risk.
   *
   * @param worktree the worktree's directory
   * @param directory the directory to list, relative to the worktree, ending in {@code /}
   * @param notesDir the notes folder, relative to the worktree
   * @param limit the most entries to return
   * @return the entries, sorted, at most {@code limit}
   */
  public List<String> entriesBesideNotes(Path worktree, String directory, String notesDir,
      int limit) {
    Path start = worktree.resolve(directory).normalize();
    Path notesPath = worktree.resolve(notesDir).normalize();
    List<String> found = new ArrayList<>();
    FileVisitor<Path> visitor = new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
        return dir.equals(notesPath) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
        return add(file, false);
      }

      @Override
      public FileVisitResult visitFileFailed(Path file, IOException e) {
        return add(file, Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS));
      }

      private FileVisitResult add(Path file, boolean directory) {
        found.add(relative(worktree, file) + (directory ? "/" : ""));
        return found.size() >= limit ? FileVisitResult.TERMINATE : FileVisitResult.CONTINUE;
      }
    };
    try {
      Files.walkFileTree(start, EnumSet.noneOf(FileVisitOption.class),
          Integer.MAX_VALUE, visitor);
    } catch (IOException e) {
      found.add(directory);
    }
    found.sort(null);
    return List.copyOf(found);
  }

  private static String relative(Path worktree, Path file) {
    StringBuilder text = new StringBuilder();
    for (Path part : worktree.relativize(file)) {
      text.append(text.length() == 0 ? "" : "/").append(part);
    }
    return text.toString();
  }

  /**
   * {@return the commits and change a worktree's branch holds beyond the lane's default branch}
   *
   * @param lane the worktree's lane
   * @param inspection the worktree
   */
  public BranchHistory history(LaneInspection lane, Inspection inspection) {
    Optional<Checkout> checkout = lane.checkout();
    if (checkout.isEmpty() || inspection.branch().isEmpty()) {
      return new BranchHistory(Optional.empty(), Optional.empty());
    }
    String base = checkout.get().defaultBranch().name();
    String branch = inspection.branch().get();
    BoundedProcess.Result log = git.run(inspection.path(), Processes.READ,
        List.of("log", "--format=%s", base + ".." + branch, "--"));
    BoundedProcess.Result stat = git.run(inspection.path(), Processes.READ,
        List.of("diff", "--shortstat", base + "..." + branch, "--"));
    return new BranchHistory(log.ok() ? Optional.of(log.out().lines().toList())
        : Optional.empty(), stat.ok() ? Optional.of(stat.out().strip()) : Optional.empty());
  }

  /**
   * Reclaims one worktree of {@code lane} that the caller judged reclaimable: archives its notes,
   * then, after re-reading the repository, removes it with {@code git worktree remove} (never
   * forced) only while its proof evidence, lock and HEAD are what they were when judged. Git's own
   * refusal at that moment keeps it. A dry run prepares the archive (so a note that would fail the
   * real run keeps it here too) and writes and removes nothing. It never deletes a branch.
   *
   * @param lane the worktree's lane, as inspected
   * @param judged the worktree as it was judged
   * @param dryRun whether to write and remove nothing
   * @param now the time the archive records
   * @return whether it was removed, or why it was kept, and what became of its notes
   */
  public Reclaim reclaim(LaneInspection lane, Inspection judged, boolean dryRun, Instant now) {
    return reclaim(lane, judged, dryRun, now, () -> { }, () -> { });
  }

  Reclaim reclaim(LaneInspection lane, Inspection judged, boolean dryRun, Instant now,
      Runnable afterArchive) {
    return reclaim(lane, judged, dryRun, now, afterArchive, () -> { });
  }

  /**
   * {@link #reclaim(LaneInspection, Inspection, boolean, Instant)} with {@code afterArchive} run
   * once the notes are archived and git's list, the proof's evidence, the lock and HEAD are
   * re-read, just before the path itself is proven again and removed: the seam a test uses to
   * change the worktree at a late moment a concurrent process could; {@code beforeAct} runs after
   * every check, just before the removal itself acts (the latest moment of all).
   */
  Reclaim reclaim(LaneInspection lane, Inspection judged, boolean dryRun, Instant now,
      Runnable afterArchive, Runnable beforeAct) {
    if (dryRun) {
      NotesArchive.Prepared prepared = archive.prepare(judged.path());
      if (prepared instanceof NotesArchive.Failed failed) {
        return kept("the notes could not be archived: " + failed.reason() + "; "
            + failed.remedy(), "", Optional.empty());
      }
      return new Reclaim(true, Optional.empty(), prepared instanceof NotesArchive.Ready ready
          ? noteWords(ready.files().size() + ready.links().size(), true) : "no notes",
          Optional.empty());
    }
    NotesArchive.Prepared first = archive.prepare(judged.path());
    if (first instanceof NotesArchive.Failed failed) {
      // refused before anything is written, the claim included
      return kept("the notes could not be archived: " + failed.reason() + "; "
          + failed.remedy(), "", Optional.empty());
    }
    // One prune at a time reclaims a worktree: a second one would archive the same notes again
    Optional<Path> claim;
    try {
      claim = claim(lane.rootCommit(), judged.name());
    } catch (StoreRefusal e) {
      return kept(e.reason(), "", Optional.empty());
    }
    if (claim.isEmpty()) {
      return kept("another prune is reclaiming it right now; left to that one", "",
          Optional.empty());
    }
    try {
      return reclaimClaimed(lane, judged, now, afterArchive, beforeAct);
    } finally {
      try {
        Files.deleteIfExists(claim.get());
      } catch (IOException e) {
        // a claim left behind names a process that is gone, and the next prune takes it over
      }
    }
  }

  /**
   * Claims the reclaiming of worktree {@code name} for this process: a file made exclusively in
   * the lane's notes level, holding this process's id. A claim whose process is no longer alive
   * (a prune that was killed) is taken over. Empty when a live process holds it.
   */
  private Optional<Path> claim(String rootCommit, String name) {
    Path level = new StoreLevels(location).ensure(List.of("notes", rootCommit));
    Path file = level.resolve(".reclaiming-" + name);
    byte[] pid = (ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII);
    for (int attempt = 0; attempt < 2; attempt++) {
      try {
        Files.write(file, pid, java.nio.file.StandardOpenOption.CREATE_NEW,
            java.nio.file.StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        return Optional.of(file);
      } catch (java.nio.file.FileAlreadyExistsException e) {
        long holder;
        try {
          holder = Long.parseLong(Files.readString(file, StandardCharsets.US_ASCII).strip());
        } catch (IOException | NumberFormatException unreadable) {
          holder = -1; // being written this instant, or garbage: not ours to take
        }
        boolean alive = holder > 0 && ProcessHandle.of(holder).map(ProcessHandle::isAlive)
            .orElse(false);
        if (alive || holder <= 0) {
          return Optional.empty();
        }
        try {
          Files.deleteIfExists(file);
        } catch (IOException gone) {
          return Optional.empty();
        }
      } catch (IOException e) {
        throw new StoreRefusal("the claim " + location.display(file) + " could not be made: "
            + e.getMessage(), "the worktree was kept");
      }
    }
    return Optional.empty();
  }

  /**
   * The reclaiming itself, once this process holds the claim: the notes are read only now, so a
   * prune that waited for another one finds the worktree (and its notes) already gone and
   * archives nothing twice.
   */
  private Reclaim reclaimClaimed(LaneInspection lane, Inspection judged, Instant now,
      Runnable afterArchive, Runnable beforeAct) {
    if (!Files.isDirectory(judged.path(), LinkOption.NOFOLLOW_LINKS)) {
      return kept("it is no longer there (another prune may have removed it); nothing archived",
          "", Optional.empty());
    }
    NotesArchive.Prepared prepared = archive.prepare(judged.path());
    if (prepared instanceof NotesArchive.Failed failed) {
      return kept("the notes could not be archived: " + failed.reason() + "; "
          + failed.remedy(), "", Optional.empty());
    }
    String noteWords = prepared instanceof NotesArchive.Ready ready
        ? noteWords(ready.files().size() + ready.links().size(), false) : "no notes";
    Optional<String> entry = Optional.empty();
    if (prepared instanceof NotesArchive.Ready ready) {
      try {
        entry = Optional.of(location.display(archive.write(ready, lane.rootCommit(),
            judged.name(), judged.branch(), judged.path(), now)));
      } catch (StoreRefusal e) {
        return kept("the notes could not be archived: " + e.reason(), "", Optional.empty());
      }
    }
    Optional<String> refusal = removeAfterRecheck(lane, judged, afterArchive, beforeAct);
    if (refusal.isPresent()) {
      Optional<String> written = entry;
      boolean partly = refusal.get().contains("stopped half-way")
          || refusal.get().contains("git stopped");
      return kept(refusal.get() + written.map(e -> "; its notes were archived to " + e
          + (partly ? "" : " and also stay in place")).orElse(""), noteWords, entry);
    }
    try {
      forgetStart(lane.rootCommit(), judged.name());
    } catch (StoreRefusal e) {
      return new Reclaim(true, Optional.empty(), noteWords + "; " + e.reason(), entry);
    }
    return new Reclaim(true, Optional.empty(), noteWords, entry);
  }

  /**
   * The notes archives of lane {@code rootCommit} left half-written: {@code .partial-} entries
   * (never an archive: the final name is given only once the manifest is in) whose writer, the
   * process named at the end of the entry's name, is no longer alive, such as a prune that was
   * killed. An entry a live prune is writing is not listed. Sorted; empty when there are none.
   *
   * @param rootCommit the lane's root commit
   * @return the entries
   */
  public List<Path> abandonedArchives(String rootCommit) {
    Path level = location.notes().resolve(rootCommit);
    List<Path> found = new ArrayList<>();
    for (Path child : children(level)) {
      String name = child.getFileName().toString();
      if (name.startsWith(NotesArchive.PARTIAL_PREFIX) && !writerAlive(name)) {
        found.add(child);
      }
    }
    return List.copyOf(found);
  }

  /**
   * The worktrees of lane {@code rootCommit} that a prune moved aside to remove and left there
   * because it stopped (its process, named at the end of the entry's name, is gone), each with
   * the command that puts it back for the next prune to judge again. An entry a live prune is
   * removing is not listed. Sorted; empty when there are none.
   *
   * @param rootCommit the lane's root commit
   * @return the worktrees moved aside, each with its command
   */
  public List<InterruptedRemoval> interruptedRemovals(String rootCommit) {
    Path lane = location.lane(rootCommit);
    List<InterruptedRemoval> found = new ArrayList<>();
    for (Path child : children(lane)) {
      String entry = child.getFileName().toString();
      int dash = entry.lastIndexOf('-');
      if (!entry.startsWith(LaneRemoval.QUARANTINE_PREFIX) || writerAlive(entry)
          || dash <= LaneRemoval.QUARANTINE_PREFIX.length()) {
        continue;
      }
      String name = entry.substring(LaneRemoval.QUARANTINE_PREFIX.length(), dash);
      Path back = lane.resolve(name);
      String putBack = "[ ! -e " + ShellWords.quote(back.toString()) + " ] && mv "
          + ShellWords.quote(child.toString()) + " " + ShellWords.quote(back.toString())
          + " && groundskeeper worktree prune";
      found.add(new InterruptedRemoval(child, name, location.display(child), putBack));
    }
    return List.copyOf(found);
  }

  /**
   * A worktree a stopped prune left moved aside: the entry, the worktree's name, the entry as
   * shown (home as {@code ~}), and the command that puts it back and prunes again. Some of its
   * files may already be deleted (all were clean and merged when it was judged); put back, it is
   * judged afresh and kept while anything is missing.
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record InterruptedRemoval(Path entry, String name, String shown, String putBack) {}

  /** True when the process that {@code .partial-…-<pid>} names is alive. */
  private static boolean writerAlive(String name) {
    int dash = name.lastIndexOf('-');
    try {
      long pid = Long.parseLong(name.substring(dash + 1));
      return pid > 0 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    } catch (NumberFormatException | IndexOutOfBoundsException e) {
      return false;
    }
  }

  /**
   * Deletes the half-written archives {@link #abandonedArchives} lists now (never following a
   * link): they are copies of notes whose worktree was kept, so deleting them loses nothing.
   * Returns one line per entry: deleted, or why not.
   *
   * @param rootCommit the lane's root commit
   * @return one line per entry
   */
  public List<String> deleteAbandonedArchives(String rootCommit) {
    List<String> lines = new ArrayList<>();
    for (Path entry : abandonedArchives(rootCommit)) {
      String shown = location.display(entry);
      lines.add(NotesArchive.deleteCopies(entry)
          ? "deleted the half-written notes archive " + shown
          : "the half-written notes archive " + shown + " could not be deleted; delete it with: rm -r "
              + ShellWords.quote(entry.toString()));
    }
    return List.copyOf(lines);
  }

  /** "1 note archived", "3 notes archived"; in a dry run, which archives nothing, "would be". */
  static String noteWords(int count, boolean dryRun) {
    return count + (count == 1 ? " note " : " notes ") + (dryRun ? "would be archived" : "archived");
  }

  private static Reclaim kept(String why, String notes, Optional<String> archive) {
    return new Reclaim(false, Optional.of(why), notes, archive);
  }

  /**
   * Re-reads the repository and re-checks, at the moment of removal, that the worktree's proof
   * evidence is the one judged and shows it listed, in the lane and of this repository; that it
   * is not locked; and that its HEAD is the one judged; then asks git to remove it without force,
   * so git itself refuses a tree that changed.
   */
  private Optional<String> removeAfterRecheck(LaneInspection lane, Inspection judged,
      Runnable beforeRemoval, Runnable beforeAct) {
    if (lane.checkout().isEmpty()) {
      return Optional.of("its repository could not be opened; left untouched");
    }
    if (judged.belonging().filter(REMOVABLE::equals).isEmpty()) {
      return Optional.of("it was not proven to belong to the store; left untouched");
    }
    Checkout checkout = lane.checkout().get().refresh();
    Optional<Worktree> now = checkout.worktrees().stream()
        .filter(w -> w.path().normalize().equals(judged.path())).findFirst();
    if (now.isEmpty()) {
      return Optional.of("git no longer lists it; left untouched");
    }
    WorktreeBelonging evidence = belonging(checkout, now.get(),
        realPath(location.lane(lane.rootCommit())));
    if (!evidence.equals(judged.belonging().get())) {
      return Optional.of("its proof of belonging changed since it was judged; left untouched");
    }
    if (now.get().isLocked()) {
      return Optional.of("locked since it was judged");
    }
    if (!now.get().head().equals(judged.head()) || !now.get().branch().equals(judged.branch())) {
      return Optional.of("its HEAD moved since it was judged; run prune again");
    }
    beforeRemoval.run();
    // Belonging is proven again on the path itself, last of all: a worktree swapped for a
    // symbolic link (or moved under one) since it was judged would have git delete the files
    // the link points at, outside the store.
    Optional<String> swapped = swappedSinceJudged(lane.rootCommit(), judged.path());
    if (swapped.isPresent()) {
      return swapped;
    }
    if (judged.status().isEmpty()) {
      return Optional.of("its status was not read when it was judged; left untouched");
    }
    // Where the platform allows, the removal acts through the opened lane directory, so a swap
    // after the check above still cannot redirect it; git's own removal is the fallback.
    Optional<LaneRemoval> handle;
    try {
      handle = LaneRemoval.open(realPath(location.lane(lane.rootCommit())).orElseThrow(() ->
          new IOException("the lane directory is gone")), location);
    } catch (IOException e) {
      return Optional.of("its lane could not be opened at the moment of removal ("
          + e.getMessage() + "); left untouched");
    }
    if (handle.isPresent()) {
      try {
        return handle.get().remove(judged.name(), judged.path(), checkout.commonDir(),
            judged.status().get(), path -> {
              try {
                return Optional.of(checkout.refresh().queries().status(path));
              } catch (FactUnavailableException | StoreRefusal e) {
                return Optional.empty();
              }
            }, beforeAct);
      } finally {
        handle.get().close();
      }
    }
    beforeAct.run();
    EffectResult result = EffectExecutor.forDirectory(checkout.workTree())
        .perform(new RepoEffect.RemoveWorktree(judged.path(), judged.head()));
    if (!result.done()) {
      Optional<String> half = halfRemoved(checkout, judged.path());
      if (half.isPresent()) {
        return half.map(what -> location.display(withoutForceAdvice(result.message())) + "; "
            + what);
      }
      return Optional.of(location.display(withoutForceAdvice(result.message()))
          + "; it changed since it was judged: look at what changed, then prune again");
    }
    return Optional.empty();
  }

  /**
   * Why {@code path} is no longer the lane's own directory, read at this moment through the lane
   * directory opened without following links: the entry must be a real directory (no symbolic
   * link) in the lane's real directory, and every directory between must be one too. Empty when
   * it still is.
   */
  private Optional<String> swappedSinceJudged(String rootCommit, Path path) {
    Optional<Path> laneReal = realPath(location.lane(rootCommit));
    Path normalized = path.toAbsolutePath().normalize();
    Optional<Path> laneShown = Optional.of(location.lane(rootCommit).toAbsolutePath().normalize());
    Path inLane = laneReal.filter(normalized::startsWith)
        .or(() -> laneShown.filter(normalized::startsWith)).orElse(null);
    if (laneReal.isEmpty() || inLane == null || inLane.equals(normalized)) {
      return Optional.of("it is no longer inside the store's lane; left untouched");
    }
    Path relative = inLane.relativize(normalized);
    try (DirectoryStream<Path> opened = Files.newDirectoryStream(laneReal.get())) {
      if (opened instanceof java.nio.file.SecureDirectoryStream<Path> secure) {
        java.nio.file.SecureDirectoryStream<Path> current = secure;
        List<java.nio.file.SecureDirectoryStream<Path>> toClose = new ArrayList<>();
        try {
          for (int i = 0; i < relative.getNameCount(); i++) {
            Path name = relative.getName(i);
            BasicFileAttributes attributes = current.getFileAttributeView(name,
                java.nio.file.attribute.BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .readAttributes();
            if (!attributes.isDirectory() || attributes.isSymbolicLink()) {
              return Optional.of(symlinkRefusal(path));
            }
            current = current.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS);
            toClose.add(current);
          }
        } finally {
          for (java.nio.file.SecureDirectoryStream<Path> stream : toClose) {
            stream.close();
          }
        }
      } else {
        Path step = laneReal.get();
        for (Path name : relative) {
          step = step.resolve(name);
          if (Files.isSymbolicLink(step) || !Files.isDirectory(step, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.of(symlinkRefusal(path));
          }
        }
      }
    } catch (IOException e) {
      return Optional.of("it could not be re-read at the moment of removal (" + e.getMessage()
          + "); left untouched");
    }
    if (!realPath(path).equals(Optional.of(laneReal.get().resolve(relative)))) {
      return Optional.of(symlinkRefusal(path));
    }
    return Optional.empty();
  }

  /**
   * What a {@code git worktree remove} that failed left behind, when it stopped half-way (a file
   * it could not delete, such as an immutable note): git deregisters the worktree before it
   * deletes the files, so it may no longer list a directory that still holds some of them.
   * Empty when git still lists the worktree (nothing was done).
   */
  private Optional<String> halfRemoved(Checkout checkout, Path path) {
    boolean listed = checkout.refresh().worktrees().stream()
        .anyMatch(w -> w.path().normalize().equals(path));
    if (listed) {
      return Optional.empty();
    }
    if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.of("git stopped with an error, yet the worktree is gone and no longer"
          + " listed");
    }
    long left;
    try (java.util.stream.Stream<Path> files = Files.walk(path)) {
      left = files.filter(f -> !Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)).count();
    } catch (IOException | java.io.UncheckedIOException e) {
      left = -1;
    }
    return Optional.of("git stopped half-way: it no longer lists the worktree and deleted part"
        + " of it, and " + (left < 0 ? "some files" : left + (left == 1 ? " file" : " files"))
        + (left == 1 ? " is" : " are") + " left in " + location.display(path)
        + " (git worktree repair cannot bring it back); look at what is left, make it writable or move what matters, then delete the"
        + " directory: rm -r " + ShellWords.quote(path.toString()));
  }

  private String symlinkRefusal(Path path) {
    return location.display(path.toString()) + " is no longer the directory that was judged (a"
        + " symbolic link or another file stands there now); nothing removed, and nothing it"
        + " points at was touched: look at what replaced it, then prune again";
  }

  /**
   * Git's refusal without its advice to force the removal ("use --force to delete it", "use
   * 'remove -f -f' to override"): a forced removal is exactly what loses work, and the store
   * never offers it.
   */
  static String withoutForceAdvice(String message) {
    return FORCE_ADVICE.matcher(message).replaceAll("").strip();
  }
}
