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
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Discarding tracked changes: {@code git reset --hard}, {@code reset --merge <commit>},
 * {@code checkout [<tree-ish>] [--] <paths>}, {@code checkout -f}, {@code switch -f},
 * {@code restore [--staged] [--worktree] <paths>}, {@code rm -f <paths>} and
 * {@code stash drop}/{@code clear}, judged against the status of the worktree each runs in: refused
 * only when a path it overwrites has content that no stash entry or snapshot holds, or a dropped
 * stash entry is neither in the worktree nor in a branch, tag or remote-tracking ref. A clean
 * worktree loses nothing. A command with none of these costs no repository read.
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
    List<Discards.Discard> discards = Discards.of(script, branchNames(facts));
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
      if (found.isEmpty()) {
        lines.add(Refusals.nothingKnown("the changes survive"));
        keep.notFiles();
      } else {
        Map<Path, Optional<WorktreeChanges>> read = new HashMap<>();
        ChangeQueries queries = found.get();
        for (Discards.Discard discard : discards) {
          judge(discard, command, cwd, queries, read, lines, commands, findings, keep);
        }
        int before = lines.size();
        for (Discards.StashDrop drop : drops) {
          judgeDrop(drop, command, cwd, facts, queries, read, lines, commands, findings);
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

  private static Predicate<String> branchNames(Facts facts) {
    return name -> {
      try {
        List<BranchTip> tips = facts.find(RepoFacts.BRANCH_TIPS).orElse(List.of());
        for (BranchTip tip : tips) {
          if (tip.name().equals(name) || name.endsWith("/" + tip.name())
              && tip.remoteTip().isPresent()) {
            return true;
          }
        }
        return false;
      } catch (FactUnavailableException e) {
        return true; // read as a tree-ish, the broader reading of a checkout
      }
    };
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

  private static void judge(Discards.Discard discard, Event.CommandEvent command, Path cwd,
      ChangeQueries queries, Map<Path, Optional<WorktreeChanges>> read, List<String> lines,
      List<String> commands, List<Finding> findings, Refusals.Keep keep) {
    String text = discard.git().command().text(command.command());
    Optional<String> why = Places.unjudgeable(discard.git(), cwd);
    if (why.isPresent()) {
      lines.add(Refusals.cannotBeJudged(text, why.get()));
      keep.notFiles();
      return;
    }
    for (Path place : Places.candidates(discard.git().directory(), cwd)) {
      Optional<WorktreeChanges> changes = changes(queries, place, read);
      if (changes.isEmpty()) {
        continue; // no worktree there: git stops with "not a git repository"
      }
      WorktreeChanges worktree = changes.get();
      List<Pathspecs.Scope> scopes = Pathspecs.scopes(discard.paths(), place, worktree.top());
      if (discard.side() == Discards.Side.STAGED
          && worktree.tracked().stream().anyMatch(f -> f.staged() && f.unstaged())) {
        // git reset --merge refuses as a whole when a staged file also has unstaged changes:
        // it then changes nothing at all
        continue;
      }
      List<ChangedFile> lost = new ArrayList<>();
      for (ChangedFile file : worktree.tracked()) {
        if (file.heldBy().isEmpty() && overwrites(discard.side(), file)
            && Pathspecs.anyCovers(scopes, file.path())) {
          lost.add(file);
        }
      }
      if (lost.isEmpty()) {
        continue;
      }
      lines.add("- `" + text + "` in " + worktree.top() + " would overwrite "
          + Texts.count(lost.size(), "changed file") + " that nothing else holds: "
          + Texts.files(lost));
      List<String> paths = lost.stream().map(ChangedFile::path).toList();
      keep.files(worktree.top(), paths, scopes.stream().map(Pathspecs.Scope::prefix).toList());
      commands.add("git -C " + quotedPath(worktree.top()) + " stash push -m "
          + "'kept before: " + text.replace("'", "") + "' --" + Texts.quoted(paths)
          + " && " + command.command().strip());
      for (ChangedFile file : lost) {
        findings.add(new Finding(Finding.Kind.PATH, worktree.top().resolve(file.path())
            .toString(), file.lineCounts()));
      }
    }
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
