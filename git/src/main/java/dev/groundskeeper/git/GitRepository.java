package dev.groundskeeper.git;

import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchTip;
import dev.groundskeeper.api.repo.Containment;
import dev.groundskeeper.api.repo.DefaultBranch;
import dev.groundskeeper.api.repo.MergeJudgement;
import dev.groundskeeper.api.repo.RepositoryLayout;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.repo.WorktreeStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;

/**
 * One repository, opened once per process: every read goes through here, and what never changes
 * for the same objects (patch ids per commit, a branch's judgements per tip and targets) is kept
 * for as long as the process lives.
 */
final class GitRepository implements AutoCloseable {

  private final RepositoryLocator.Location location;
  private final Path commonDir;
  /** Opened on first need: the tips and the default branch are read without JGit's start-up. */
  private Repository repository;
  private final PatchIds patchIds = new PatchIds();
  private InventoryBuilder.Reading lastReading;
  /** Loaded from the common directory on first need; see {@link InventoryCache}. */
  private InventoryCache cache;

  GitRepository(RepositoryLocator.Location location) throws IOException {
    this.location = location;
    this.commonDir = RepositoryLocator.commonDir(location.gitDir());
  }

  synchronized Repository jgit() {
    if (repository == null) {
      try {
        repository = RepositoryLocator.open(location);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    return repository;
  }

  /** The directory shared by every worktree of the repository (refs, objects, config). */
  Path commonDir() {
    return commonDir;
  }

  RepositoryLocator.Location location() {
    return location;
  }

  PatchIds patchIds() {
    return patchIds;
  }

  InventoryBuilder.Reading lastReading() {
    return lastReading;
  }

  void lastReading(InventoryBuilder.Reading reading) {
    this.lastReading = reading;
  }

  /** The inventory cache of this repository, read from disk the first time it is needed. */
  synchronized InventoryCache cache() {
    if (cache == null) {
      cache = InventoryCache.load(InventoryCache.fileFor(commonDir));
    }
    return cache;
  }

  /**
   * Writes what this process added to the cache, keeping entries another process wrote since
   * this one read the file. A failed write only costs the next process time, so it is not an
   * error of the read that caused it.
   */
  synchronized void saveCache() {
    if (cache == null || !cache.dirty()) {
      return;
    }
    Path file = InventoryCache.fileFor(commonDir);
    InventoryCache onDisk = InventoryCache.load(file);
    if (onDisk.loaded() == InventoryCache.Load.READ) {
      cache.addMissing(onDisk);
    }
    try {
      cache.save(file);
    } catch (IOException e) {
      // read-only repository, full disk: the judgement stands, the next process recomputes
    }
  }

  /** Changes whenever the repository's config file is rewritten (branch records live there). */
  String configStamp() {
    Path config = commonDir.resolve("config");
    try {
      java.nio.file.attribute.BasicFileAttributes attributes =
          Files.readAttributes(config, java.nio.file.attribute.BasicFileAttributes.class);
      // git rewrites the file through a rename, so the file key (inode) changes with every write
      return attributes.fileKey() + ":" + attributes.lastModifiedTime() + ":" + attributes.size();
    } catch (IOException e) {
      return "unreadable:" + System.nanoTime();
    }
  }

  /** Where git commands for this checkout run. */
  Path commandDirectory() {
    return location.workTree().orElse(location.gitDir());
  }

  synchronized RepositoryLayout layout() throws IOException {
    return RepositoryLocator.layout(jgit(), location);
  }

  RefSnapshot refs() throws IOException {
    return RefSnapshot.read(commonDir, this::jgit);
  }

  DefaultBranch defaultBranch(RepositorySettings settings, RefSnapshot refs) {
    StringBuilder why = new StringBuilder();
    // HEAD is read only when no local branch exists: then it names the branch to come
    Optional<String> head = !refs.anyUnder(Constants.R_HEADS) ? headBranch()
        : Optional.empty();
    return DefaultBranchResolver.resolve(settings, refs, head, why)
        .orElseThrow(() -> new NoDefaultBranchException(why.toString()));
  }

  /**
   * Every branch, remote-tracking ref and tag with the commit it holds (an annotated tag peeled
   * to its commit; a tag of something else left out), keyed by full ref name.
   */
  synchronized Map<String, String> refCommits(RefSnapshot refs) throws IOException {
    Map<String, String> out = new java.util.HashMap<>(refs.all().size() * 2);
    try (org.eclipse.jgit.revwalk.RevWalk walk = new org.eclipse.jgit.revwalk.RevWalk(jgit())) {
      for (Map.Entry<String, ObjectId> e : refs.all().entrySet()) {
        String name = e.getKey();
        if (name.startsWith(Constants.R_TAGS)) {
          try {
            org.eclipse.jgit.revwalk.RevObject peeled = walk.peel(walk.parseAny(e.getValue()));
            if (peeled instanceof org.eclipse.jgit.revwalk.RevCommit) {
              out.put(name, peeled.name());
            }
          } catch (org.eclipse.jgit.errors.MissingObjectException missing) {
            // a tag of a missing object holds nothing
          }
        } else if (name.startsWith(Constants.R_HEADS) || name.startsWith(Constants.R_REMOTES)) {
          out.put(name, e.getValue().name());
        }
      }
    }
    return Collections.unmodifiableMap(out);
  }

  /** The aliases of the repository's configuration (with the user's), name to value. */
  synchronized Map<String, String> aliases() {
    org.eclipse.jgit.lib.Config config = jgit().getConfig();
    Map<String, String> out = new TreeMap<>();
    for (String name : config.getNames("alias")) {
      String value = config.getString("alias", null, name);
      if (value != null) {
        out.put(name.toLowerCase(java.util.Locale.ROOT), value);
      }
    }
    return out;
  }

  /** The names of the configured remotes, sorted. */
  synchronized List<String> remotes() throws IOException {
    return jgit().getConfig().getSubsections("remote").stream().sorted().toList();
  }

  /** The branch this checkout's {@code HEAD} names, read from its file; empty when detached. */
  private Optional<String> headBranch() {
    try {
      String head = Files.readString(location.gitDir().resolve(Constants.HEAD),
          StandardCharsets.UTF_8).strip();
      String prefix = "ref: " + Constants.R_HEADS;
      return head.startsWith(prefix) && head.length() > prefix.length()
          ? Optional.of(head.substring(prefix.length())) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  static List<BranchTip> tips(RepositorySettings settings, RefSnapshot refs) {
    // Both maps are sorted by name: one merge pass (this is the hot path of a creation command).
    java.util.Iterator<Map.Entry<String, ObjectId>> l = refs.under(Constants.R_HEADS).entrySet().iterator();
    java.util.Iterator<Map.Entry<String, ObjectId>> r = remoteBranches(settings, refs).entrySet().iterator();
    List<BranchTip> tips = new ArrayList<>();
    Map.Entry<String, ObjectId> local = l.hasNext() ? l.next() : null;
    Map.Entry<String, ObjectId> remote = r.hasNext() ? r.next() : null;
    while (local != null || remote != null) {
      int order = local == null ? 1 : remote == null ? -1 : local.getKey().compareTo(remote.getKey());
      String name = order <= 0 ? local.getKey() : remote.getKey();
      Optional<String> localTip = order <= 0 ? Optional.of(local.getValue().name()) : Optional.empty();
      Optional<String> remoteTip = order >= 0 ? Optional.of(remote.getValue().name()) : Optional.empty();
      tips.add(new BranchTip(name, localTip, remoteTip));
      if (order <= 0) {
        local = l.hasNext() ? l.next() : null;
      }
      if (order >= 0) {
        remote = r.hasNext() ? r.next() : null;
      }
    }
    return List.copyOf(tips);
  }

  static Map<String, ObjectId> remoteBranches(RepositorySettings settings, RefSnapshot refs) {
    Map<String, ObjectId> remotes = new java.util.LinkedHashMap<>(
        refs.under(Constants.R_REMOTES + settings.remote() + "/"));
    remotes.remove(Constants.HEAD);
    return remotes;
  }

  static List<String> union(Collection<String> a, Collection<String> b) {
    java.util.TreeSet<String> names = new java.util.TreeSet<>(a);
    names.addAll(b);
    return new ArrayList<>(names);
  }

  /**
   * Whose each branch is; see {@link BranchOwners}. The same refs under the same config give the
   * same value, kept so that a warm policy's entries keyed on it carry from one call to the next.
   */
  synchronized dev.groundskeeper.api.repo.BranchOwnership ownership(RefSnapshot refs,
      List<BranchTip> tips) throws IOException {
    String key = refs.fingerprint() + "|" + configStamp() + "|" + tips.hashCode();
    if (!key.equals(ownershipKey)) {
      ownership = BranchOwners.read(jgit(), tips);
      ownershipKey = key;
    }
    return ownership;
  }

  private String ownershipKey = "";
  private dev.groundskeeper.api.repo.BranchOwnership ownership;

  List<Worktree> worktrees() {
    BoundedProcess.Result result = GitCli.run(commandDirectory(), GitCli.READ_TIMEOUT,
        List.of("worktree", "list", "--porcelain", "-z"));
    if (result.ok()) {
      return WorktreeListing.parseNulTerminated(result.stdout());
    }
    // git before 2.36 has no -z: read the newline form, whose reasons are C-quoted.
    BoundedProcess.Result plain = GitCli.run(commandDirectory(), GitCli.READ_TIMEOUT,
        List.of("worktree", "list", "--porcelain"));
    if (!plain.ok()) {
      throw new GitReadException("git worktree list failed: " + plain.stderr());
    }
    return WorktreeListing.parseNewlineTerminated(plain.out());
  }

  static WorktreeStatus status(Path worktree) {
    if (!Files.isDirectory(worktree)) {
      throw new GitReadException("no worktree directory at " + worktree);
    }
    BoundedProcess.Result result = GitCli.run(worktree, GitCli.READ_TIMEOUT,
        List.of("status", "--porcelain=v1", "-z", "--ignored=traditional", "--untracked-files=normal"));
    if (!result.ok()) {
      throw new GitReadException("git status failed in " + worktree + ": " + result.stderr());
    }
    return StatusParser.parse(result.stdout());
  }

  /**
   * The common directory of the checkout at {@code checkout}, as git resolves it; empty unless git
   * gives exactly one existing directory.
   */
  static Optional<Path> commonDirOf(Path checkout) {
    if (!Files.isDirectory(checkout)) {
      return Optional.empty();
    }
    BoundedProcess.Result result = GitCli.run(checkout, GitCli.READ_TIMEOUT,
        List.of("rev-parse", "--path-format=absolute", "--git-common-dir"));
    if (!result.ok()) {
      return Optional.empty();
    }
    String out = result.out();
    if (!out.endsWith("\n") || out.indexOf('\n') != out.length() - 1) {
      return Optional.empty();
    }
    Path dir = Path.of(out.substring(0, out.length() - 1));
    try {
      return Files.isDirectory(dir) ? Optional.of(dir.toRealPath()) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  synchronized BranchInventory inventory(RepositorySettings settings, RefSnapshot refs, Instant now,
      List<Worktree> worktrees, InventoryPass pass) throws IOException {
    try {
      return new InventoryBuilder(this, settings).build(refs, now, worktrees, pass);
    } finally {
      saveCache();
    }
  }

  synchronized MergeJudgement judgeMerged(RepositorySettings settings, RefSnapshot refs,
      String branch, Optional<String> start) throws IOException {
    return new InventoryBuilder(this, settings).judgeMerged(refs, branch, start);
  }

  synchronized Map<String, Containment> containment(RepositorySettings settings, RefSnapshot refs,
      Collection<String> tips, Set<String> excluded) throws IOException {
    return new InventoryBuilder(this, settings).containment(refs, tips, excluded);
  }

  @Override
  public synchronized void close() {
    if (repository != null) {
      repository.close();
    }
  }

  static final class NoDefaultBranchException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NoDefaultBranchException(String message) {
      super(message);
    }
  }

  static final class GitReadException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    GitReadException(String message) {
      super(message);
    }
  }
}
