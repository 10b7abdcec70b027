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
import dev.groundskeeper.api.repo.ForcedPush;
import dev.groundskeeper.api.repo.LooseCommit;
import dev.groundskeeper.api.shell.Argv;
import dev.groundskeeper.api.shell.GitCommand;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Word;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Force pushes that remove commits from a remote branch: {@code git push --force},
 * {@code --force-with-lease} and {@code +refspec}. Refused only when a removed commit (as of the
 * last fetch) is held by no other ref and no commit of what is pushed reproduces it: a rebase or
 * an amend of the same work, then a force push, loses nothing; a reset that drops a pushed commit,
 * then a force push, does. Deleting a remote branch is branches.remote-delete's, and a push to the
 * repository itself branches.force-removal's.
 */
@dev.groundskeeper.api.LossGuard
final class ForcePushRule implements Rule {

  static final String ID = "changes.force-push";

  static final RuleInfo INFO = new RuleInfo(ID, "Force pushes that drop remote commits",
      "Refuses `git push --force`, `--force-with-lease` and `+refspec` pushes that would remove"
          + " commits from a remote branch when those commits exist nowhere else and no pushed"
          + " commit reproduces them.",
      Mode.BLOCK, Set.of(Event.CommandEvent.class), "rules/" + ID + ".md");

  /** One forced update: the command, the remote if written, what is pushed and where to. */
  private record Update(GitCommand git, Optional<String> remote, String source,
      Optional<String> destination, boolean lease) {}

  /** Whether changes.discard or changes.delete take snapshots, which this refusal then names. */
  private final boolean snapshotMode;

  ForcePushRule() {
    this(ChangesConfig.DEFAULTS);
  }

  ForcePushRule(ChangesConfig config) {
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
    List<Update> updates = new ArrayList<>();
    List<String> lines = new ArrayList<>();
    for (GitCommand git : script.gitCommands()) {
      if (git.is("push")) {
        read(git, command.command(), updates, lines);
      }
    }
    if (updates.isEmpty() && lines.isEmpty()) {
      return Verdict.notApplicable(ID);
    }
    Path cwd = command.context().cwd();
    Set<String> keep = new LinkedHashSet<>();
    List<Finding> findings = new ArrayList<>();
    try {
      Optional<ChangeQueries> found = updates.isEmpty() ? Optional.empty()
          : facts.find(ChangeFacts.QUERIES);
      if (found.isEmpty() && !updates.isEmpty()) {
        lines.add(Refusals.nothingKnown("which commits the push removes"));
      }
      for (Update update : found.isPresent() ? updates : List.<Update>of()) {
        judge(update, command.command(), cwd, found.get(), lines, keep, findings);
      }
    } catch (FactUnavailableException e) {
      lines.add(Refusals.nothingProven(e));
    }
    if (lines.isEmpty()) {
      return Verdict.allow(ID);
    }
    String description = keep.isEmpty()
        ? "Push branches by name, from inside the repository, so that what the push removes can"
            + " be checked."
        : "Keep what the remote branch holds on a branch first, then push: the push then removes"
            + " nothing held nowhere else. Or bring the commits into your branch (git pull"
            + " --rebase) and push without force.";
    return Refusals.commitsNoted(Refusals.deny(ID, "This would remove commits from a remote"
        + " branch that exist nowhere else", lines, new Remedy(description, List.copyOf(keep)),
        findings), snapshotMode);
  }

  /** The forced updates {@code git} makes, or a line saying why they cannot be judged. */
  private static void read(GitCommand git, String source, List<Update> updates,
      List<String> lines) {
    Argv a = git.arguments();
    if (a.has("-n", "--dry-run") || a.has("-d", "--delete")) {
      return;
    }
    boolean lease = a.has("--force-with-lease");
    boolean forcedAll = a.has("-f", "--force") || lease;
    List<Word> operands = a.operands();
    Optional<Word> repo = a.value("--repo");
    Optional<Word> remoteWord = repo.isPresent() ? repo
        : operands.isEmpty() ? Optional.empty() : Optional.of(operands.get(0));
    List<Word> specs = repo.isPresent() ? operands
        : operands.isEmpty() ? List.of() : operands.subList(1, operands.size());
    String text = git.command().text(source);
    if (remoteWord.isPresent() && remoteWord.get().isStatic()
        && (remoteWord.get().value().equals(".") || remoteWord.get().value().equals("./"))) {
      return; // the repository itself: branches.force-removal judges it
    }
    boolean anyForced = forcedAll || a.has("--mirror");
    for (Word spec : specs) {
      anyForced |= spec.value().startsWith("+");
    }
    if (!anyForced) {
      return;
    }
    if (remoteWord.isPresent() && !remoteWord.get().isStatic()) {
      lines.add("- `" + text + "` pushes with force to a remote known only when it runs; name"
          + " the remote");
      return;
    }
    Optional<String> remote = remoteWord.map(Word::value);
    if (a.has("--mirror") || a.has("--all", "--branches")) {
      lines.add("- `" + text + "` pushes every branch with force, which cannot be judged branch"
          + " by branch; push the branches by name");
      return;
    }
    if (specs.isEmpty()) {
      updates.add(new Update(git, remote, "HEAD", Optional.empty(), lease));
      return;
    }
    for (Word spec : specs) {
      String v = spec.value();
      boolean forced = forcedAll || v.startsWith("+");
      String body = v.startsWith("+") ? v.substring(1) : v;
      if (!forced || body.startsWith(":")) {
        continue; // not forced, or a deletion (branches.remote-delete)
      }
      if (!spec.isStatic() || body.contains("*")) {
        lines.add("- `" + text + "` pushes `" + spec.source() + "` with force, which names no"
            + " single branch here; write the branch names");
        continue;
      }
      int colon = body.indexOf(':');
      String src = colon < 0 ? body : body.substring(0, colon);
      String dst = colon < 0 ? "" : body.substring(colon + 1);
      if (dst.startsWith("refs/tags/") || src.startsWith("refs/tags/")) {
        continue; // a tag: no remote-tracking ref says what the remote holds
      }
      Optional<String> destination = dst.isEmpty()
          ? (src.equals("HEAD") ? Optional.empty() : Optional.of(src))
          : Optional.of(dst);
      updates.add(new Update(git, remote, src.isEmpty() ? "HEAD" : src, destination, lease));
    }
  }

  private static void judge(Update update, String source, Path cwd, ChangeQueries queries,
      List<String> lines, Set<String> keep, List<Finding> findings) {
    String text = update.git().command().text(source);
    Optional<String> why = Places.unjudgeable(update.git(), cwd);
    if (why.isPresent()) {
      lines.add(Refusals.cannotBeJudged(text, why.get()));
      return;
    }
    for (Path place : Places.candidates(update.git().directory(), cwd)) {
      ForcedPush push = queries.forcedPush(place, update.remote(), update.source(),
          update.destination());
      if (push.dropped().isEmpty() || push.trackingRef().isEmpty()) {
        continue;
      }
      String tracking = push.trackingRef().get();
      String shown = tracking.startsWith("refs/remotes/")
          ? tracking.substring("refs/remotes/".length()) : tracking;
      lines.add("- `" + text + "` removes " + Texts.count(push.removed(), "commit") + " from "
          + shown + " as of the last fetch" + (update.lease() ? ""
              : " (without a lease, commits pushed there since are not known either)")
          + "; " + push.dropped().size() + " of them no other ref holds and no pushed commit"
          + " reproduces: " + ExpireRule.examples(push.dropped()));
      LooseCommit newest = push.dropped().get(0);
      keep.add("git branch groundskeeper/kept-" + newest.shortId() + " " + tracking);
      for (LooseCommit commit : push.dropped()) {
        if (findings.size() < 50) {
          findings.add(new Finding(Finding.Kind.COMMIT, commit.id(), commit.subject()));
        }
      }
    }
  }
}
