package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.shell.GhCommand;
import dev.groundskeeper.api.shell.GitCommand;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code scratch.no-commit} (seed 003): a session the runner launched in scratch mode may
 * explore but never publishes anything: no commit, push or tag, no pull request opened or
 * edited, no release. It reads git and gh through the argv models, inside {@code sh -c},
 * {@code eval} and wrappers too. Its only deliverable is its findings document.
 */
final class NoCommitRule implements Rule {

  static final String ID = "scratch.no-commit";
  static final RuleInfo INFO = new RuleInfo(ID, "Non-committing scratch mode",
      "In a scratch-mode session, denies commits, pushes, tags, pull requests opened or edited, "
          + "and releases; the session's deliverable is its findings document.",
      Mode.BLOCK, Set.of(Event.CommandEvent.class), "rules/" + ID + ".md");

  /** git subcommands that write commits or publish them, with what each would do. */
  private static final Map<String, String> GIT = Map.ofEntries(
      Map.entry("commit", "record a commit"),
      Map.entry("commit-tree", "record a commit"),
      Map.entry("merge", "record a merge"),
      Map.entry("cherry-pick", "record commits"),
      Map.entry("revert", "record commits"),
      Map.entry("am", "record commits"),
      Map.entry("rebase", "rewrite commits"),
      Map.entry("push", "publish commits"),
      Map.entry("tag", "create a tag"),
      Map.entry("update-ref", "move a ref to another commit"),
      Map.entry("notes", "record a commit on the notes ref"));

  /** {@code git notes} actions that only read. */
  private static final Set<String> NOTES_READING = Set.of("", "list", "show", "get-ref");

  /** Options that only stop or inspect an operation already under way. */
  private static final Set<String> UNDOING = Set.of("--abort", "--quit", "--show-current-patch");

  /** Options of {@code git tag} that list, verify or delete instead of creating. */
  private static final Set<String> TAG_READING = Set.of("-l", "--list", "-v", "--verify",
      "-d", "--delete", "-n", "--contains", "--no-contains", "--merged", "--no-merged",
      "--points-at");

  private static final Set<String> PR_ACTIONS = Set.of("create", "edit", "merge", "ready",
      "reopen", "comment", "review", "close");
  private static final Set<String> RELEASE_ACTIONS = Set.of("create", "edit", "upload",
      "delete");

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    if (!(event instanceof Event.CommandEvent command)
        || command.context().mode() != EventContext.SessionMode.SCRATCH) {
      return Verdict.notApplicable(ID);
    }
    if (!command.command().contains("git") && !command.command().contains("gh")) {
      // Neither tool is named anywhere, so nothing can commit or publish through them.
      return Verdict.allow(ID);
    }
    Script script = command.script(facts);
    List<Finding> findings = new ArrayList<>();
    for (GitCommand git : script.gitCommands()) {
      publishing(git).ifPresent(what -> findings.add(new Finding(Finding.Kind.OTHER,
          script.text(git.command()), what)));
    }
    for (GhCommand gh : script.ghCommands()) {
      publishing(gh).ifPresent(what -> findings.add(new Finding(Finding.Kind.OTHER,
          script.text(gh.command()), what)));
    }
    if (!findings.isEmpty()) {
      Finding first = findings.get(0);
      return Verdict.deny(ID, "This session runs in scratch mode, so `" + first.subject()
              + "` is refused: it would " + first.detail() + ". A scratch session explores and "
              + "prototypes, but it never commits, pushes, tags, opens or edits a pull request, "
              + "or publishes a release. Its deliverable is its findings document, never a diff.",
          Remedy.describe("Write what you found into the findings document this session was "
              + "given: what works, what does not, the evidence, and the change you would make "
              + "(described, or as a short diff quoted in the document). Leave committing and "
              + "publishing to a normal session that picks up the findings."))
          .withFindings(findings);
    }
    if (!script.complete()) {
      return Verdict.couldNotJudge(ID, "the command could not be read in full ("
          + script.problems().get(0) + "), so it is not known whether it commits or publishes");
    }
    return Verdict.allow(ID);
  }

  private static Optional<String> publishing(GitCommand git) {
    String what = GIT.get(git.subcommand());
    if (what == null || git.arguments().has(UNDOING.toArray(String[]::new))) {
      return Optional.empty();
    }
    if (git.is("notes") && NOTES_READING.contains(notesAction(git))) {
      return Optional.empty();
    }
    if (git.is("tag") && (git.arguments().operands().isEmpty()
        || git.arguments().has(TAG_READING.toArray(String[]::new)))) {
      return Optional.empty();
    }
    return Optional.of(what);
  }

  /** The action of {@code git notes}, also after an option ({@code git notes --ref=x add}). */
  private static String notesAction(GitCommand git) {
    if (!git.action().isEmpty()) {
      return git.action();
    }
    return git.arguments().operand(0).map(Word::value).orElse("");
  }

  private static Optional<String> publishing(GhCommand gh) {
    if (gh.group().equals("pr") && PR_ACTIONS.contains(gh.action())) {
      return Optional.of(gh.action().equals("create") ? "open a pull request"
          : "change a pull request (" + gh.action() + ")");
    }
    if (gh.group().equals("release") && RELEASE_ACTIONS.contains(gh.action())) {
      return Optional.of("publish a release (" + gh.action() + ")");
    }
    return Optional.empty();
  }
}
