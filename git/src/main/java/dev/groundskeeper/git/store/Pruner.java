package dev.groundskeeper.git.store;

import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.repo.Regenerable;
import dev.groundskeeper.api.repo.RepoEffect;
import dev.groundskeeper.api.repo.RepositorySettings;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.repo.WorktreeStatus;
import dev.groundskeeper.git.EffectExecutor;
import dev.groundskeeper.git.EffectResult;
import dev.groundskeeper.rules.worktree.MergeStatus;
import dev.groundskeeper.rules.worktree.ProofOfBelonging;
import dev.groundskeeper.rules.worktree.PruneCandidate;
import dev.groundskeeper.rules.worktree.PruneDecision;
import dev.groundskeeper.rules.worktree.PruneJudge;
import dev.groundskeeper.rules.worktree.Recommendation;
import dev.groundskeeper.rules.worktree.WorktreesConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * One prune run: judge every worktree of the repository, archive the notes of each one to
 * reclaim, then remove it with {@code git worktree remove} (never forced) after re-checking the
 * proof of belonging at that moment. It never deletes a branch and never runs
 * {@code git worktree prune}. A dry run computes the same rows and writes nothing.
 */
final class Pruner {

  private static final int SHOWN_PATHS = 5;

  private final WorktreeStore store;
  private final StoreLocation location;
  private final WorktreesConfig config;
  private final RepositorySettings settings;
  private final Map<String, String> environment;
  private final Clock clock;
  private final NotesArchive archive;
  private final GitRunner git;

  Pruner(WorktreeStore store, StoreLocation location, WorktreesConfig config,
      RepositorySettings settings, Map<String, String> environment, Clock clock, GitRunner git) {
    this.git = git;
    this.store = store;
    this.location = location;
    this.config = config;
    this.settings = settings;
    this.environment = environment;
    this.clock = clock;
    this.archive = new NotesArchive(location, config.notesDir(), config.redactions(),
        config.maxNoteBytes());
  }

  PruneReport run(Path directory, boolean dryRun, Set<String> named) {
    Checkout checkout = Checkout.open(directory, settings, git);
    String root = checkout.rootCommit();
    new StoreLevels(location).exists(List.of("worktrees", root));
    Forge forge = Forge.ask(checkout.workTree(), environment);
    List<Inspection> inspections = store.inspect(checkout, root, forge, false);
    for (String name : named) {
      boolean inLane = inspections.stream().anyMatch(i -> i.inStore() && i.name().equals(name));
      if (!inLane) {
        throw new StoreRefusal("--yes " + SafeText.escape(name) + " names no worktree in this"
            + " repository's lane", "see the lane with groundskeeper worktree list");
      }
    }
    Instant now = clock.instant();
    PruneJudge judge = new PruneJudge(config.quietDays());
    Optional<Path> cwd = WorktreeStore.realPath(directory);
    List<PruneRow> rows = new ArrayList<>();
    for (Inspection inspection : inspections) {
      Optional<Instant> lastActivity = needsActivity(inspection)
          ? lastActivity(inspection) : Optional.empty();
      PruneCandidate candidate = new PruneCandidate(inspection.name(), inspection.inStore(),
          inspection.proofFailure(), inspection.listed().flatMap(Worktree::locked),
          ownWorkingDirectory(cwd, inspection.path()), dirt(inspection), inspection.detached(),
          inspection.merged().orElse(MergeStatus.unmerged("not judged")), lastActivity,
          inspection.openPullRequest(), named.contains(inspection.name()));
      PruneDecision decision = judge.decide(candidate, now);
      rows.add(switch (decision.action()) {
        case KEEP -> row(inspection, PruneRow.Outcome.KEPT, decision.reason(), Optional.empty(),
            Optional.empty());
        case QUIET -> row(inspection, PruneRow.Outcome.QUIET, decision.reason(), Optional.empty(),
            Optional.of(dossier(checkout, inspection, lastActivity.orElse(now))));
        case RECLAIM -> reclaim(checkout, root, inspection, decision, dryRun, now);
      });
    }
    return new PruneReport(dryRun, rows,
        forge.reachable() ? Optional.empty() : Optional.of(Forge.UNREACHABLE_NOTE));
  }

  private static boolean needsActivity(Inspection inspection) {
    return inspection.belongs() && !inspection.detached()
        && inspection.merged().filter(MergeStatus::merged).isEmpty();
  }

  private static boolean ownWorkingDirectory(Optional<Path> cwd, Path worktree) {
    Optional<Path> real = WorktreeStore.realPath(worktree);
    return cwd.isPresent() && (cwd.get().startsWith(worktree)
        || real.filter(r -> cwd.get().startsWith(r)).isPresent());
  }

  private PruneRow reclaim(Checkout checkout, String root, Inspection inspection,
      PruneDecision decision, boolean dryRun, Instant now) {
    NotesArchive.Prepared notes = archive.prepare(inspection.path());
    if (notes instanceof NotesArchive.Failed failed) {
      return row(inspection, PruneRow.Outcome.KEPT, "the notes could not be archived: "
          + failed.reason(), Optional.empty(), Optional.empty());
    }
    String noteWords = notes instanceof NotesArchive.Ready ready
        ? "; " + (ready.files().size() + ready.links().size()) + " notes archived"
        : "; no notes";
    if (dryRun) {
      return row(inspection, PruneRow.Outcome.WOULD_RECLAIM, decision.reason() + noteWords,
          Optional.empty(), Optional.empty());
    }
    Optional<String> entry = Optional.empty();
    if (notes instanceof NotesArchive.Ready ready) {
      try {
        entry = Optional.of(location.display(archive.write(ready, root, inspection.name(),
            inspection.branch(), inspection.path(), now)));
      } catch (StoreRefusal e) {
        return row(inspection, PruneRow.Outcome.KEPT, "the notes could not be archived: "
            + e.reason(), Optional.empty(), Optional.empty());
      }
    }
    Optional<String> refusal = removeAfterRecheck(checkout, root, inspection);
    if (refusal.isPresent()) {
      return row(inspection, PruneRow.Outcome.KEPT, refusal.get()
          + entry.map(e -> "; its notes were archived to " + e + " and also stay in place")
              .orElse(""), entry, Optional.empty());
    }
    try {
      store.forgetStart(root, inspection.name());
    } catch (StoreRefusal e) {
      return row(inspection, PruneRow.Outcome.RECLAIMED, decision.reason() + noteWords + "; "
          + e.reason(), entry, Optional.empty());
    }
    return row(inspection, PruneRow.Outcome.RECLAIMED, decision.reason() + noteWords, entry,
        Optional.empty());
  }

  /**
   * Re-reads the repository and re-checks, at the moment of removal, that the worktree is still
   * listed, still belongs, is not locked, and still has the HEAD it was judged at; then asks git
   * to remove it without force, so git itself refuses a tree that changed.
   */
  private Optional<String> removeAfterRecheck(Checkout checkout, String root,
      Inspection judged) {
    checkout.refresh();
    Optional<Worktree> now = checkout.worktrees().stream()
        .filter(w -> w.path().normalize().equals(judged.path())).findFirst();
    if (now.isEmpty()) {
      return Optional.of("git no longer lists it; left untouched");
    }
    Path laneReal = WorktreeStore.realPath(location.lane(root)).orElse(null);
    Optional<Path> real = WorktreeStore.realPath(judged.path());
    boolean directChild = laneReal != null && real.isPresent()
        && laneReal.equals(real.get().getParent());
    ProofOfBelonging.Evidence evidence = new ProofOfBelonging.Evidence(true,
        now.get().isPrunable(), directChild,
        Inspection.compare(checkout.queries().commonDirectory(judged.path()),
            checkout.commonDir()));
    Optional<String> failure = ProofOfBelonging.failure(evidence);
    if (failure.isPresent()) {
      return Optional.of("fails the proof of belonging at removal: " + failure.get());
    }
    if (now.get().isLocked()) {
      return Optional.of("locked since it was judged");
    }
    if (!now.get().head().equals(judged.head()) || !now.get().branch().equals(judged.branch())) {
      return Optional.of("its HEAD moved since it was judged; run prune again");
    }
    EffectResult result = EffectExecutor.forDirectory(checkout.workTree())
        .perform(new RepoEffect.RemoveWorktree(judged.path(), judged.head()));
    if (!result.done()) {
      return Optional.of(location.display(result.message()));
    }
    return Optional.empty();
  }

  private PruneRow row(Inspection inspection, PruneRow.Outcome outcome, String reason,
      Optional<String> archive, Optional<Dossier> dossier) {
    return new PruneRow(SafeText.escape(inspection.name()),
        inspection.branch().map(SafeText::escape),
        SafeText.escape(location.display(inspection.path())), outcome, SafeText.escape(reason),
        archive.map(SafeText::escape), dossier);
  }

  /** The latest of the tip's committer date, the .git file's time and changed files' times. */
  private Optional<Instant> lastActivity(Inspection inspection) {
    List<Instant> times = new ArrayList<>();
    Processes.Result tip = git.run(inspection.path(), Processes.READ,
        List.of("log", "-1", "--format=%ct", "HEAD"));
    if (tip.ok() && !tip.out().isBlank()) {
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
   * Uncommitted work, or else ignored files that {@code git worktree remove} would delete without
   * asking and that cannot be rebuilt (outside the notes folder, which is archived): the same
   * judgement as the hook's force-removal guard, so prune never deletes what the hook refuses to.
   */
  private Optional<String> dirt(Inspection inspection) {
    Optional<String> uncommitted = inspection.dirt();
    if (uncommitted.isPresent()) {
      return uncommitted;
    }
    List<String> atRisk = ignoredOutsideNotes(inspection).orElse(List.of()).stream()
        .filter(path -> !Regenerable.isRegenerable(Regenerable.DEFAULT_GLOBS, path)).toList();
    if (atRisk.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(atRisk.size() + " ignored " + (atRisk.size() == 1 ? "path" : "paths")
        + " a removal would delete and nothing can rebuild ("
        + String.join(", ", atRisk.stream().limit(SHOWN_PATHS).toList())
        + (atRisk.size() > SHOWN_PATHS ? ", …" : "") + "); move what you need to a tracked"
        + " home or the notes folder, delete the rest, then prune again");
  }

  private Optional<List<String>> ignoredOutsideNotes(Inspection inspection) {
    String notes = config.notesDir().endsWith("/") ? config.notesDir() : config.notesDir() + "/";
    return inspection.status().map(s -> s.ignored().stream()
        .filter(path -> !path.startsWith(notes) && !notes.startsWith(path))
        .map(SafeText::escape).toList());
  }

  private Dossier dossier(Checkout checkout, Inspection inspection, Instant lastActivity) {
    WorktreeStatus status = inspection.status().orElse(WorktreeStatus.clean());
    List<String> changed = Stream.concat(status.staged().stream(), status.modified().stream())
        .distinct().toList();
    List<String> dirty = Stream.concat(changed.stream(), status.untracked().stream())
        .limit(SHOWN_PATHS).map(SafeText::escape).toList();
    Optional<List<String>> ignored = ignoredOutsideNotes(inspection);
    String base = checkout.defaultBranch().name();
    String branch = inspection.branch().orElse("HEAD");
    Processes.Result log = git.run(inspection.path(), Processes.READ,
        List.of("log", "--format=%s", base + ".." + branch, "--"));
    Optional<List<String>> subjects = log.ok()
        ? Optional.of(log.out().lines().map(SafeText::escape).toList()) : Optional.empty();
    Processes.Result stat = git.run(inspection.path(), Processes.READ,
        List.of("diff", "--shortstat", base + "..." + branch, "--"));
    String summary = stat.ok() ? stat.out().strip() : "the diff could not be read";
    String recommendation = Recommendation.of(inspection.name(), !status.isClean(),
        subjects.map(List::size), ignored);
    return new Dossier(changed.size(), status.untracked().size(), dirty, ignored, subjects,
        summary.isEmpty() ? "no change from the merge base" : summary, lastActivity,
        recommendation);
  }
}
