package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.Containment;
import dev.groundskeeper.api.repo.Regenerable;
import dev.groundskeeper.api.repo.RemovalLoss;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositoryLayout;
import dev.groundskeeper.api.repo.RepositoryQueries;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.shell.CreatedBranch;
import dev.groundskeeper.api.shell.DeletedBranch;
import dev.groundskeeper.api.shell.DroppedRef;
import dev.groundskeeper.api.shell.Removal;
import dev.groundskeeper.api.shell.SimpleCommand;
import dev.groundskeeper.api.shell.GitCommand;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Shell;
import dev.groundskeeper.api.shell.Word;
import dev.groundskeeper.api.shell.WorktreeRemoval;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Lossless force removal: {@code git branch -D}, {@code branch -d --force} and
 * {@code update-ref -d refs/heads/...} only when every deleted tip survives in a ref the same
 * command does not delete or move; a forced move of an existing branch to a start point
 * ({@code git branch -f b main}, {@code checkout -B}, {@code switch -C}, {@code branch -C},
 * {@code worktree add -B}) drops its old tip and is judged the same way;
 * {@code git worktree remove --force} only when the worktree holds no
 * change, no ignored file that cannot be rebuilt, and a HEAD some remaining ref contains. A plain
 * {@code worktree remove} is judged on its ignored files, which git deletes without asking.
 * Fails closed: what cannot be proven safe is refused, with the way to make it safe.
 */
@dev.groundskeeper.api.LossGuard
final class ForceRemovalRule implements Rule {

  static final String ID = "branches.force-removal";

  static final RuleInfo INFO = new RuleInfo(ID, "Lossless force removal",
      "Refuses `git branch -D` and `git worktree remove --force` when a commit, a change or an"
          + " ignored file that cannot be rebuilt would be lost.",
      Mode.BLOCK, java.util.Set.of(Event.CommandEvent.class), "rules/" + ID + ".md");

  private final BranchesConfig config;

  ForceRemovalRule(BranchesConfig config) {
    this.config = config;
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  /** How deep aliases that expand to other aliases are followed (git stops loops itself). */
  private static final int ALIAS_DEPTH = 8;

  /**
   * What one reading of the command drops: a forced deletion or forced move of a branch, a
   * {@link DroppedRef}, or a remote-tracking ref deleted. {@code ref} is the full ref name
   * (not static when only the running command knows it); {@code toHead} marks a move to HEAD.
   */
  private record Drop(Word name, String ref, GitCommand git, boolean toHead) {}

  /**
   * Everything the command would drop, over the command's own reading and the readings of the
   * aliases it runs; {@code acting} keeps, for each git command that acts, the command as
   * written (an alias's expansion is judged where the written command runs).
   */
  private static final class Reading {
    final List<Drop> drops = new ArrayList<>();
    final List<WorktreeRemoval> removals = new ArrayList<>();
    final List<GitCommand> acting = new ArrayList<>();
    final Set<String> excluded = new LinkedHashSet<>();
    /** Lines refused before any fact is read: names unknown until run, files under .git. */
    final List<String> unjudgeable = new ArrayList<>();
    final List<Finding> findings = new ArrayList<>();
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    if (!(event instanceof Event.CommandEvent command)) {
      return Verdict.notApplicable(ID);
    }
    Script script = command.script(facts);
    Losses losses = new Losses();
    // what the parser could not read is in no reading: judged by its words, refused if it may
    // delete (a loss-prevention guard fails closed)
    losses.unread = UnreadText.of(script).filter(UnreadText::mayRemove).orElse(null);
    Reading reading = new Reading();
    // Every fact is read inside this block: a fact that fails must end in a refusal, never in
    // the engine's "could not judge", which a runner shows as advice.
    try {
      read(script, command.command(), null, facts, reading, 0);
      unknownNames(script, command.command(), reading);
      gitFiles(script, command.command(), reading);
      losses.lines.addAll(reading.unjudgeable);
      losses.findings.addAll(reading.findings);
      if (reading.drops.isEmpty() && reading.removals.isEmpty()) {
        return losses.unread == null && losses.lines.isEmpty() ? Verdict.notApplicable(ID)
            : denial(losses);
      }
      if (Checkouts.outsideAnyRepository(facts)) {
        // No repository facts here, yet git may still find one (GIT_DIR in the environment, a
        // -C or cd): a loss-prevention guard refuses what it cannot judge, and says why plainly.
        for (GitCommand git : reading.acting) {
          losses.lines.add("- `" + git.command().text(command.command()) + "` cannot be judged: "
              + command.context().cwd() + " is in no git repository, so nothing proves what it"
              + " would delete; run it from inside the checkout it acts on");
        }
        return denial(losses);
      }
      int before = losses.lines.size();
      for (GitCommand git : new LinkedHashSet<>(reading.acting)) {
        Checkouts.elsewhere(git, command.context().cwd(), facts).ifPresent(why -> losses.lines.add(
            "- `" + git.command().text(command.command()) + "` cannot be judged: " + why));
      }
      if (losses.lines.size() == before) {
        losses.pushing = Pushing.of(facts, config.remote());
        judgeBranches(reading, facts, losses);
        judgeWorktrees(reading.removals, reading.excluded, command, facts, losses);
      }
    } catch (FactUnavailableException e) {
      // A loss-prevention guard fails closed: unproven is refused, never waved through.
      losses.lines.add("- nothing could be proven: " + e.getMessage());
    }
    if (losses.lines.isEmpty() && losses.unread == null) {
      return Verdict.allow(ID);
    }
    return denial(losses);
  }

  /**
   * Adds what {@code script} drops to {@code reading}, then what the aliases it runs drop.
   * {@code written} is the git command as the agent wrote it when {@code script} is an alias's
   * expansion, else null.
   */
  private void read(Script script, String text, GitCommand written, Facts facts,
      Reading reading, int depth) {
    for (DeletedBranch deleted : script.deletedBranches()) {
      if (deleted.route() == DeletedBranch.Route.PUSH_DELETE) {
        continue;
      }
      if (deleted.remoteTracking()) {
        // git branch -d -r never checks merging, and a remote-tracking ref may be the last
        // holder of commits its remote no longer has (a gc then deletes them)
        reading.drops.add(new Drop(deleted.name(), "refs/remotes/" + deleted.name().value(),
            deleted.git(), false));
      } else if (deleted.forced()) {
        reading.drops.add(new Drop(deleted.name(), "refs/heads/" + deleted.name().value(),
            deleted.git(), false));
      } else {
        continue;
      }
      reading.acting.add(written == null ? deleted.git() : written);
    }
    for (CreatedBranch moved : Deletions.forcedMoves(script)) {
      reading.drops.add(new Drop(moved.name(), "refs/heads/" + moved.name().value(), moved.git(),
          moved.startPoint().isEmpty()));
      reading.acting.add(written == null ? moved.git() : written);
    }
    for (DroppedRef dropped : script.droppedRefs()) {
      reading.drops.add(new Drop(dropped.ref(), dropped.ref().value(), dropped.git(),
          dropped.toHead()));
      reading.acting.add(written == null ? dropped.git() : written);
    }
    for (WorktreeRemoval removal : script.worktreeRemovals()) {
      reading.removals.add(removal);
      reading.acting.add(written == null ? removal.git() : written);
    }
    reading.excluded.addAll(Deletions.refsDeletedBy(script, config.remote()));
    aliases(script, text, written, facts, reading, depth);
  }

  /**
   * Follows every git command of {@code script} whose subcommand is no git command of its own:
   * git runs the alias of that name, given with {@code -c alias.<name>=…}, set by a
   * {@code git config alias.<name> …} of the same command, or found in the repository's
   * configuration. An alias known only when the command runs is refused.
   */
  private void aliases(Script script, String text, GitCommand written, Facts facts,
      Reading reading, int depth) {
    for (GitCommand git : script.gitCommands()) {
      if (git.subcommand().isEmpty() || git.isBuiltin()) {
        continue;
      }
      GitCommand shown = written == null ? git : written;
      Optional<Word> value = git.aliasFromOptions().or(() -> configuredInScript(script, git));
      Optional<String> expansion;
      if (value.isPresent()) {
        if (!value.get().isStatic()) {
          reading.unjudgeable.add("- `" + shown.command().text(text) + "` cannot be judged: it"
              + " runs the alias " + git.subcommand() + ", whose value (`" + value.get().source()
              + "`) is only known when it runs; write the git command the alias stands for");
          reading.findings.add(Finding.of(Finding.Kind.BRANCH, git.subcommand()));
          continue;
        }
        expansion = Optional.of(value.get().value());
      } else {
        expansion = facts.find(RepoFacts.GIT_ALIASES)
            .map(map -> map.get(git.subcommand().toLowerCase(java.util.Locale.ROOT)));
      }
      if (expansion.isEmpty()) {
        continue;
      }
      if (depth >= ALIAS_DEPTH) {
        reading.unjudgeable.add("- `" + shown.command().text(text) + "` cannot be judged: its"
            + " alias " + git.subcommand() + " expands into aliases more than " + ALIAS_DEPTH
            + " deep; write the git command it stands for");
        continue;
      }
      String expanded = git.aliasExpansion(expansion.get());
      Script inner = Shell.parse(expanded, facts);
      if (!inner.complete()) {
        UnreadText.of(inner).filter(UnreadText::mayRemove).ifPresent(unread ->
            reading.unjudgeable.add("- `" + shown.command().text(text) + "` cannot be judged:"
                + " the alias " + git.subcommand() + " runs `" + expanded + "`, which cannot be"
                + " read in full; write the git command it stands for"));
      }
      read(inner, expanded, shown, facts, reading, depth + 1);
    }
  }

  /** The value a {@code git config [scope] alias.<name> <value>} of the same command sets. */
  private static Optional<Word> configuredInScript(Script script, GitCommand git) {
    Optional<Word> found = Optional.empty();
    for (GitCommand config : script.gitCommands()) {
      if (!config.is("config")) {
        continue;
      }
      List<Word> ops = config.arguments().operands();
      for (int i = 0; i + 1 < ops.size(); i++) {
        Word key = ops.get(i);
        if (!key.isStatic() || key.value().equalsIgnoreCase("alias." + git.subcommand())) {
          Word value = ops.get(i + 1);
          found = Optional.of(key.isStatic() ? value
              : new Word(value.value(), key.source() + " " + value.source(), key.start(),
                  value.end(), false));
          break;
        }
      }
    }
    return found;
  }

  /**
   * A command whose name is known only when it runs ({@code $(echo git) branch -D x},
   * {@code $g branch -D x}): if the rest of its words, read as git's, drop a ref or remove a
   * worktree, nothing proves which program runs, so it is refused.
   */
  private static void unknownNames(Script script, String text, Reading reading) {
    for (SimpleCommand c : script.commands()) {
      if (c.words().isEmpty() || c.words().get(0).isStatic()) {
        continue;
      }
      StringBuilder asGit = new StringBuilder("git");
      for (Word w : c.arguments()) {
        asGit.append(' ').append(w.source());
      }
      Script alone = Shell.parse(asGit.toString());
      boolean drops = alone.deletedBranches().stream().anyMatch(d -> d.forced()
          || d.remoteTracking()) || !Deletions.forcedMoves(alone).isEmpty()
          || !alone.droppedRefs().isEmpty() || !alone.worktreeRemovals().isEmpty();
      if (drops) {
        reading.unjudgeable.add("- `" + c.text(text) + "` cannot be judged: its command name `"
            + c.words().get(0).source() + "` is only known when it runs, and as git it would"
            + " delete or move a branch or worktree; write `git` itself, so that what it"
            + " deletes can be checked");
        reading.findings.add(Finding.of(Finding.Kind.BRANCH, c.words().get(0).source()));
      }
    }
  }

  /**
   * {@code rm} or {@code find … -delete} of paths under a {@code .git} directory: those files are
   * the repository's refs, objects and logs, so removing them deletes branches (or everything)
   * without any check git makes.
   */
  private static void gitFiles(Script script, String text, Reading reading) {
    for (Removal removal : script.removals()) {
      for (Word path : removal.paths()) {
        if (underGitDir(path)) {
          reading.unjudgeable.add(gitFileLine(removal.command().text(text), path));
          reading.findings.add(Finding.of(Finding.Kind.PATH, path.source()));
        }
      }
    }
    for (SimpleCommand c : script.commands()) {
      if (!c.isNamed("find")) {
        continue;
      }
      List<Word> args = c.arguments();
      boolean deletes = args.stream().anyMatch(w -> w.value().equals("-delete")
          || w.value().equals("-exec") || w.value().equals("-execdir")
          || w.value().equals("-ok") || w.value().equals("-okdir"));
      if (!deletes) {
        continue;
      }
      for (Word path : args) {
        if (path.value().startsWith("-")) {
          break;
        }
        if (underGitDir(path)) {
          reading.unjudgeable.add(gitFileLine(c.text(text), path));
          reading.findings.add(Finding.of(Finding.Kind.PATH, path.source()));
        }
      }
    }
  }

  private static boolean underGitDir(Word path) {
    String v = path.isStatic() ? path.value() : path.source();
    for (String segment : v.split("/")) {
      if (segment.equals(".git")) {
        return true;
      }
    }
    return false;
  }

  private static String gitFileLine(String command, Word path) {
    return "- `" + command + "` deletes files under .git (`" + path.source() + "`): they are the"
        + " repository's refs, objects and logs, so this deletes branches or commits with no"
        + " check at all; delete a branch with `git branch -d <name>` instead";
  }

  private static Verdict denial(Losses losses) {
    if (losses.unread != null) {
      losses.lines.add(unreadLine(losses.unread));
    }
    if (losses.unread != null && losses.lines.size() == 1) {
      // nothing else is wrong: the way out is a command that can be read
      return Verdict.deny(ID, BranchPrinciple.appendTo("This cannot be judged, so it is"
          + " refused:\n" + losses.lines.get(0)), new Remedy(unreadRemedy(losses.unread),
              List.of())).withFindings(losses.findings);
    }
    String reason = "This would lose work that exists nowhere else:\n"
        + String.join("\n", losses.lines);
    String noPush = losses.pushing == null || losses.pushing.possible() ? ""
        : " " + losses.pushing.instead();
    String unreadRemedy = losses.unread == null ? "" : " " + unreadRemedy(losses.unread);
    Remedy remedy = new Remedy("Make the work safe first, then delete or move without forcing:"
        + " commit changes, push or merge the commits, move files that must be kept to a"
        + " tracked home (or delete each one deliberately). If it really should go, ask a person,"
        + " who can run the command outside the agent." + noPush + unreadRemedy,
        losses.commands);
    return Verdict.deny(ID, BranchPrinciple.appendTo(reason), remedy)
        .withFindings(losses.findings);
  }

  private static String unreadLine(UnreadText unread) {
    return "- the command could not be read past offset " + unread.problem().offset() + " ("
        + unread.problem().reason() + "), and what follows there (`" + unread.excerpt()
        + "`) may force-delete a branch or remove a worktree: nothing proves what it would"
        + " delete";
  }

  private static String unreadRemedy(UnreadText unread) {
    return "Write the command so that all of it can be read (at offset "
        + unread.problem().offset() + ": " + unread.problem().reason() + "), or run the"
        + " deletion as a command of its own, so that what it deletes can be checked.";
  }

  private static final class Losses {
    /** The part of the command that could not be read, when it may delete; else null. */
    UnreadText unread;
    final List<String> lines = new ArrayList<>();
    final List<String> commands = new ArrayList<>();
    final List<Finding> findings = new ArrayList<>();
    /** Where commits can be pushed; null until the repository's facts are read. */
    Pushing pushing;
  }

  private void judgeBranches(Reading reading, Facts facts, Losses losses) {
    if (reading.drops.isEmpty()) {
      return;
    }
    Map<String, String> commits = refCommits(facts);
    boolean allRefs = facts.find(RepoFacts.REF_COMMITS).isPresent();
    boolean needsHead = reading.drops.stream().anyMatch(d -> d.toHead()
        || d.ref().equals("HEAD"));
    RepositoryLayout.Head head = needsHead ? facts.get(RepoFacts.LAYOUT).head()
        : RepositoryLayout.Head.onBranch("", Optional.empty());
    Optional<BranchInventory> inventory = Scopes.inventory(facts);
    Set<String> excluded = new LinkedHashSet<>(reading.excluded);
    Map<String, String> dropped = new LinkedHashMap<>();
    Set<String> unknown = new LinkedHashSet<>();
    for (Drop drop : reading.drops) {
      if (!drop.name().isStatic()) {
        if (unknown.add(drop.name().source())) {
          losses.lines.add("- the " + (drop.ref().startsWith("refs/heads/") ? "branch" : "ref")
              + " `" + drop.name().source() + "` is only known when the command runs, so"
              + " nothing proves its commits survive");
          losses.findings.add(Finding.of(Finding.Kind.BRANCH, drop.name().source()));
        }
        continue;
      }
      String ref = drop.ref();
      if (ref.equals("HEAD")) {
        if (head.branch().isEmpty()) {
          head.commit().ifPresent(c -> dropped.putIfAbsent("HEAD", c));
          continue;
        }
        ref = "refs/heads/" + head.branch().get();
      }
      if (drop.toHead() && drop.git().directory().isStart() && head.branch()
          .map(b -> ("refs/heads/" + b).equals(drop.ref())).orElse(false)) {
        continue; // moves the branch HEAD is on to itself
      }
      excluded.add(ref);
      String tip = commits.get(ref);
      if (tip == null && !allRefs && !ref.startsWith("refs/heads/")
          && !ref.startsWith("refs/remotes/" + config.remote() + "/")) {
        losses.lines.add("- " + ref + ": the facts here list no tags or other remotes' refs, so"
            + " nothing proves what it holds survives");
        continue;
      }
      if (tip != null) {
        dropped.putIfAbsent(ref, tip); // a ref that does not exist is created, not dropped
        continue;
      }
      Optional<String> blurred = blurredMatch(commits.keySet(), ref);
      if (blurred.isPresent()) {
        losses.lines.add("- " + ref + ": the repository has a ref whose name could not be read"
            + " exactly (" + blurred.get() + ") and may be this one, so nothing proves what it"
            + " holds survives; rename that ref to a UTF-8 name first");
        losses.findings.add(Finding.of(Finding.Kind.BRANCH, blurred.get()));
      }
    }
    if (dropped.isEmpty()) {
      return;
    }
    RepositoryQueries queries = facts.get(RepoFacts.QUERIES);
    var containment = queries.containment(new LinkedHashSet<>(dropped.values()), excluded);
    for (Map.Entry<String, String> entry : dropped.entrySet()) {
      String ref = entry.getKey();
      String tip = entry.getValue();
      Containment held = containment.get(tip);
      if (held != null && held.containedElsewhere()) {
        continue;
      }
      String bound = held != null && !held.complete() ? " (the search stopped at its bound, so"
          + " no holder was proven)" : "";
      if (ref.startsWith("refs/heads/")) {
        String name = ref.substring("refs/heads/".length());
        // The inventory counts commits ahead of the default branch; some of those may be held
        // by other refs, so the count describes the branch and the claim stays about its tip.
        String ahead = inventory.flatMap(i -> i.find(name)
                .map(BranchRecord::ahead)
                .filter(count -> count.isPresent() && count.getAsInt() > 0)
                .map(count -> " (" + (count.getAsInt() == 1 ? "1 commit"
                    : count.getAsInt() + " commits") + " ahead of " + i.defaultBranch().name()
                    + ")"))
            .orElse("");
        losses.lines.add("- branch " + name + " at " + abbreviate(tip) + ahead
            + ": no other branch, tag or remote-tracking ref holds this tip" + bound);
        losses.pushing.secureCommand(name).ifPresent(losses.commands::add);
        losses.findings.add(new Finding(Finding.Kind.BRANCH, name, "tip held nowhere else"));
        continue;
      }
      String what = ref.equals("HEAD") ? "the detached HEAD"
          : ref.startsWith("refs/tags/") ? "tag " + ref.substring("refs/tags/".length())
          : "remote-tracking ref " + ref.substring("refs/remotes/".length());
      losses.lines.add("- " + what + " at " + abbreviate(tip) + ": no other branch, tag or"
          + " remote-tracking ref holds this commit" + bound);
      String keep = "git branch " + BranchLines.word(keptName(ref)) + " "
          + (ref.equals("HEAD") ? tip : BranchLines.word(ref));
      if (!losses.commands.contains(keep)) {
        losses.commands.add(keep);
      }
      losses.findings.add(new Finding(Finding.Kind.BRANCH, ref, "commit held nowhere else"));
    }
  }

  /**
   * A ref of {@code names} that a reader could only decode with replacement characters (a
   * reftable read through JGit, a fact supplier of a rule author's own) and that {@code ref}
   * may be: each run of U+FFFD may stand for any bytes. The exact reader never writes one
   * ({@link dev.groundskeeper.api.RawText}); where one is, a missing name is not proof of a
   * missing ref.
   */
  static Optional<String> blurredMatch(java.util.Collection<String> names, String ref) {
    for (String name : names) {
      int blur = name.indexOf('\ufffd');
      if (blur < 0 || !name.regionMatches(0, ref, 0, Math.min(blur, ref.length()))) {
        continue;
      }
      StringBuilder pattern = new StringBuilder();
      for (String part : name.split("\ufffd+", -1)) {
        pattern.append(pattern.length() == 0 ? "" : ".+").append(java.util.regex.Pattern.quote(part));
      }
      if (java.util.regex.Pattern.compile(pattern.toString(), java.util.regex.Pattern.DOTALL)
          .matcher(ref).matches()) {
        return Optional.of(name);
      }
    }
    return Optional.empty();
  }

  /**
   * Every ref with its commit; where the facts do not offer them all (a rule author's own
   * facts), the branches and the configured remote's remote-tracking refs from the branch tips,
   * (a tag dropped there is then refused as unproven).
   */
  private Map<String, String> refCommits(Facts facts) {
    Optional<Map<String, String>> all = facts.find(RepoFacts.REF_COMMITS);
    if (all.isPresent()) {
      return all.get();
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (var tip : facts.get(RepoFacts.BRANCH_TIPS)) {
      tip.localTip().ifPresent(c -> out.put("refs/heads/" + tip.name(), c));
      tip.remoteTip().ifPresent(c -> out.put("refs/remotes/" + config.remote() + "/" + tip.name(),
          c));
    }
    return out;
  }

  /** The branch that keeps what a dropped tag, remote-tracking ref or HEAD holds. */
  private static String keptName(String ref) {
    if (ref.equals("HEAD")) {
      return "kept/detached-head";
    }
    String shortName = ref.startsWith("refs/tags/") ? "tag/" + ref.substring("refs/tags/".length())
        : ref.substring("refs/remotes/".length());
    return "kept/" + shortName;
  }

  private void judgeWorktrees(List<WorktreeRemoval> removals, Set<String> excluded,
      Event.CommandEvent command, Facts facts, Losses losses) {
    if (removals.isEmpty()) {
      return;
    }
    List<Worktree> worktrees = facts.get(RepoFacts.WORKTREES);
    for (WorktreeRemoval removal : removals) {
      Optional<Path> path = removal.path().isStatic()
          ? removal.git().directory().resolveFile(removal.path().value(),
              command.context().cwd(), Optional.empty())
          : Optional.empty();
      if (path.isEmpty()) {
        if (removal.forced()) {
          losses.lines.add("- the worktree `" + removal.path().source() + "` cannot be told"
              + " before the command runs, so nothing proves it holds no work");
          losses.findings.add(Finding.of(Finding.Kind.WORKTREE, removal.path().source()));
        }
        continue;
      }
      Optional<Worktree> worktree = worktrees.stream()
          .filter(w -> w.path().normalize().equals(path.get())).findFirst();
      if (worktree.isEmpty() || worktree.get().main()) {
        continue; // git refuses both
      }
      judgeWorktree(worktree.get(), removal.forced(), excluded, facts, losses);
    }
  }

  private void judgeWorktree(Worktree worktree, boolean forced, Set<String> excluded,
      Facts facts, Losses losses) {
    RepositoryQueries queries = facts.get(RepoFacts.QUERIES);
    // The one removal-loss judgement, shared with prune and branch clean.
    RemovalLoss loss = RemovalLoss.of(queries.status(worktree.path()),
        facts.find(Regenerable.FACT).orElseGet(() -> config.cleanupAfterMerge()
            .regenerable(Regenerable.DEFAULT_SCRATCH_DIRECTORY)));
    List<String> lost = forced ? loss.forcedOnly() : List.of();
    List<String> ignored = loss.ignored();
    List<String> parts = new ArrayList<>();
    if (!lost.isEmpty()) {
      parts.add(count(lost.size(), "changed or untracked file") + " (" + sample(lost) + ")");
      losses.commands.add("git -C " + worktree.path() + " add -A && git -C " + worktree.path()
          + " commit -m \"<what this work is>\"");
    }
    if (!ignored.isEmpty()) {
      parts.add(count(ignored.size(), "ignored file") + " that branches.cleanup_after_merge"
          + ".regenerable does not cover (" + sample(ignored) + ")");
    }
    if (forced && worktree.head().isPresent()) {
      Set<String> without = new LinkedHashSet<>(excluded);
      Containment held = queries.containment(worktree.head().get(), without);
      if (!held.containedElsewhere()) {
        parts.add("the commits at its HEAD " + abbreviate(worktree.head().get())
            + ", which no remaining branch, tag or remote-tracking ref holds");
        // A worktree on a branch loses its HEAD only because the same command deletes that
        // branch: pushing the branch secures both. Only a detached HEAD needs a branch of its own.
        Optional<String> secure = worktree.branch().isPresent()
            ? losses.pushing.secureCommand(worktree.branch().get())
            : Optional.of("git -C " + worktree.path() + " switch -c <name-for-this-work>");
        secure.filter(c -> !losses.commands.contains(c)).ifPresent(losses.commands::add);
      }
    }
    if (!parts.isEmpty()) {
      losses.lines.add("- worktree " + worktree.path() + ": " + String.join("; ", parts));
      losses.findings.add(new Finding(Finding.Kind.WORKTREE, worktree.path().toString(),
          String.join("; ", parts)));
    }
  }

  private static String count(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  private static String sample(List<String> paths) {
    int shown = Math.min(paths.size(), 5);
    String text = String.join(", ", paths.subList(0, shown));
    return paths.size() > shown ? text + ", ..." : text;
  }

  static String abbreviate(String sha) {
    return sha.substring(0, Math.min(12, sha.length()));
  }
}
