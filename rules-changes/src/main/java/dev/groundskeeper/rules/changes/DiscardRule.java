package dev.groundskeeper.rules.changes;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.BranchTip;
import dev.groundskeeper.api.repo.ChangeFacts;
import dev.groundskeeper.api.repo.ChangeQueries;
import dev.groundskeeper.api.repo.ChangedFile;
import dev.groundskeeper.api.repo.Containment;
import dev.groundskeeper.api.repo.Regenerable;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.StashEntry;
import dev.groundskeeper.api.repo.WorktreeChanges;
import dev.groundskeeper.api.shell.GitCommand;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Word;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Discarding tracked changes: {@code git reset --hard}, {@code reset --merge <commit>},
 * {@code checkout [<tree-ish>] [--] <paths>}, {@code checkout -f}, {@code switch -f},
 * {@code restore [--staged] [--worktree] <paths>}, {@code rm -f <paths>} and
 * {@code stash drop}/{@code clear}, judged against the status of the worktree each runs in: refused
 * only when a path it overwrites has content that no stash entry or snapshot holds, or a dropped
 * stash entry is neither in the worktree nor in a branch, tag or remote-tracking ref. A command
 * that writes another tree's files ({@code reset --hard <commit>}, {@code checkout -f <branch>},
 * {@code switch}, {@code checkout <tree-ish> -- <paths>}, {@code restore --source}, and a plain
 * {@code checkout <branch>} for ignored files, which git overwrites silently) is also refused when
 * an untracked or ignored file where that tree tracks a path holds content no stash entry or
 * snapshot holds and no regenerable glob covers. A clean worktree loses nothing. A command with
 * none of these costs no repository read.
 */
@dev.groundskeeper.api.LossGuard
final class DiscardRule implements Rule {

  static final String ID = "changes.discard";

  static final RuleInfo INFO = new RuleInfo(ID, "Discarding tracked changes",
      "Refuses `git reset --hard`, `git checkout -- <paths>`, `git restore`, `git stash drop` and"
          + " the like when a change they overwrite is held by no commit, stash entry or"
          + " snapshot.",
      Mode.BLOCK, Set.of(Event.CommandEvent.class), "rules/" + ID + ".md");

  private static final Pattern STASH = Pattern.compile("(?:stash@\\{)?(\\d+)\\}?");

  private final boolean snapshotMode;
  private final dev.groundskeeper.api.repo.SnapshotEffect.Limits limits;

  DiscardRule() {
    this(ChangesConfig.DEFAULTS);
  }

  DiscardRule(ChangesConfig config) {
    this.snapshotMode = config.discard().equals(ChangesConfig.SNAPSHOT);
    this.limits = config.snapshots().limits();
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    if (!(event instanceof Event.CommandEvent command)) {
      return Verdict.notApplicable(ID);
    }
    Script script = command.script(facts);
    Optional<Unread> unread = Unread.of(script).filter(Unread::mayDiscard);
    if (!Discards.anyCandidate(script)) {
      return unread.map(u -> refusal(List.of(u.line("discard changes")), List.of(),
          List.of(), u.remedy())).orElse(Verdict.notApplicable(ID));
    }
    Path cwd = command.context().cwd();
    List<Discards.Discard> discards = Discards.of(script, revisions(facts));
    List<Discards.StashDrop> drops = Discards.stashDrops(script);
    if (discards.isEmpty() && drops.isEmpty() && unread.isEmpty()) {
      return Verdict.allow(ID);
    }
    List<String> lines = new ArrayList<>();
    List<String> commands = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    Refusals.Keep keep = new Refusals.Keep();
    boolean dropsCommits = false;
    try {
      Optional<ChangeQueries> found = facts.find(ChangeFacts.QUERIES);
      boolean plainSwitches = drops.isEmpty()
          && discards.stream().allMatch(d -> d.side() == Discards.Side.NONE);
      if (found.isEmpty()) {
        // a plain checkout or switch, which git itself stops before it overwrites a change or
        // an untracked file, is judged for the ignored files it overwrites only where the
        // repository can be read
        if (!plainSwitches) {
          lines.add(Refusals.nothingKnown("the changes survive"));
          keep.notFiles();
        }
      } else {
        ChangeQueries queries = found.get();
        Judging judging = new Judging(queries, facts, lines, commands, findings, keep);
        for (Discards.Discard discard : discards) {
          judge(discard, command, cwd, judging);
        }
        int before = lines.size();
        for (Discards.StashDrop drop : drops) {
          judgeDrop(drop, command, cwd, facts, queries, judging.tracked, lines, commands,
              findings);
        }
        if (lines.size() > before) {
          keep.notFiles(); // a stash entry is a commit: a file copy does not hold it
          dropsCommits = true;
        }
      }
    } catch (FactUnavailableException e) {
      // a loss-prevention guard fails closed: unproven is refused, never waved through
      lines.add(Refusals.nothingProven(e));
      keep.notFiles();
    }
    unread.ifPresent(u -> {
      lines.add(u.line("discard changes"));
      keep.notFiles();
    });
    if (lines.isEmpty()) {
      return Verdict.allow(ID);
    }
    Verdict refusal = Refusals.snapshotting(refusal(lines, commands, findings,
        unread.map(Unread::remedy).orElse("")), snapshotMode, keep, command.command().strip(),
        command.context().sessionId(), limits);
    return dropsCommits ? Refusals.commitsNoted(refusal, snapshotMode) : refusal;
  }

  private static Discards.Revisions revisions(Facts facts) {
    return new Discards.Revisions() {
      @Override
      public boolean names(String word) {
        try {
          for (BranchTip tip : facts.find(RepoFacts.BRANCH_TIPS).orElse(List.of())) {
            if (tip.name().equals(word) || word.endsWith("/" + tip.name())
                && tip.remoteTip().isPresent()) {
              return true;
            }
          }
          Map<String, String> refs = facts.find(RepoFacts.REF_COMMITS).orElse(Map.of());
          // git's order for a short name, then a branch only one remote has (checkout's guess)
          return refs.containsKey(word) || refs.containsKey("refs/" + word)
              || refs.containsKey("refs/tags/" + word) || refs.containsKey("refs/heads/" + word)
              || refs.containsKey("refs/remotes/" + word)
              || refs.containsKey("refs/remotes/" + word + "/HEAD")
              || onlyRemote(refs, word).isPresent();
        } catch (FactUnavailableException e) {
          return true; // read as a tree-ish, the broader reading of a checkout
        }
      }

      @Override
      public String switchedTo(String word) {
        try {
          Map<String, String> refs = facts.find(RepoFacts.REF_COMMITS).orElse(Map.of());
          if (refs.containsKey("refs/heads/" + word) || refs.containsKey("refs/tags/" + word)
              || refs.containsKey("refs/" + word) || refs.containsKey(word)
              || refs.containsKey("refs/remotes/" + word)) {
            return word;
          }
          return onlyRemote(refs, word).orElse(word);
        } catch (FactUnavailableException e) {
          return word; // the tree read names what it cannot resolve, and the guard refuses
        }
      }
    };
  }

  /** The one remote-tracking branch {@code refs/remotes/<remote>/<word>}, when only one is. */
  private static Optional<String> onlyRemote(Map<String, String> refs, String word) {
    String prefix = "refs/remotes/";
    Optional<String> found = Optional.empty();
    for (String ref : refs.keySet()) {
      if (ref.startsWith(prefix) && ref.endsWith("/" + word)
          && ref.length() > prefix.length() + word.length() + 1) {
        String remote = ref.substring(prefix.length(), ref.length() - word.length() - 1);
        if (remote.indexOf('/') < 0) {
          if (found.isPresent()) {
            return Optional.empty(); // git refuses to guess between two remotes
          }
          found = Optional.of(ref);
        }
      }
    }
    return found;
  }

  private static Optional<WorktreeChanges> changes(ChangeQueries queries, Path dir,
      Map<Path, Optional<WorktreeChanges>> read) {
    Optional<WorktreeChanges> known = read.get(dir);
    if (known == null) {
      // what a discard can destroy is tracked changes and stash entries, never an untracked or
      // ignored file: their listing, the costly part of the status read, is not asked for
      known = queries.trackedChanges(dir);
      read.put(dir, known);
    }
    return known;
  }

  /** What one evaluation reads once and collects: the reads, the lines, the ways out. */
  private static final class Judging {
    final ChangeQueries queries;
    final Facts facts;
    final Map<Path, Optional<WorktreeChanges>> tracked = new HashMap<>();
    final Map<Path, Optional<WorktreeChanges>> full = new HashMap<>();
    final Map<List<Object>, Optional<WorktreeChanges>> overwritten = new HashMap<>();
    final List<String> lines;
    final List<String> commands;
    final List<Finding> findings;
    final Refusals.Keep keep;
    private Regenerable regenerable;

    Judging(ChangeQueries queries, Facts facts, List<String> lines, List<String> commands,
        List<Finding> findings, Refusals.Keep keep) {
      this.queries = queries;
      this.facts = facts;
      this.lines = lines;
      this.commands = commands;
      this.findings = findings;
      this.keep = keep;
    }

    /** The repository's regenerable setting, read once and only when an untracked file is met. */
    Regenerable regenerable() {
      if (regenerable == null) {
        regenerable = facts.find(Regenerable.FACT).orElse(Regenerable.defaults());
      }
      return regenerable;
    }

    Optional<WorktreeChanges> tracked(Path dir) {
      return changes(queries, dir, tracked);
    }

    Optional<WorktreeChanges> full(Path dir) {
      return full.computeIfAbsent(dir, queries::changes);
    }

    Optional<WorktreeChanges> overwritten(Path dir, String target) {
      return overwritten.computeIfAbsent(List.of(dir, target),
          key -> queries.overwrittenUntracked(dir, target));
    }
  }

  private static void judge(Discards.Discard discard, Event.CommandEvent command, Path cwd,
      Judging j) {
    String text = discard.git().command().text(command.command());
    Optional<String> why = Places.unjudgeable(discard.git(), cwd);
    if (why.isPresent()) {
      j.lines.add(Refusals.cannotBeJudged(text, why.get()));
      j.keep.notFiles();
      return;
    }
    for (Path place : Places.candidates(discard.git().directory(), cwd)) {
      Optional<Path> top = Optional.empty();
      List<String> scopePrefixes = List.of();
      List<ChangedFile> lost = new ArrayList<>();
      boolean judgeTracked = discard.side() != Discards.Side.NONE;
      if (judgeTracked) {
        Optional<WorktreeChanges> changes = j.tracked(place);
        if (changes.isEmpty()) {
          continue; // no worktree there: git stops with "not a git repository"
        }
        WorktreeChanges worktree = changes.get();
        top = Optional.of(worktree.top());
        List<Pathspecs.Scope> scopes = Pathspecs.scopes(discard.paths(), place, worktree.top());
        scopePrefixes = scopes.stream().map(Pathspecs.Scope::prefix).toList();
        if (discard.side() == Discards.Side.STAGED
            && worktree.tracked().stream().anyMatch(f -> f.staged() && f.unstaged())) {
          // git reset --merge refuses as a whole when a staged file also has unstaged changes:
          // it then changes nothing at all
          continue;
        }
        for (ChangedFile file : worktree.tracked()) {
          if (file.heldBy().isEmpty() && overwrites(discard.side(), file)
              && Pathspecs.anyCovers(scopes, file.path())) {
            lost.add(file);
          }
        }
      }
      Outside outside = Outside.NOTHING;
      if (discard.target().isPresent() && discard.untracked() != Discards.Untracked.NONE) {
        Optional<Outside> read = outside(discard, text, place, j);
        if (read.isEmpty()) {
          continue; // no worktree there, or it cannot be judged (said)
        }
        outside = read.get();
        top = top.or(() -> Optional.of(read.get().top()));
      }
      if (lost.isEmpty() && outside.isEmpty()) {
        continue;
      }
      Path worktreeTop = top.orElseThrow();
      List<String> paths = new ArrayList<>();
      if (!lost.isEmpty()) {
        j.lines.add("- `" + text + "` in " + worktreeTop + " would overwrite "
            + Texts.count(lost.size(), "changed file") + " that nothing else holds: "
            + Texts.files(lost));
        lost.forEach(file -> paths.add(file.path()));
        for (ChangedFile file : lost) {
          j.findings.add(new Finding(Finding.Kind.PATH, worktreeTop.resolve(file.path())
              .toString(), file.lineCounts()));
        }
      }
      String target = discard.target().map(Word::value).orElse("");
      if (!outside.untracked().isEmpty()) {
        j.lines.add("- `" + text + "` in " + worktreeTop + " would overwrite or remove "
            + Texts.count(outside.untracked().size(), "untracked file") + " where `" + target
            + "` tracks a path, which nothing else holds: " + Texts.files(outside.untracked()));
        for (ChangedFile file : outside.untracked()) {
          paths.add(file.path());
          j.findings.add(new Finding(Finding.Kind.PATH, worktreeTop.resolve(file.path())
              .toString(), file.lineCounts()));
        }
      }
      if (!outside.ignored().isEmpty()) {
        j.lines.add("- `" + text + "` in " + worktreeTop + " would overwrite or remove "
            + Texts.count(outside.ignored().size(), "ignored path") + " where `" + target
            + "` tracks a path, which no regenerable glob covers: "
            + Texts.paths(outside.ignored()));
        for (String path : outside.ignored()) {
          paths.add(path);
          j.findings.add(Finding.of(Finding.Kind.PATH, worktreeTop.resolve(path).toString()));
        }
      }
      j.keep.files(worktreeTop, paths, scopePrefixes);
      // the stash keeps untracked (and with --all ignored) files too, and takes them away, so
      // that the command then finds nothing in its way
      String keeps = !outside.ignored().isEmpty() ? " --all"
          : !outside.untracked().isEmpty() ? " --include-untracked" : "";
      j.commands.add("git -C " + quotedPath(worktreeTop) + " stash push" + keeps + " -m "
          + "'kept before: " + text.replace("'", "") + "' --" + Texts.quoted(paths)
          + " && " + command.command().strip());
    }
  }

  /**
   * The untracked and ignored files a discard that writes another tree's files would take.
   *
   * @param top the worktree's top level
   * @param untracked the untracked files lost
   * @param ignored the ignored paths lost
   */
  private record Outside(Path top, List<ChangedFile> untracked, List<String> ignored) {
    static final Outside NOTHING = new Outside(Path.of("/"), List.of(), List.of());

    boolean isEmpty() {
      return untracked.isEmpty() && ignored.isEmpty();
    }
  }

  /**
   * What {@code discard} takes outside the index where its target tracks a path: for a forced
   * form every untracked file no stash entry or snapshot holds and every ignored path, neither
   * covered by a regenerable glob; for a plain switch the ignored ones only, and nothing when an
   * untracked file is in the way (git then stops before it writes anything). Empty when there is
   * no worktree at {@code place}, or when it cannot be judged (a line then says why).
   */
  private static Optional<Outside> outside(Discards.Discard discard, String text, Path place,
      Judging j) {
    Word target = discard.target().orElseThrow();
    boolean all = discard.untracked() == Discards.Untracked.ALL;
    if (!target.isStatic() || target.value().startsWith("-")) {
      // which paths it tracks is only known when it runs: judged against every such file
      Optional<WorktreeChanges> changes = j.full(place);
      if (changes.isEmpty()) {
        return Optional.empty();
      }
      List<Pathspecs.Scope> scopes = Pathspecs.scopes(discard.paths(), place,
          changes.get().top());
      Outside any = lostOf(changes.get(), scopes, all, j.regenerable());
      if (!any.isEmpty()) {
        j.lines.add(Refusals.cannotBeJudged(text, "the tree it writes (`" + target.source()
            + "`) is only known when it runs, and " + changes.get().top() + " has "
            + Texts.count(any.untracked().size() + any.ignored().size(), "untracked or ignored"
                + " path") + " it may overwrite; name the commit, or keep them first (git"
            + " stash push --all)"));
        j.keep.notFiles();
      }
      return Optional.empty();
    }
    Optional<WorktreeChanges> over = j.overwritten(place, target.value());
    if (over.isEmpty()) {
      return Optional.empty();
    }
    List<Pathspecs.Scope> scopes = Pathspecs.scopes(discard.paths(), place, over.get().top());
    if (!all && over.get().untracked().stream()
        .anyMatch(f -> Pathspecs.anyCovers(scopes, f.path()))) {
      return Optional.of(Outside.NOTHING); // git stops at the untracked file in the way
    }
    Outside lost = lostOf(over.get(), scopes, all, j.regenerable());
    return Optional.of(new Outside(over.get().top(), lost.untracked(), lost.ignored()));
  }

  private static Outside lostOf(WorktreeChanges changes, List<Pathspecs.Scope> scopes,
      boolean untrackedToo, Regenerable regenerable) {
    List<ChangedFile> untracked = new ArrayList<>();
    if (untrackedToo) {
      for (ChangedFile file : changes.untracked()) {
        if (file.heldBy().isEmpty() && Pathspecs.anyCovers(scopes, file.path())
            && !regenerable.covers(file.path())) {
          untracked.add(file);
        }
      }
    }
    List<String> ignored = new ArrayList<>();
    for (String path : changes.ignored()) {
      if (Pathspecs.anyCovers(scopes, path) && !regenerable.covers(path)) {
        ignored.add(path);
      }
    }
    return new Outside(changes.top(), untracked, ignored);
  }

  /** Whether a command overwriting {@code side} destroys content of {@code file}. */
  static boolean overwrites(Discards.Side side, ChangedFile file) {
    return switch (side) {
      case BOTH -> file.staged() || file.unstaged();
      case WORKTREE -> file.unstaged();
      // the staged content survives in the working file unless that changed since
      case INDEX -> file.staged() && file.unstaged();
      // git aborts when such a file also has unstaged changes
      case STAGED -> file.staged() && !file.unstaged();
      // git stops rather than overwrite a tracked change
      case NONE -> false;
    };
  }

  private static void judgeDrop(Discards.StashDrop drop, Event.CommandEvent command, Path cwd,
      Facts facts, ChangeQueries queries, Map<Path, Optional<WorktreeChanges>> read,
      List<String> lines, List<String> commands, List<Finding> findings) {
    String text = drop.git().command().text(command.command());
    Optional<String> why = Places.unjudgeable(drop.git(), cwd);
    if (why.isPresent()) {
      lines.add(Refusals.cannotBeJudged(text, why.get()));
      return;
    }
    for (Path place : Places.candidates(drop.git().directory(), cwd)) {
      Optional<WorktreeChanges> changes = changes(queries, place, read);
      if (changes.isEmpty()) {
        continue;
      }
      List<StashEntry> dropped = new ArrayList<>();
      if (drop.entry().isEmpty()) {
        dropped.addAll(changes.get().stashes());
      } else {
        Word entry = drop.entry().get();
        Matcher number = STASH.matcher(entry.value());
        if (!entry.isStatic() || !number.matches()) {
          dropped.addAll(changes.get().stashes()); // any entry may be the one it names
        } else {
          int index = Integer.parseInt(number.group(1));
          changes.get().stashes().stream().filter(s -> s.index() == index)
              .forEach(dropped::add);
        }
      }
      List<StashEntry> lost = new ArrayList<>();
      Set<String> kept = new LinkedHashSet<>();
      for (StashEntry entry : dropped) {
        if (entry.inWorktree() || heldByRef(facts, entry.commit())) {
          continue;
        }
        lost.add(entry);
      }
      if (lost.isEmpty()) {
        continue;
      }
      List<String> names = new ArrayList<>();
      for (StashEntry entry : lost) {
        names.add(entry.name() + " (" + entry.message() + ")");
        String branch = "saved/stash-" + entry.commit().substring(0, Math.min(8,
            entry.commit().length()));
        kept.add("git -C " + quotedPath(changes.get().top()) + " branch " + branch + " "
            + entry.commit());
        findings.add(new Finding(Finding.Kind.COMMIT, entry.commit(), entry.name()));
      }
      lines.add("- `" + text + "` in " + changes.get().top() + " would drop "
          + Texts.count(lost.size(), "stash entry").replace("entrys", "entries")
          + " that no branch, tag or remote-tracking ref holds and the worktree does not"
          + " have: " + Texts.paths(names));
      commands.add(String.join(" && ", kept) + " && " + command.command().strip());
    }
  }

  private static boolean heldByRef(Facts facts, String commit) {
    Optional<dev.groundskeeper.api.repo.RepositoryQueries> queries =
        facts.find(RepoFacts.QUERIES);
    if (queries.isEmpty()) {
      return false;
    }
    Containment held = queries.get().containment(commit, Set.of());
    return held.containedElsewhere();
  }

  private static String quotedPath(Path path) {
    return dev.groundskeeper.api.shell.ShellQuoting.path(path.toString());
  }

  private static Verdict refusal(List<String> lines, List<String> commands,
      List<Finding> findings, String unreadRemedy) {
    String description = commands.isEmpty()
        ? unreadRemedy
        : "Keep the work first, then run the command: the stash keeps the changes (git stash"
            + " pop brings them back), a branch keeps a stash entry. Or commit the changes."
            + (unreadRemedy.isEmpty() ? "" : " " + unreadRemedy);
    if (description.isEmpty()) {
      description = "Run the command from inside the checkout it acts on, so that what it"
          + " discards can be checked.";
    }
    return Refusals.deny(ID, "This would discard uncommitted work that exists nowhere else",
        lines, new Remedy(description, commands), findings);
  }
}
