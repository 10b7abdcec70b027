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
import dev.groundskeeper.api.repo.LooseCommit;
import dev.groundskeeper.api.shell.Argv;
import dev.groundskeeper.api.shell.GitCommand;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Word;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Dropping commits that only a reflog holds, or that nothing holds any more: {@code git reflog
 * expire} with an expiry that reaches recent entries, {@code git gc} told to expire reflogs now
 * ({@code -c gc.reflogExpire=now}), {@code git gc --prune=now} and {@code git prune}. Refused
 * only when such commits exist in the repository the command runs in (a reset, an amend or a
 * rebase leaves its old commits in the reflog; a dropped stash entry leaves its commit
 * unreachable), with a branch command per tip that keeps them. A command with none of these costs
 * no repository read.
 */
@dev.groundskeeper.api.LossGuard
final class ExpireRule implements Rule {

  static final String ID = "changes.expire";

  static final RuleInfo INFO = new RuleInfo(ID, "Expiring reflogs and pruning unreachable commits",
      "Refuses `git reflog expire --expire=now`, `git gc --prune=now` and `git prune` when they"
          + " would delete commits that only a reflog holds or that nothing holds any more"
          + " (reset, amended or rebased work; dropped stash entries).",
      Mode.BLOCK, Set.of(Event.CommandEvent.class), "rules/" + ID + ".md");

  /** How many commits a refusal names, and how many keeping branches its way out writes. */
  static final int SHOWN = 5;

  /** The expiry values that keep everything: nothing is dropped. */
  private static final Set<String> KEEPING = Set.of("never", "false");

  private enum Drops { REFLOG_ONLY, UNREACHABLE, WORKTREE_RECORDS }

  /** Whether changes.discard or changes.delete take snapshots, which this refusal then names. */
  private final boolean snapshotMode;

  ExpireRule() {
    this(ChangesConfig.DEFAULTS);
  }

  ExpireRule(ChangesConfig config) {
    this.snapshotMode = Refusals.snapshotting(config);
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
    Map<GitCommand, Set<Drops>> drops = new LinkedHashMap<>();
    for (GitCommand git : script.gitCommands()) {
      Set<Drops> what = drops(git);
      if (!what.isEmpty()) {
        drops.put(git, what);
      }
    }
    if (drops.isEmpty()) {
      return Verdict.notApplicable(ID);
    }
    Path cwd = command.context().cwd();
    List<String> lines = new ArrayList<>();
    Map<String, LooseCommit> keep = new LinkedHashMap<>();
    try {
      Optional<ChangeQueries> found = facts.find(ChangeFacts.QUERIES);
      if (found.isEmpty()) {
        lines.add(Refusals.nothingKnown("which commits it would delete"));
      } else {
        Optional<Instant> now = facts.find(Facts.NOW);
        for (Map.Entry<GitCommand, Set<Drops>> entry : drops.entrySet()) {
          judge(entry.getKey(), entry.getValue(), command.command(), cwd, found.get(), lines,
              keep, now.flatMap(at -> dated(entry.getKey(), at)));
          if (entry.getValue().contains(Drops.WORKTREE_RECORDS)) {
            PrunedWorktrees.judge(entry.getKey(), command.command(), cwd, facts, lines, keep);
          }
        }
      }
    } catch (FactUnavailableException e) {
      lines.add(Refusals.nothingProven(e));
    }
    if (lines.isEmpty()) {
      return Verdict.allow(ID);
    }
    return Refusals.commitsNoted(refusal(lines, keep), snapshotMode);
  }

  /** What {@code git} would drop, from its words alone. */
  static Set<Drops> drops(GitCommand git) {
    Set<Drops> what = java.util.EnumSet.noneOf(Drops.class);
    if (git.is("reflog", "expire")) {
      GitWords w = GitWords.read(git, "", Set.of("--expire", "--expire-unreachable"));
      if (w.options().has("-n", "--dry-run")) {
        return what;
      }
      if (dropsRecent(w.options().value("--expire").or(() -> setting(git, "gc.reflogexpire")))
          || dropsRecent(w.options().value("--expire-unreachable")
              .or(() -> setting(git, "gc.reflogexpireunreachable")))
          || patternSettingDropsRecent(git)) {
        what.add(Drops.REFLOG_ONLY);
      }
    } else if (git.is("reflog", "delete")) {
      GitWords w = GitWords.read(git, "", Set.of());
      if (!w.options().has("-n", "--dry-run")) {
        what.add(Drops.REFLOG_ONLY);
      }
    } else if (git.is("gc")) {
      GitWords w = GitWords.read(git, "", Set.of("--prune"));
      for (Argv.Option prune : w.options().all("--prune")) {
        if (prune.value().isEmpty() ? false : dropsAll(prune.value().get())) {
          what.add(Drops.UNREACHABLE);
        }
      }
      if (dropsRecent(setting(git, "gc.reflogexpire"))
          || dropsRecent(setting(git, "gc.reflogexpireunreachable"))
          || patternSettingDropsRecent(git)) {
        what.add(Drops.REFLOG_ONLY);
      }
      for (Word setting : git.configs()) {
        String v = setting.value().toLowerCase(Locale.ROOT);
        if (v.startsWith("gc.pruneexpire=")
            && dropsAll(Word.of(v.substring(v.indexOf('=') + 1)))) {
          what.add(Drops.UNREACHABLE);
        }
      }
    } else if (git.is("worktree", "prune")) {
      GitWords w = GitWords.read(git, "", Set.of("--expire"));
      if (!w.options().has("-n", "--dry-run")) {
        what.add(Drops.WORKTREE_RECORDS);
      }
    } else if (git.is("prune")) {
      GitWords w = GitWords.read(git, "", Set.of("--expire"));
      Optional<Word> expire = w.options().value("--expire");
      if (!w.options().has("-n", "--dry-run")
          && (expire.isEmpty() || dropsAll(expire.get()))) {
        what.add(Drops.UNREACHABLE); // git prune alone prunes every unreachable object
      }
    }
    return what;
  }

  /**
   * Which reflogs a {@code reflog expire} or a {@code gc} expires, and the instant before which
   * their entries go: the later of {@code --expire} (or {@code -c gc.reflogExpire}, git's default
   * 90 days) and {@code --expire-unreachable} (or {@code -c gc.reflogExpireUnreachable}, default
   * 30 days), since an entry that alone holds a commit is unreachable from its ref's tip and goes
   * at whichever comes later. Empty for any other command, and for a
   * {@code gc.<pattern>.reflogExpire} setting on the command line (every reflog-only commit
   * counts).
   *
   * @param refs the reflogs named; empty for every reflog ({@code --all}, or a name known only
   *     when it runs)
   * @param configured every reflog, expired by the settings rather than an option: git exempts
   *     the stash's reflog from that
   */
  record Dated(List<String> refs, Instant cutoff, boolean configured) {}

  static Optional<Dated> dated(GitCommand git, Instant now) {
    boolean gc = git.is("gc");
    if (!gc && !git.is("reflog", "expire") || patternSettingDropsRecent(git)) {
      // a gc.<pattern>.reflogExpire setting on the command line: every reflog-only commit counts
      return Optional.empty();
    }
    GitWords w = gc ? GitWords.read(git, "", Set.of("--prune"))
        : GitWords.read(git, "", Set.of("--expire", "--expire-unreachable"));
    Optional<Word> expireWord = gc ? Optional.empty() : w.options().value("--expire");
    Optional<Word> unreachableWord = gc ? Optional.empty()
        : w.options().value("--expire-unreachable");
    // git reads gc.reflogExpire settings only where the option is not given, and only then
    // exempts the stash's reflog (it never expires the stash unless a pattern setting names it)
    boolean configured = expireWord.isEmpty() && unreachableWord.isEmpty();
    Optional<Instant> expire = expireWord.or(() -> setting(git, "gc.reflogexpire"))
        .map(v -> Expiry.cutoff(v, now)).orElse(Optional.of(now.minus(Duration.ofDays(90))));
    Optional<Instant> unreachable = unreachableWord
        .or(() -> setting(git, "gc.reflogexpireunreachable"))
        .map(v -> Expiry.cutoff(v, now)).orElse(Optional.of(now.minus(Duration.ofDays(30))));
    Optional<Instant> cutoff = Expiry.later(expire, unreachable);
    if (cutoff.isEmpty()) {
      return Optional.empty();
    }
    if (gc) {
      return Optional.of(new Dated(List.of(), cutoff.get(), true));
    }
    List<String> refs = new ArrayList<>();
    boolean all = w.options().has("--all");
    for (Word operand : w.allOperands()) {
      if (!operand.isStatic()) {
        all = true;
      }
      refs.add(operand.value());
    }
    return Optional.of(new Dated(all ? List.of() : List.copyOf(refs), cutoff.get(),
        configured && all));
  }

  /** The last {@code -c KEY=VALUE} of {@code key} (lower case) on the command line, if any. */
  private static Optional<Word> setting(GitCommand git, String key) {
    Optional<Word> found = Optional.empty();
    for (Word setting : git.configs()) {
      String v = setting.value();
      int eq = v.indexOf('=');
      if (eq > 0 && v.substring(0, eq).toLowerCase(Locale.ROOT).equals(key)) {
        found = Optional.of(Word.of(v.substring(eq + 1)));
      } else if (!setting.isStatic()) {
        return Optional.of(setting); // unread: counts as an expiry that reaches every entry
      }
    }
    return found;
  }

  /** A {@code -c gc.<pattern>.reflogExpire[Unreachable]=…} that may reach recent entries. */
  private static boolean patternSettingDropsRecent(GitCommand git) {
    for (Word setting : git.configs()) {
      String v = setting.value().toLowerCase(Locale.ROOT);
      int eq = v.indexOf('=');
      String key = eq < 0 ? v : v.substring(0, eq);
      if (key.startsWith("gc.") && key.lastIndexOf('.') > 2
          && (key.endsWith(".reflogexpire") || key.endsWith(".reflogexpireunreachable"))
          && dropsRecent(Optional.of(Word.of(eq < 0 ? "now" : v.substring(eq + 1))))) {
        return true;
      }
    }
    return false;
  }

  /**
   * An expiry that may reach entries: anything written but {@code never}. Which entries it
   * reaches is {@link #dated}'s to say, against the entries' times, when the clock is known.
   */
  private static boolean dropsRecent(Optional<Word> expiry) {
    if (expiry.isEmpty()) {
      return false; // the defaults (90 and 30 days) keep what recent work left behind
    }
    Word w = expiry.get();
    return !w.isStatic() || !KEEPING.contains(w.value().toLowerCase(Locale.ROOT));
  }

  /** A prune expiry that takes the recent unreachable commits too ({@code now}, {@code all}). */
  private static boolean dropsAll(Word expiry) {
    if (!expiry.isStatic()) {
      return true;
    }
    String v = expiry.value().toLowerCase(Locale.ROOT);
    return v.equals("now") || v.equals("all") || v.equals("0");
  }

  private static void judge(GitCommand git, Set<Drops> what, String source, Path cwd,
      ChangeQueries queries, List<String> lines, Map<String, LooseCommit> keep,
      Optional<Dated> dated) {
    String text = git.command().text(source);
    Optional<String> why = Places.unjudgeable(git, cwd);
    if (why.isPresent()) {
      lines.add(Refusals.cannotBeJudged(text, why.get()));
      return;
    }
    for (Path place : Places.candidates(git.directory(), cwd)) {
      if (what.contains(Drops.REFLOG_ONLY)) {
        List<LooseCommit> loose = dated.isEmpty() ? queries.reflogOnlyCommits(place)
            : dated.get().configured()
                ? queries.configuredReflogExpiry(place, dated.get().cutoff())
                : queries.reflogExpiry(place, dated.get().refs(), dated.get().cutoff());
        if (!loose.isEmpty()) {
          String which = "";
          if (dated.isPresent()) {
            List<String> parts = new ArrayList<>();
            if (!dated.get().cutoff().equals(Expiry.EVERYTHING)) {
              parts.add("its entries from before " + dated.get().cutoff());
            }
            if (!dated.get().refs().isEmpty()) {
              parts.add("in " + String.join(", ", dated.get().refs()));
            }
            which = parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
          }
          lines.add("- `" + text + "` deletes " + count(loose) + " that only a reflog holds"
              + which
              + " (a reset, an amend, a rebase or an older stash entry left them there): "
              + examples(loose));
          addTips(loose, keep);
        }
      }
      if (what.contains(Drops.UNREACHABLE)) {
        List<LooseCommit> loose = queries.unreachableCommits(place);
        if (!loose.isEmpty()) {
          lines.add("- `" + text + "` deletes " + count(loose) + " that nothing holds any more"
              + " (a dropped stash entry, an expired reflog), which `git fsck --unreachable`"
              + " can still find: " + examples(loose));
          addTips(loose, keep);
        }
      }
    }
  }

  private static String count(List<LooseCommit> loose) {
    String n = loose.size() >= 2_000 ? "at least 2000" : String.valueOf(loose.size());
    return n + (loose.size() == 1 ? " commit" : " commits");
  }

  /** Up to {@link #SHOWN} commits by short id and subject, then how many more. */
  static String examples(List<LooseCommit> loose) {
    StringBuilder text = new StringBuilder();
    int shown = Math.min(SHOWN, loose.size());
    for (int i = 0; i < shown; i++) {
      LooseCommit commit = loose.get(i);
      text.append(i == 0 ? "" : ", ").append(commit.shortId()).append(" \"")
          .append(abbreviate(commit.subject())).append('"');
    }
    if (loose.size() > shown) {
      text.append(", and ").append(loose.size() - shown).append(" more");
    }
    return text.toString();
  }

  private static String abbreviate(String subject) {
    String one = subject.replaceAll("[\\p{Cntrl}\"]", " ").strip();
    return one.length() <= 50 ? one : one.substring(0, 47) + "...";
  }

  private static void addTips(List<LooseCommit> loose, Map<String, LooseCommit> keep) {
    for (LooseCommit commit : loose) {
      if (commit.tip()) {
        keep.putIfAbsent(commit.id(), commit);
      }
    }
  }

  private static Verdict refusal(List<String> lines, Map<String, LooseCommit> keep) {
    List<String> commands = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    int written = 0;
    for (LooseCommit tip : keep.values()) {
      findings.add(new Finding(Finding.Kind.COMMIT, tip.id(), tip.subject()));
      if (written++ < SHOWN) {
        commands.add("git branch groundskeeper/kept-" + tip.shortId() + " " + tip.id());
      }
    }
    String description;
    if (keep.isEmpty()) {
      description = "Run the command from inside the repository it acts on, so that what it"
          + " deletes can be checked.";
    } else if (keep.size() <= SHOWN) {
      description = "Keep the commits on branches first (one per line of work below), then run"
          + " the command again: it then deletes nothing that is not held elsewhere. Or leave the"
          + " reflog to expire on git's own schedule (90 days, 30 for unreachable entries).";
    } else {
      description = "Keep the commits on branches first: " + keep.size() + " lines of work,"
          + " the first " + SHOWN + " below (list them all with `git log --reflog --not --all"
          + " --oneline`, and the unreachable ones with `git fsck --unreachable`). Or leave the"
          + " reflog to expire on git's own schedule.";
    }
    return Refusals.deny(ID, "This would delete commits that exist nowhere else", lines,
        new Remedy(description, commands), findings);
  }
}
