package dev.groundskeeper.git;

import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchProvenance;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.api.repo.Containment;
import dev.groundskeeper.api.repo.DefaultBranch;
import dev.groundskeeper.api.repo.Dormancy;
import dev.groundskeeper.api.repo.MergeJudgement;
import dev.groundskeeper.api.repo.ParkMarker;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.git.MarkedWalk.Marked;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.lib.ConfigConstants;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.ReflogEntry;
import org.eclipse.jgit.lib.ReflogReader;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * One reading of the branch inventory: refs once, the default's history walked once (only when a
 * branch's judgement is not cached yet), each branch judged in the seed's order, first match wins.
 */
final class InventoryBuilder {

  private static final Pattern DIGITS = Pattern.compile("\\d+");
  private static final Pattern SUBJECT_LINK = Pattern.compile("Addresses #(\\d+)|Plan (\\d{5})");

  /** What never changes for the same tip against the same targets. */
  record Analysis(List<MergeJudgement> judgements, BranchState mergedState, OptionalInt ahead, OptionalInt behind) {}

  private final GitRepository repo;
  private final RepositorySettings settings;
  private final ScanBudget budget;

  InventoryBuilder(GitRepository repo, RepositorySettings settings) {
    this.repo = repo;
    this.settings = settings;
    this.budget = new ScanBudget(settings.scanLimits());
  }

  /** The history, targets and analyzer of one reading, made on first need. */
  private final class Targets implements AutoCloseable {
    final DefaultBranch defaultBranch;
    final String primaryRef;
    final ObjectId primaryId;
    final String secondaryRef;
    final ObjectId secondaryId;
    final List<String> lineRefs = new ArrayList<>();
    final List<ObjectId> lineIds = new ArrayList<>();
    final String key;
    private ObjectReader reader;
    private CommitBodies bodies;
    private MarkedWalk walk;
    private DefaultHistory history;
    private BranchAnalyzer analyzer;

    Targets(RefSnapshot refs, DefaultBranch defaultBranch, Collection<String> names) {
      this.defaultBranch = defaultBranch;
      String local = Constants.R_HEADS + defaultBranch.name();
      String remote = Constants.R_REMOTES + settings.remote() + "/" + defaultBranch.name();
      if (defaultBranch.localTip().isPresent()) {
        primaryRef = local;
        primaryId = ObjectId.fromString(defaultBranch.localTip().get());
        secondaryRef = defaultBranch.remoteTip().isPresent() ? remote : null;
        secondaryId = defaultBranch.remoteTip().map(ObjectId::fromString).orElse(null);
      } else {
        primaryRef = remote;
        primaryId = ObjectId.fromString(defaultBranch.remoteTip().orElseThrow());
        secondaryRef = null;
        secondaryId = null;
      }
      StringBuilder k = new StringBuilder(primaryId.name()).append('/')
          .append(secondaryId == null ? "-" : secondaryId.name());
      for (String name : names) {
        if (!name.equals(defaultBranch.name()) && settings.isIntegrationLine(name)) {
          for (String ref : List.of(Constants.R_HEADS + name, Constants.R_REMOTES + settings.remote() + "/" + name)) {
            Optional<ObjectId> id = refs.get(ref);
            if (id.isPresent()) {
              lineRefs.add(ref);
              lineIds.add(id.get());
              k.append('/').append(ref).append('=').append(id.get().name());
            }
          }
        }
      }
      key = k.toString();
    }

    /** Opened on first need: a reading served from the cache never opens the object store. */
    ObjectReader reader() {
      if (reader == null) {
        reader = repo.jgit().newObjectReader();
      }
      return reader;
    }

    CommitBodies bodies() {
      if (bodies == null) {
        bodies = new CommitBodies(reader());
      }
      return bodies;
    }

    DefaultHistory history() throws IOException {
      if (history == null) {
        walk = new MarkedWalk(reader());
        history = DefaultHistory.build(walk, primaryId, secondaryId, lineRefs, lineIds, budget);
        analyzer = new BranchAnalyzer(history, reader(), repo.patchIds(), bodies(), budget, primaryRef);
      }
      return history;
    }

    BranchAnalyzer analyzer() throws IOException {
      history();
      return analyzer;
    }

    @Override
    public void close() {
      if (bodies != null) {
        bodies.close();
      }
      if (walk != null) {
        walk.close();
      }
      if (reader != null) {
        reader.close();
      }
    }
  }

  /** What one reading found that does not depend on the clock: reused while nothing it read changed. */
  record Reading(String key, DefaultBranch defaultBranch, List<Draft> drafts, boolean complete, InventoryPass pass) {}

  BranchInventory build(RefSnapshot refs, Instant now, List<Worktree> worktrees, InventoryPass pass)
      throws IOException {
    String key = refs.fingerprint() + "|" + settings + "|" + worktrees + "|" + repo.configStamp();
    Reading reading = repo.lastReading();
    // A full reading serves a guard as well; a guard's reading never stands in for a full one.
    if (reading == null || !reading.key().equals(key)
        || pass == InventoryPass.FULL && reading.pass() != InventoryPass.FULL) {
      reading = read(refs, worktrees, key, pass);
      repo.lastReading(reading);
    }
    return finish(reading, refs, now);
  }

  private Reading read(RefSnapshot refs, List<Worktree> worktrees, String key, InventoryPass pass)
      throws IOException {
    DefaultBranch defaultBranch = repo.defaultBranch(settings, refs);
    Map<String, ObjectId> locals = refs.under(Constants.R_HEADS);
    Map<String, ObjectId> remotes = GitRepository.remoteBranches(settings, refs);
    List<String> names = GitRepository.union(locals.keySet(), remotes.keySet());
    Map<String, Path> worktreeOf = new HashMap<>();
    for (Worktree worktree : worktrees) {
      worktree.branch().ifPresent(branch -> worktreeOf.putIfAbsent(branch, worktree.path()));
    }
    List<Draft> drafts = new ArrayList<>();
    boolean complete = true;
    if (defaultBranch.localTip().isEmpty() && defaultBranch.remoteTip().isEmpty()) {
      // an unborn default branch: a fresh repository, which has no local branch to judge
      if (!names.isEmpty()) {
        throw new GitRepository.NoDefaultBranchException("the default branch " + defaultBranch.name()
            + " has no commit yet, and the remote-tracking branches cannot be judged against it;"
            + " name the default branch in the configuration (branches.default)");
      }
      return new Reading(key, defaultBranch, drafts, complete, pass);
    }
    InventoryCache cache = repo.cache();
    try (Targets targets = new Targets(refs, defaultBranch, names)) {
      if (pass == InventoryPass.GUARD) {
        requireFewToJudge(cache, targets, names, locals, remotes, defaultBranch);
      }
      Config config = repo.jgit().getConfig();
      for (String name : names) {
        Optional<ObjectId> local = Optional.ofNullable(locals.get(name));
        Optional<ObjectId> remote = Optional.ofNullable(remotes.get(name));
        ObjectId tip = local.orElseGet(remote::orElseThrow);
        Draft draft = new Draft(name, local, remote, tip);
        InventoryCache.TipFacts facts = tipFacts(cache, targets, tip);
        draft.lastCommit = facts.committed();
        draft.park = facts.park();
        draft.planTokens = planTokens(name, facts.subjectTokens());
        draft.provenance = provenance(config, name);
        draft.upstream = local.isPresent() ? upstream(config, name) : Optional.empty();
        draft.worktree = Optional.ofNullable(worktreeOf.get(name));
        if (settings.isExempt(name)) {
          draft.state = BranchState.EXEMPT;
        } else if (name.equals(defaultBranch.name())) {
          draft.state = BranchState.DEFAULT;
        } else if (settings.isIntegrationLine(name)) {
          draft.state = BranchState.INTEGRATION_LINE;
        } else {
          Analysis analysis = analyze(targets, tip);
          draft.judgements = analysis.judgements();
          draft.ahead = analysis.ahead();
          draft.behind = analysis.behind();
          if (analysis.judgements().stream().anyMatch(j -> j.result() == MergeJudgement.Result.NOT_PROVEN)) {
            complete = false;
          }
          draft.state = analysis.mergedState(); // null: work, decided against the clock below
          if (local.isPresent() && (draft.state == BranchState.MERGED_INTO_DEFAULT
              || draft.state == BranchState.MERGED_INTO_LINE)
              && hasCommitOfItsOwn(targets.reader(), name, targets.history().walk.commit(tip), Optional.empty())
                  .equals(Optional.of(false))) {
            // Seed 004: a branch cut here from the default and never committed to is new work, not
            // finished work; see hasCommitOfItsOwn for what proves the contrary.
            draft.state = null;
            draft.judgements = List.of(MergeJudgement.notMerged(targets.primaryRef,
                "the branch has no commit of its own (its reflog shows none since its creation)"));
          }
        }
        drafts.add(draft);
      }
      if (pass == InventoryPass.FULL) {
        Set<ObjectId> live = new java.util.HashSet<>(locals.values());
        live.addAll(remotes.values());
        cache.retainOnly(live, targets.key);
      }
    }
    return new Reading(key, defaultBranch, List.copyOf(drafts), complete, pass);
  }

  /**
   * A guard judges afresh only the few branches whose tip or targets moved since the cache was
   * written; with more (or no cache at all) the inventory is not offered at all.
   */
  private void requireFewToJudge(InventoryCache cache, Targets targets, List<String> names,
      Map<String, ObjectId> locals, Map<String, ObjectId> remotes, DefaultBranch defaultBranch) {
    int unknown = 0;
    int work = 0;
    for (String name : names) {
      ObjectId local = locals.get(name);
      ObjectId tip = local != null ? local : remotes.get(name);
      boolean judged = settings.isExempt(name) || name.equals(defaultBranch.name())
          || settings.isIntegrationLine(name);
      if (!judged) {
        work++;
      }
      if (cache.tip(tip).isEmpty() || !judged && cache.analysis(tip, targets.key).isEmpty()) {
        unknown++;
      }
    }
    if (unknown > InventoryPass.GUARD_RECOMPUTE_LIMIT) {
      throw new GitRepository.GitReadException(cache.loaded() == InventoryCache.Load.READ
          ? "the branch inventory cache is stale: " + unknown + " of " + names.size() + " branches moved"
              + " since it was written, more than a tool call judges afresh ("
              + InventoryPass.GUARD_RECOMPUTE_LIMIT + "); `groundskeeper sweep` or the next session start"
              + " classifies them"
          : "no branch inventory cache yet for " + work + " work branches (it is written at session"
              + " start and by `groundskeeper sweep`); a tool call never runs the full inventory");
    }
  }

  /** The date, park marker and subject tokens of a tip commit: from the cache, else read once. */
  private static InventoryCache.TipFacts tipFacts(InventoryCache cache, Targets targets, ObjectId tip)
      throws IOException {
    Optional<InventoryCache.TipFacts> known = cache.tip(tip);
    if (known.isPresent()) {
      return known.get();
    }
    CommitBodies bodies = targets.bodies();
    InventoryCache.TipFacts facts = new InventoryCache.TipFacts(bodies.committed(tip), bodies.parkMarker(tip),
        subjectTokens(bodies.commit(tip).getShortMessage()));
    cache.tip(tip, facts);
    return facts;
  }

  private BranchInventory finish(Reading reading, RefSnapshot refs, Instant now) throws IOException {
    boolean complete = reading.complete();
    Map<String, BranchState> states = new HashMap<>();
    Map<String, Long> idle = new HashMap<>();
    for (Draft d : reading.drafts()) {
      BranchState state = d.state;
      if (state == null) {
        long idleDays = Math.max(0, Duration.between(d.lastCommit, now).toDays());
        idle.put(d.name, idleDays);
        state = d.park.isPresent() ? BranchState.PARKED
            : Dormancy.stageFor(idleDays, settings.dormancy()) == null ? BranchState.LIVE : BranchState.DORMANT;
      }
      states.put(d.name, state);
    }
    List<String> dormantTips = reading.drafts().stream().filter(d -> states.get(d.name) == BranchState.DORMANT)
        .map(d -> d.tipName).distinct().toList();
    Map<String, Containment> containment = remoteContainment(refs, reading.defaultBranch(), dormantTips);
    Map<String, List<String>> sameTip = new HashMap<>();
    for (Draft d : reading.drafts()) {
      if (states.get(d.name) != BranchState.EXEMPT) {
        sameTip.computeIfAbsent(d.tipName, k -> new ArrayList<>()).add(d.name);
      }
    }
    List<BranchRecord> records = new ArrayList<>();
    for (Draft d : reading.drafts()) {
      BranchState state = states.get(d.name);
      List<String> others = state == BranchState.EXEMPT ? List.of()
          : sameTip.get(d.tipName).stream().filter(n -> !n.equals(d.name)).toList();
      Optional<Dormancy> dormancy = Optional.empty();
      if (state == BranchState.DORMANT) {
        Containment c = containment.get(d.tipName);
        String own = Constants.R_REMOTES + settings.remote() + "/" + d.name;
        List<String> elsewhere = c.containingRefs().stream().filter(r -> !r.equals(own)).toList();
        Dormancy.Where where = !elsewhere.isEmpty() ? Dormancy.Where.IN_OTHER_REMOTE_REF
            : c.containingRefs().contains(own) ? Dormancy.Where.OWN_REMOTE_ONLY : Dormancy.Where.NOWHERE;
        if (!c.complete()) {
          complete = false;
        }
        long days = idle.get(d.name);
        dormancy = Optional.of(new Dormancy(Dormancy.stageFor(days, settings.dormancy()), days, where, elsewhere));
      }
      records.add(new BranchRecord(d.name, d.localName, d.remoteName,
          d.upstream, d.ahead, d.behind, d.worktree, d.lastCommit, d.park, d.planTokens,
          d.provenance, state, d.judgements, others, dormancy));
    }
    return new BranchInventory(reading.defaultBranch(), settings.remote(), records, now, complete);
  }

  /** Containment in the remote's tracking refs, cached per tip while the refs are unchanged. */
  private Map<String, Containment> remoteContainment(RefSnapshot refs, DefaultBranch defaultBranch,
      List<String> tips) throws IOException {
    InventoryCache cache = repo.cache();
    String refsKey = settings.remote() + ":" + refs.fingerprint(Constants.R_REMOTES + settings.remote() + "/");
    Map<String, Containment> known = new HashMap<>();
    List<String> missing = new ArrayList<>();
    for (String tip : tips) {
      cache.containment(refsKey, ObjectId.fromString(tip))
          .ifPresentOrElse(c -> known.put(tip, c), () -> missing.add(tip));
    }
    if (!missing.isEmpty()) {
      Map<String, ContainmentScanner.Progress> prior = new HashMap<>();
      for (String tip : missing) {
        cache.progress(refsKey, ObjectId.fromString(tip)).ifPresent(p -> prior.put(tip, p));
      }
      try (Targets targets = new Targets(refs, defaultBranch, List.of())) {
        // A scan larger than one budget continues where the last reading stopped, so that
        // repeated readings finish it instead of each starting over and stopping at the same ref.
        ContainmentScanner.Resumed scanned = new ContainmentScanner(targets.history(),
            targets.reader(), budget).resume(missing, remoteTrackingRefs(refs), Set.of(), prior);
        scanned.containment().forEach((tip, c) -> {
          if (c.complete()) {
            cache.containment(refsKey, c);
          } else if (scanned.progress().containsKey(tip)) {
            cache.progress(refsKey, ObjectId.fromString(tip), scanned.progress().get(tip));
          }
        });
        known.putAll(scanned.containment());
      }
    }
    return known;
  }

  private Map<String, ObjectId> remoteTrackingRefs(RefSnapshot refs) {
    Map<String, ObjectId> result = new TreeMap<>();
    String prefix = Constants.R_REMOTES + settings.remote() + "/";
    refs.under(prefix).forEach((name, id) -> {
      if (!name.equals(Constants.HEAD)) {
        result.put(prefix + name, id);
      }
    });
    return result;
  }

  /** Judgements of one branch tip, cached for good once nothing in them is "not proven". */
  private Analysis analyze(Targets targets, ObjectId tip) throws IOException {
    Optional<Analysis> cached = repo.cache().analysis(tip, targets.key);
    if (cached.isPresent()) {
      return cached.get();
    }
    DefaultHistory history = targets.history();
    BranchAnalyzer analyzer = targets.analyzer();
    Marked commit = history.walk.commit(tip);
    List<MergeJudgement> judgements = new ArrayList<>();
    BranchState merged = null;
    BranchAnalyzer.Own own = analyzer.own(tip);
    if (commit.inPrimary()) {
      judgements.add(MergeJudgement.merged(targets.primaryRef, MergeJudgement.Method.ANCESTRY,
          "the tip is an ancestor of " + targets.primaryRef));
      merged = BranchState.MERGED_INTO_DEFAULT;
    } else if (commit.secondary) {
      judgements.add(MergeJudgement.merged(targets.secondaryRef, MergeJudgement.Method.ANCESTRY,
          "the tip is an ancestor of " + targets.secondaryRef));
      merged = BranchState.MERGED_INTO_DEFAULT;
    } else if (commit.lines != 0) {
      String line = history.lineRefs.get(Long.numberOfTrailingZeros(commit.lines));
      judgements.add(MergeJudgement.merged(line, MergeJudgement.Method.ANCESTRY,
          "the tip is an ancestor of " + line));
      merged = BranchState.MERGED_INTO_LINE;
    } else if (!history.complete()) {
      judgements.add(MergeJudgement.notProven(targets.primaryRef, history.incompleteWhy()));
    } else {
      judgements.add(MergeJudgement.notMerged(targets.primaryRef, "the tip is not an ancestor of the default branch"));
      MergeJudgement equivalent = analyzer.patchEquivalence(own, -1, targets.primaryRef);
      judgements.add(equivalent);
      for (int j = 0; !equivalent.merged() && j < history.lineRefs.size(); j++) {
        equivalent = analyzer.patchEquivalence(own, j, history.lineRefs.get(j));
        judgements.add(equivalent);
      }
      if (!equivalent.merged()) {
        equivalent = analyzer.squash(own, targets.primaryRef);
        judgements.add(equivalent);
      }
      if (equivalent.merged()) {
        merged = BranchState.PATCH_EQUIVALENT;
      }
    }
    Analysis analysis = new Analysis(judgements, merged, analyzer.ahead(own), analyzer.behind(own));
    boolean proven = judgements.stream().noneMatch(j -> j.result() == MergeJudgement.Result.NOT_PROVEN)
        && analysis.ahead().isPresent() && analysis.behind().isPresent();
    if (proven) {
      repo.cache().analysis(tip, targets.key, analysis);
    }
    return analysis;
  }

  /**
   * Seed 004's merged judgement of one branch against the default: by ancestry only when the
   * branch holds a commit of its own, then patch-equivalence, then squash.
   */
  MergeJudgement judgeMerged(RefSnapshot refs, String branch, Optional<String> start) throws IOException {
    DefaultBranch defaultBranch = repo.defaultBranch(settings, refs);
    Optional<ObjectId> tipId = refs.get(Constants.R_HEADS + branch)
        .or(() -> refs.get(Constants.R_REMOTES + settings.remote() + "/" + branch));
    if (tipId.isEmpty()) {
      throw new GitRepository.GitReadException("no branch named '" + branch + "'");
    }
    try (Targets targets = new Targets(refs, defaultBranch, List.of())) {
      DefaultHistory history = targets.history();
      BranchAnalyzer analyzer = targets.analyzer();
      Marked tip = history.walk.commit(tipId.get());
      String target = targets.primaryRef;
      if (tip.inDefault()) {
        Optional<Boolean> ownCommit = hasCommitOfItsOwn(targets.reader(), branch, tip, start);
        if (ownCommit.isEmpty()) {
          return MergeJudgement.notMerged(target, "the tip is on the default but neither a recorded start "
              + "nor the reflog's creation entry shows a commit of its own");
        }
        if (!ownCommit.get()) {
          return MergeJudgement.notMerged(target, "the branch has no commit of its own");
        }
        return MergeJudgement.merged(tip.inPrimary() ? target : targets.secondaryRef,
            MergeJudgement.Method.ANCESTRY, "the tip, with a commit of its own, is an ancestor of the default branch");
      }
      if (!history.complete()) {
        return MergeJudgement.notProven(target, history.incompleteWhy());
      }
      BranchAnalyzer.Own own = analyzer.own(tipId.get());
      MergeJudgement equivalent = analyzer.patchEquivalence(own, -1, target);
      if (equivalent.merged() || equivalent.result() == MergeJudgement.Result.NOT_PROVEN) {
        return equivalent;
      }
      return analyzer.squash(own, target);
    }
  }

  /**
   * Whether the branch holds a commit of its own, in this order:
   *
   * <ol>
   *   <li>with a recorded start commit: a tip that is not the start nor behind it;
   *   <li>a tip in the default's history but off its first-parent chain: yes, the default only got
   *       it through a merge of someone's branch work (whoever made the branch, whatever its reflog);
   *   <li>a reflog that reaches the branch's creation and where the creation took a remote-tracking
   *       branch ({@code git checkout x} of {@code origin/x}, {@code git switch -c x origin/x}): not
   *       decided here (empty): the branch copies pushed work this clone did not witness;
   *   <li>else a commit, cherry-pick or merge entry of the reflog, after its creation entry, whose
   *       commit the tip still holds.
   * </ol>
   *
   * Empty when no source decides (no reflog, or one that no longer reaches the creation, as after
   * {@code update-ref} without a message or an expired reflog): ancestry then stands.
   */
  private Optional<Boolean> hasCommitOfItsOwn(ObjectReader reader, String branch, MarkedWalk.Marked tip,
      Optional<String> start) throws IOException {
    try (RevWalk walk = new RevWalk(reader)) {
      if (start.isPresent()) {
        ObjectId startId = ObjectId.fromString(start.get());
        return Optional.of(!walk.isMergedInto(walk.parseCommit(tip), walk.parseCommit(startId)));
      }
      if (tip.inPrimary() && !tip.onChain) {
        return Optional.of(true);
      }
      if (!RefNames.passable(branch)) {
        return Optional.empty(); // its reflog file cannot be named from here: ancestry stands
      }
      ReflogReader reflog = repo.jgit().getRefDatabase().getReflogReader(Constants.R_HEADS + branch);
      if (reflog == null) {
        return Optional.empty();
      }
      List<ReflogEntry> entries = reflog.getReverseEntries();
      if (entries.isEmpty()) {
        return Optional.empty();
      }
      ReflogEntry oldest = entries.get(entries.size() - 1);
      if (!oldest.getOldId().equals(ObjectId.zeroId())) {
        return Optional.empty(); // the reflog no longer reaches the branch's creation
      }
      if (createdFromRemoteTracking(oldest.getComment())) {
        return Optional.empty();
      }
      for (ReflogEntry entry : entries) {
        String comment = entry.getComment();
        boolean work = comment.startsWith("commit") || comment.startsWith("cherry-pick")
            || comment.startsWith("merge ");
        if (work && walk.isMergedInto(walk.parseCommit(entry.getNewId()), walk.parseCommit(tip))) {
          return Optional.of(true);
        }
      }
      return Optional.of(false);
    }
  }

  /** git's creation entry names its start point: {@code branch: Created from origin/x}. */
  private boolean createdFromRemoteTracking(String comment) {
    String prefix = "branch: Created from ";
    if (!comment.startsWith(prefix)) {
      return false;
    }
    String from = comment.substring(prefix.length()).strip();
    return from.startsWith(Constants.R_REMOTES) || from.startsWith(settings.remote() + "/")
        || from.startsWith("remotes/");
  }

  Map<String, Containment> containment(RefSnapshot refs, Collection<String> tips, Set<String> excluded)
      throws IOException {
    DefaultBranch defaultBranch = repo.defaultBranch(settings, refs);
    Map<String, ObjectId> candidates = new TreeMap<>();
    refs.all().forEach((name, id) -> {
      if (name.startsWith(Constants.R_HEADS) || name.startsWith(Constants.R_REMOTES)
          || name.startsWith(Constants.R_TAGS)) {
        candidates.put(name, id);
      }
    });
    try (Targets targets = new Targets(refs, defaultBranch, List.of())) {
      return new ContainmentScanner(targets.history(), targets.reader(), budget).scan(tips, candidates, excluded);
    }
  }

  private static List<String> planTokens(String name, List<String> subjectTokens) {
    LinkedHashSet<String> tokens = new LinkedHashSet<>();
    Matcher digits = DIGITS.matcher(name);
    while (digits.find()) {
      tokens.add(digits.group());
    }
    tokens.addAll(subjectTokens);
    return List.copyOf(tokens);
  }

  /** {@code Addresses #N} and {@code Plan NNNNN} in a tip's subject, in order. */
  private static List<String> subjectTokens(String subject) {
    List<String> tokens = new ArrayList<>();
    Matcher link = SUBJECT_LINK.matcher(subject);
    while (link.find()) {
      tokens.add(link.group(1) != null ? link.group(1) : link.group(2));
    }
    return tokens;
  }

  private static BranchProvenance provenance(Config config, String name) {
    Optional<String> creator = Optional.ofNullable(config.getString(ConfigConstants.CONFIG_BRANCH_SECTION, name,
        BranchProvenance.CREATOR_KEY));
    Optional<Instant> created = Optional.ofNullable(config.getString(ConfigConstants.CONFIG_BRANCH_SECTION, name,
        BranchProvenance.CREATED_KEY)).flatMap(InventoryBuilder::unixSeconds);
    Optional<String> route = Optional.ofNullable(config.getString(ConfigConstants.CONFIG_BRANCH_SECTION, name,
        BranchProvenance.ROUTE_KEY));
    List<String> touched = List.of(config.getStringList(ConfigConstants.CONFIG_BRANCH_SECTION, name,
        BranchProvenance.TOUCHED_BY_KEY));
    return new BranchProvenance(creator, created, route, new ArrayList<>(new LinkedHashSet<>(touched)));
  }

  private static Optional<Instant> unixSeconds(String text) {
    try {
      return Optional.of(Instant.ofEpochSecond(Long.parseLong(text.strip())));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static Optional<String> upstream(Config config, String name) {
    String remote = config.getString(ConfigConstants.CONFIG_BRANCH_SECTION, name, ConfigConstants.CONFIG_KEY_REMOTE);
    String merge = config.getString(ConfigConstants.CONFIG_BRANCH_SECTION, name, ConfigConstants.CONFIG_KEY_MERGE);
    if (remote == null || merge == null || !merge.startsWith(Constants.R_HEADS)) {
      return Optional.empty();
    }
    if (remote.equals(".")) {
      return Optional.of(merge);
    }
    return Optional.of(Constants.R_REMOTES + remote + "/" + merge.substring(Constants.R_HEADS.length()));
  }

  static final class Draft {
    final String name;
    final Optional<ObjectId> local;
    final Optional<ObjectId> remote;
    final ObjectId tip;
    Instant lastCommit;
    Optional<ParkMarker> park = Optional.empty();
    List<String> planTokens = List.of();
    BranchProvenance provenance = BranchProvenance.none();
    Optional<String> upstream = Optional.empty();
    Optional<Path> worktree = Optional.empty();
    BranchState state;
    List<MergeJudgement> judgements = List.of();
    OptionalInt ahead = OptionalInt.empty();
    OptionalInt behind = OptionalInt.empty();

    /** The ids as text, made once per reading (a reading is reused across events). */
    final String tipName;
    final Optional<String> localName;
    final Optional<String> remoteName;

    Draft(String name, Optional<ObjectId> local, Optional<ObjectId> remote, ObjectId tip) {
      this.name = name;
      this.local = local;
      this.remote = remote;
      this.tip = tip;
      this.localName = local.map(ObjectId::name);
      this.remoteName = remote.map(ObjectId::name);
      this.tipName = localName.orElseGet(remoteName::orElseThrow);
    }
  }
}
