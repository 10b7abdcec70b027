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
import dev.groundskeeper.api.repo.ChangeFacts;
import dev.groundskeeper.api.repo.ChangeQueries;
import dev.groundskeeper.api.repo.ChangedFile;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.repo.WorktreeChanges;
import dev.groundskeeper.api.shell.GitCommand;
import dev.groundskeeper.api.shell.Removal;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.SimpleCommand;
import dev.groundskeeper.api.shell.Word;
import dev.groundskeeper.api.repo.Regenerable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Deleting untracked and ignored files: {@code git clean -f} (what it deletes is what git's own
 * dry run lists for the same options, pathspecs and {@code -e} patterns), and {@code rm} of a
 * directory or file, {@code find … -delete} inside a worktree. Refused only when what goes holds
 * untracked or ignored files that no regenerable glob covers and no stash entry holds, tracked
 * files with uncommitted changes, a linked worktree, or the repository's own {@code .git}. What
 * counts as rebuildable is the repository's one setting ({@link Regenerable#FACT}), the same the
 * force-removal guard and prune read, and it is read only once a command deletes something.
 */
@dev.groundskeeper.api.LossGuard
final class DeleteRule implements Rule {

  static final String ID = "changes.delete";

  static final RuleInfo INFO = new RuleInfo(ID, "Deleting untracked and ignored files",
      "Refuses `git clean -f`, `rm -r` and `find -delete` when they would delete untracked or"
          + " ignored files that cannot be rebuilt, uncommitted changes, a worktree or a .git.",
      Mode.BLOCK, Set.of(Event.CommandEvent.class), "rules/" + ID + ".md");

  private final boolean snapshotMode;
  private final dev.groundskeeper.api.repo.SnapshotEffect.Limits limits;

  DeleteRule(ChangesConfig config) {
    this.snapshotMode = config.delete().equals(ChangesConfig.SNAPSHOT);
    this.limits = config.snapshots().limits();
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  /** One deletion: the command, the directory it runs in, and what it deletes. */
  private record Target(SimpleCommand command, Optional<GitCommand> clean, List<Word> paths,
      boolean recursive) {}

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    if (!(event instanceof Event.CommandEvent command)) {
      return Verdict.notApplicable(ID);
    }
    Script script = command.script(facts);
    Optional<Unread> unread = Unread.of(script).filter(Unread::mayDelete);
    List<Target> targets = targets(script);
    if (targets.isEmpty()) {
      return unread.map(u -> refusal(List.of(u.line("delete files")), List.of(), List.of(),
          u.remedy())).orElse(Verdict.notApplicable(ID));
    }
    Path cwd = command.context().cwd();
    List<String> lines = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    List<String> commands = new ArrayList<>();
    Refusals.Keep keep = new Refusals.Keep();
    try {
      // a source without the setting (a test, an embedder's own facts) gets the built-in globs
      Regenerable regenerable = facts.find(Regenerable.FACT).orElse(Regenerable.defaults());
      Found out = new Found(command.command(), lines, findings, commands, keep, regenerable);
      Optional<ChangeQueries> found = facts.find(ChangeFacts.QUERIES);
      if (found.isEmpty()) {
        lines.add(Refusals.nothingKnown("what the deletion takes"));
        keep.notFiles();
      } else {
        Map<Path, Optional<WorktreeChanges>> read = new HashMap<>();
        for (Target target : targets) {
          judge(target, command, cwd, facts, found.get(), read, out);
        }
      }
    } catch (FactUnavailableException e) {
      lines.add(Refusals.nothingProven(e));
      keep.notFiles();
    }
    unread.ifPresent(u -> {
      lines.add(u.line("delete files"));
      keep.notFiles();
    });
    if (lines.isEmpty()) {
      return Verdict.allow(ID);
    }
    return Refusals.snapshotting(refusal(lines, commands, findings,
        unread.map(Unread::remedy).orElse("")), snapshotMode, keep, command.command().strip(),
        command.context().sessionId(), limits);
  }

  private static List<Target> targets(Script script) {
    List<Target> targets = new ArrayList<>();
    for (GitCommand git : script.gitCommands()) {
      if (git.is("clean")) {
        GitWords w = GitWords.read(git, "e", Set.of("--exclude"));
        if (w.options().has("-f", "--force") && !w.options().has("-n", "--dry-run")) {
          targets.add(new Target(git.command(), Optional.of(git), w.allOperands(), true));
        }
        // without -f git refuses (clean.requireForce), and a dry run deletes nothing
      }
    }
    for (Removal removal : script.removals()) {
      targets.add(new Target(removal.command(), Optional.empty(), removal.paths(),
          removal.recursive()));
    }
    for (SimpleCommand c : script.commands()) {
      if (c.isNamed("find") && c.arguments().stream().anyMatch(w -> w.is("-delete"))) {
        List<Word> starts = new ArrayList<>();
        for (Word w : c.arguments()) {
          String v = w.value();
          if (v.startsWith("-") || v.equals("(") || v.equals("!")) {
            break;
          }
          starts.add(w);
        }
        targets.add(new Target(c, Optional.empty(),
            starts.isEmpty() ? List.of(Word.of(".")) : starts, true));
      }
    }
    return targets;
  }

  private void judge(Target target, Event.CommandEvent command, Path cwd, Facts facts,
      ChangeQueries queries, Map<Path, Optional<WorktreeChanges>> read, Found out) {
    String text = target.command().text(command.command());
    if (target.clean().isPresent()) {
      Optional<String> why = Places.unjudgeable(target.clean().get(), cwd);
      if (why.isPresent()) {
        out.cannotBeJudged(text, why.get());
        return;
      }
      judgeClean(target, text, cwd, queries, read, out);
      return;
    }
    List<Path> places = Places.candidates(target.command().directory(), cwd);
    if (places.isEmpty()) {
      out.cannotBeJudged(text, "the directory it runs in is only known when it runs; run it from"
          + " inside the directory it acts on");
      return;
    }
    for (Path place : places) {
      for (Word path : target.paths()) {
        judgeRemoval(target, text, place, path, facts, queries, read, out);
      }
    }
  }

  private void judgeClean(Target target, String text, Path cwd, ChangeQueries queries,
      Map<Path, Optional<WorktreeChanges>> read, Found out) {
    GitCommand git = target.clean().get();
    GitWords w = GitWords.read(git, "e", Set.of("--exclude"));
    List<String> options = new ArrayList<>();
    for (var option : w.options().options()) {
      switch (option.name()) {
        case "-d", "-x", "-X" -> options.add(option.name());
        case "-f", "--force" -> options.add("-f");
        case "-e", "--exclude" -> {
          if (option.value().isEmpty() || !option.value().get().isStatic()) {
            out.cannotBeJudged(text, "an exclude pattern is only known when it runs");
            return;
          }
          options.add("-e");
          options.add(option.value().get().value());
        }
        case "-q", "--quiet" -> { }
        default -> {
          out.cannotBeJudged(text, "git clean " + option.name() + " is not read here; list what"
              + " it deletes with git clean --dry-run first");
          return;
        }
      }
    }
    List<String> pathspecs = new ArrayList<>();
    for (Word spec : target.paths()) {
      if (!spec.isStatic()) {
        out.cannotBeJudged(text, "the pathspec `" + spec.source() + "` is only known when it"
            + " runs");
        return;
      }
      pathspecs.add(spec.value());
    }
    for (Path place : Places.candidates(git.directory(), cwd)) {
      Optional<WorktreeChanges> changes = changes(queries, place, read);
      if (changes.isEmpty()) {
        continue;
      }
      List<String> deleted = queries.cleanPreview(place, options, pathspecs);
      List<String> lost = new ArrayList<>();
      for (String path : deleted) {
        if (path.endsWith("/")) {
          lost.addAll(lostUnder(changes.get(), new Pathspecs.Scope(path), out.regenerable()));
        } else if (isLost(changes.get(), path, out.regenerable())) {
          lost.add(path);
        }
      }
      if (!lost.isEmpty()) {
        report(text, changes.get(), lost, List.of(), out);
      }
    }
  }

  private void judgeRemoval(Target target, String text, Path place, Word path, Facts facts,
      ChangeQueries queries, Map<Path, Optional<WorktreeChanges>> read, Found out) {
    String written = path.isStatic() ? path.value() : path.source();
    boolean glob = !path.isStatic() && written.matches("[^$`'\"\\\\]*[*?\\[][^$`'\"\\\\]*");
    String pattern = "";
    if (glob) {
      // a pattern: every path it may match lies under the directory before its first wildcard
      int wild = firstWildcard(written);
      int slash = written.lastIndexOf('/', wild);
      pattern = written.substring(slash + 1);
      written = slash < 0 ? "." : slash == 0 ? "/" : written.substring(0, slash);
    }
    if (!glob && (!path.isStatic() || path.value().isEmpty())) {
      Optional<WorktreeChanges> here = changes(queries, place, read);
      if (here.isPresent()
          && !lostUnder(here.get(), Pathspecs.Scope.ALL, out.regenerable()).isEmpty()
          && target.recursive()) {
        out.lines().add("- `" + text + "` deletes `" + path.source() + "`, which is only known when"
            + " it runs, inside " + here.get().top() + ", which holds work that exists nowhere"
            + " else; name the paths it deletes");
        out.keep().notFiles();
      }
      return;
    }
    Path absolute;
    try {
      absolute = place.resolve(written).normalize();
    } catch (java.nio.file.InvalidPathException e) {
      // a name that is not UTF-8 (RawText) has no Java path: nothing proves it is no worktree
      // or holds no work (issue 17: `rm -rf $'wt\x9b'` of a worktree was let through)
      if (!facts.find(RepoFacts.WORKTREES).orElse(List.of()).isEmpty()) {
        out.cannotBeJudged(text, "the path `" + path.source() + "` is not UTF-8 and cannot be"
            + " told apart from the repository's worktrees and files; rename it to a UTF-8 name"
            + " first (mv), then delete it");
      }
      return;
    }
    // the deepest existing directory git can be asked about: the path's parent
    Path probe = absolute.getParent() == null ? absolute : absolute.getParent();
    Optional<WorktreeChanges> changes = changes(queries, probe, read);
    if (changes.isEmpty()) {
      changes = changes(queries, absolute, read);
    }
    if (changes.isEmpty()) {
      if (target.recursive()) {
        worktreesInside(text, absolute, pattern, facts, queries, read, out);
      }
      return;
    }
    WorktreeChanges worktree = changes.get();
    Path top = worktree.top();
    List<String> structure = new ArrayList<>();
    if (top.startsWith(absolute) || absolute.startsWith(top.resolve(".git"))) {
      structure.add(top.startsWith(absolute) && !top.equals(absolute) ? "the whole worktree "
          + top + " with its .git" : absolute.startsWith(top.resolve(".git"))
          ? "the repository's own .git (every commit, branch and stash not pushed)"
          : "the worktree " + top + " with its .git");
    }
    for (Worktree linked : facts.find(RepoFacts.WORKTREES).orElse(List.of())) {
      if (!linked.main() && linked.path().normalize().startsWith(absolute)
          && !linked.path().normalize().equals(top)) {
        structure.add("the linked worktree " + linked.path());
      }
    }
    List<String> lost = List.of();
    if (absolute.startsWith(top) && !absolute.startsWith(top.resolve(".git"))) {
      String relative = top.relativize(absolute).toString().replace('\\', '/');
      Pathspecs.Scope scope = relative.isEmpty() ? Pathspecs.Scope.ALL
          : Pathspecs.scope(Word.of(relative), top, top);
      if (!target.recursive() && !glob) {
        // one file: its uncommitted content (an untracked file is the agent's to delete)
        lost = worktree.tracked().stream().filter(f -> f.path().equals(relative)
            && f.heldBy().isEmpty() && f.unstaged()).map(ChangedFile::path).toList();
      } else {
        lost = lostUnder(worktree, scope, out.regenerable());
      }
    } else if (top.startsWith(absolute)) {
      lost = lostUnder(worktree, Pathspecs.Scope.ALL, out.regenerable());
    }
    if (!lost.isEmpty() || !structure.isEmpty()) {
      report(text, worktree, lost, structure, out);
    }
  }

  /**
   * A deletion outside every worktree that takes a worktree of this repository with it: a
   * directory holding the repository ({@code rm -rf ..} from its top, {@code rm -rf /tmp}), or
   * a glob matching a worktree's directory or one above it ({@code rm -rf ../wt*}). Such a
   * worktree is refused whatever it holds, as when it is named itself; its work is listed. A
   * glob whose matches lie inside a worktree ({@code rm -rf ../*}{@code /src}) counts that
   * worktree's work, as a glob inside one does. Only this repository's worktrees are known:
   * other repositories below are not searched.
   */
  private static void worktreesInside(String text, Path absolute, String pattern, Facts facts,
      ChangeQueries queries, Map<Path, Optional<WorktreeChanges>> read, Found out) {
    for (Worktree worktree : facts.find(RepoFacts.WORKTREES).orElse(List.of())) {
      Path top = worktree.path().normalize();
      if (!top.startsWith(absolute)) {
        continue;
      }
      Reach reach = pattern.isEmpty() ? Reach.WHOLE : reach(pattern, absolute.relativize(top));
      if (reach == Reach.NONE) {
        continue;
      }
      List<String> structure = reach == Reach.INSIDE ? List.of() : List.of(worktree.bare()
          ? "the repository " + top + " (every commit, branch and stash not pushed)"
          : worktree.main() ? "the worktree " + top + " with the repository's own .git (every"
          + " commit, branch and stash not pushed)" : "the linked worktree " + top);
      Optional<WorktreeChanges> changes = changes(queries, top, read);
      if (changes.isPresent()) {
        List<String> lost = lostUnder(changes.get(), Pathspecs.Scope.ALL, out.regenerable());
        if (!lost.isEmpty() || !structure.isEmpty()) {
          report(text, changes.get(), lost, structure, out);
        }
      } else {
        out.lines().add("- `" + text + "` would delete " + (structure.isEmpty() ? "files in the"
            + " worktree " + top : structure.get(0)) + ", whose work could not be read");
        out.keep().notFiles();
      }
    }
  }

  /** What a glob's matches take of a worktree below the directory it starts in. */
  private enum Reach { NONE, WHOLE, INSIDE }

  /**
   * Whether a shell glob of whole segments ({@code wt*}, {@code *}{@code /src}) matches
   * {@code below} or a directory above it ({@link Reach#WHOLE}), or paths inside it
   * ({@link Reach#INSIDE}). The one glob engine reads each segment; a {@code **} is taken to
   * reach everything, which only counts more worktrees as deleted.
   */
  private static Reach reach(String pattern, Path below) {
    if (pattern.contains("**")) {
      return Reach.WHOLE;
    }
    if (below.toString().isEmpty()) {
      return Reach.INSIDE; // the glob starts in the worktree's own directory
    }
    String[] globs = pattern.split("/+");
    int depth = below.getNameCount();
    for (int i = 0; i < Math.min(globs.length, depth); i++) {
      if (globs[i].isEmpty() || !dev.groundskeeper.api.files.PathGlob.of(globs[i])
          .matchesWhole(below.getName(i).toString())) {
        return Reach.NONE;
      }
    }
    return globs.length <= depth ? Reach.WHOLE : Reach.INSIDE;
  }

  private static int firstWildcard(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '*' || c == '?' || c == '[') {
        return i;
      }
    }
    return text.length();
  }

  /** The paths under {@code scope} whose deletion loses work. */
  private static List<String> lostUnder(WorktreeChanges changes, Pathspecs.Scope scope,
      Regenerable regenerable) {
    List<String> lost = new ArrayList<>();
    for (ChangedFile file : changes.tracked()) {
      // deleting a file loses its working content; staged content stays in the index
      if (file.heldBy().isEmpty() && file.unstaged() && scope.covers(file.path())) {
        lost.add(file.path());
      }
    }
    for (ChangedFile file : changes.untracked()) {
      if (file.heldBy().isEmpty() && scope.covers(file.path())
          && !regenerable.covers(file.path())) {
        lost.add(file.path());
      }
    }
    for (String path : changes.ignored()) {
      if (scope.covers(path) && !regenerable.covers(path)) {
        lost.add(path);
      }
    }
    return lost;
  }

  private static boolean isLost(WorktreeChanges changes, String path, Regenerable regenerable) {
    if (regenerable.covers(path)) {
      return false;
    }
    for (ChangedFile file : changes.untracked()) {
      if (file.path().equals(path)) {
        return file.heldBy().isEmpty();
      }
    }
    return true; // an ignored file, or one the status did not list: counted
  }

  /** What one evaluation found: the lines of the refusal, its findings and ways out. */
  private record Found(String whole, List<String> lines, List<Finding> findings,
      List<String> commands, Refusals.Keep keep, Regenerable regenerable) {

    void cannotBeJudged(String text, String why) {
      lines.add(Refusals.cannotBeJudged(text, why));
      keep.notFiles();
    }
  }

  private static void report(String text, WorktreeChanges worktree, List<String> lost,
      List<String> structure, Found out) {
    List<String> lines = out.lines();
    List<Finding> findings = out.findings();
    List<String> parts = new ArrayList<>(structure);
    if (!lost.isEmpty()) {
      parts.add(Texts.count(lost.size(), "path") + " with work that exists nowhere else and"
          + " cannot be rebuilt: " + Texts.paths(lost));
    }
    lines.add("- `" + text + "` in " + worktree.top() + " would delete "
        + String.join("; ", parts));
    for (String path : lost) {
      findings.add(Finding.of(Finding.Kind.PATH, worktree.top().resolve(path).toString()));
    }
    if (structure.isEmpty()) {
      out.keep().files(worktree.top(), lost, List.of());
    } else {
      out.keep().notFiles(); // a .git or a worktree is not copied: refused as it is
    }
    if (structure.isEmpty() && !lost.isEmpty()) {
      // the stash keeps untracked and ignored files too (--all), and removes them, so the
      // command then finds them gone
      out.commands().add("git -C " + dev.groundskeeper.api.shell.ShellQuoting.path(
          worktree.top().toString()) + " stash push --all -m 'kept before: "
          + text.replace("'", "") + "' --" + Texts.quoted(lost) + " && " + out.whole().strip());
    }
  }

  private static Optional<WorktreeChanges> changes(ChangeQueries queries, Path dir,
      Map<Path, Optional<WorktreeChanges>> read) {
    Optional<WorktreeChanges> known = read.get(dir);
    if (known == null) {
      known = queries.changes(dir);
      read.put(dir, known);
    }
    return known;
  }

  private static Verdict refusal(List<String> lines, List<String> commands,
      List<Finding> findings, String unreadRemedy) {
    String description = "Keep the work first: commit the files that belong to the project,"
        + " stash the rest (git stash push --include-untracked -- <paths>), or delete the"
        + " rebuildable files by name (git clean -f -- <paths>, rm -r <dir>). If it really"
        + " should go, ask a person, who can run the command outside the agent."
        + (unreadRemedy.isEmpty() ? "" : " " + unreadRemedy);
    return Refusals.deny(ID, "This would delete work that exists nowhere else", lines,
        new Remedy(description, commands), findings);
  }
}
