package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
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
import dev.groundskeeper.api.repo.RepoEffect;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositoryQueries;
import dev.groundskeeper.api.repo.Worktree;
import dev.groundskeeper.api.repo.WorktreeStatus;
import dev.groundskeeper.api.repo.WorktreeStoreFacts;
import dev.groundskeeper.api.shell.CreatedBranch;
import dev.groundskeeper.api.shell.GitCommand;
import dev.groundskeeper.api.shell.Script;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Leaves no branch behind at a stop. After each successful creation or touch it returns effects
 * that record who created or touched the branch; at a stop it judges the branches the stopping
 * thread touched (a main thread also owns what its sub-agents left unpushed or merged): a dirty
 * worktree, commits no remote holds, a merged branch still present. After three blocked stops in
 * a row it gives way and reports the branches as abandoned at the next sweep. Marker files
 * ({@link StopMarkers}) let a runner say that the stop must go through, or that the agent hands
 * off (then finished branches are waived and each branch is named with its tip).
 */
@dev.groundskeeper.api.LossGuard
final class StopGuardRule implements Rule {

  static final String ID = "branches.stop-guard";

  /** The heading of the branch list a handoff message ends with, before the principle. */
  static final String HANDOFF_HEADING = "Handing off: the successor continues from";

  /** Blocked stops in a row after which the guard gives way. */
  static final int MAX_BLOCKED_STOPS = 3;

  /** Commands after which the checkout's branch counts as touched. */
  private static final Set<String> TOUCHING = Set.of("commit", "merge", "rebase", "cherry-pick",
      "am", "revert", "reset", "switch", "checkout", "pull");

  /** Tools whose use in a worktree touches its branch. */
  private static final Set<String> WRITING_TOOLS = Set.of("Write", "Edit", "MultiEdit",
      "NotebookEdit");

  static final RuleInfo INFO = new RuleInfo(ID, "Stop guard",
      "Records who creates and touches each branch, and refuses a stop while a branch the"
          + " stopping thread touched is dirty, holds commits no remote holds, or is merged but"
          + " not deleted; gives way after three blocked stops, and at once when a yield marker"
          + " says the session must stop.",
      Mode.BLOCK, Set.of(Event.CommandCompleted.class, Event.ToolCompleted.class,
          Event.Stop.class, Event.SubagentStop.class, Event.StopFailure.class),
      "rules/" + ID + ".md");

  /**
   * What the stop is: one the guard may refuse, one it lets through because the agent already
   * continued after a refusal (the person is told what is left), or a turn that ended on an
   * error (what is left is recorded for the next sweep).
   */
  private record Occasion(boolean letThrough, String failure) {
    static final Occasion STOP = new Occasion(false, "");
    static final Occasion LET_THROUGH = new Occasion(true, "");

    boolean failed() {
      return !failure.isEmpty();
    }
  }

  private final BranchesConfig config;

  StopGuardRule(BranchesConfig config) {
    this.config = config;
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  static String actor(EventContext context) {
    return context.sessionId() + ":" + context.agentId();
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    if (Checkouts.outsideAnyRepository(facts)) {
      // No repository here, so no branch of it to record or to judge at a stop.
      return Verdict.notApplicable(ID);
    }
    if (event instanceof Event.CommandCompleted completed) {
      return completed.succeeded() ? recordCommand(completed, facts) : Verdict.notApplicable(ID);
    }
    if (event instanceof Event.ToolCompleted tool) {
      return WRITING_TOOLS.contains(tool.toolName()) ? recordWrite(tool, facts)
          : Verdict.notApplicable(ID);
    }
    if (event instanceof Event.Stop stop) {
      return atStop(stop.context(), facts,
          stop.stopHookActive() ? Occasion.LET_THROUGH : Occasion.STOP);
    }
    if (event instanceof Event.SubagentStop stop) {
      return atStop(stop.context(), facts,
          stop.stopHookActive() ? Occasion.LET_THROUGH : Occasion.STOP);
    }
    if (event instanceof Event.StopFailure failure) {
      return atStop(failure.context(), facts,
          new Occasion(false, failure.error().isEmpty() ? "unknown" : failure.error()));
    }
    return Verdict.notApplicable(ID);
  }

  /**
   * A stop the runner says must happen (a yield marker) goes through unjudged: nothing the agent
   * could do to its branches would be allowed to run anyway. A handoff marker keeps the checks
   * that protect the successor's starting point and waives the one about finished branches.
   */
  private Verdict atStop(EventContext context, Facts facts, Occasion occasion) {
    Optional<Path> yielding = StopMarkers.present(config.stopGuard().yieldMarkers(), context,
        facts);
    if (yielding.isPresent()) {
      return Verdict.allow(ID).withFindings(List.of(new Finding(Finding.Kind.PATH,
          yielding.get().toString(), "this session must stop: the guard yields")));
    }
    boolean handoff = StopMarkers.present(config.stopGuard().handoffMarkers(), context, facts)
        .isPresent();
    return judge(context, facts, handoff, occasion);
  }

  // ---- records ---------------------------------------------------------------------------

  private Verdict recordCommand(Event.CommandCompleted completed, Facts facts) {
    Script script = completed.script(facts);
    if (script.gitCommands().isEmpty()) {
      return Verdict.notApplicable(ID);
    }
    String actor = actor(completed.context());
    BranchInventory inventory = facts.get(RepoFacts.BRANCHES);
    Instant now = facts.get(Facts.NOW);
    Map<String, Effect> effects = new LinkedHashMap<>();
    for (CreatedBranch created : script.createdBranches()) {
      if (!created.name().isStatic() || created.dwim()) {
        continue;
      }
      String name = created.name().value();
      Optional<BranchRecord> record = inventory.find(name).filter(r -> r.localTip().isPresent());
      if (record.isPresent() && record.get().provenance().creator().isEmpty()) {
        effects.put("creator " + name, new RepoEffect.RecordCreator(name, actor, now,
            created.route().name().toLowerCase(java.util.Locale.ROOT)));
      }
    }
    List<Worktree> worktrees = facts.get(RepoFacts.WORKTREES);
    for (GitCommand git : script.gitCommands()) {
      boolean touches = TOUCHING.contains(git.subcommand())
          || git.is("worktree", "add") && !git.createdBranches().isEmpty();
      if (!touches) {
        continue;
      }
      Optional<String> branch;
      if (!git.createdBranches().isEmpty()) {
        // switch -c, checkout -b and worktree add leave the new branch checked out.
        branch = git.createdBranches().stream().filter(c -> c.name().isStatic())
            .map(c -> c.name().value()).findFirst();
      } else {
        branch = Checkouts.holding(worktrees, git.directory(), completed.context().cwd())
            .flatMap(Worktree::branch);
      }
      branch.filter(name -> judged(name, facts))
          .ifPresent(name -> touch(name, actor, inventory, effects));
    }
    return effects.isEmpty() ? Verdict.notApplicable(ID)
        : Verdict.allow(ID).withEffects(List.copyOf(effects.values()));
  }

  /**
   * A write touches the branch of the worktree holding the written file; without a path (a runner
   * that does not name it), the branch of the worktree the agent works in.
   */
  private Verdict recordWrite(Event.ToolCompleted tool, Facts facts) {
    Optional<String> branch = Checkouts.holding(facts.get(RepoFacts.WORKTREES),
        tool.path().orElse(tool.context().cwd())).flatMap(Worktree::branch);
    if (branch.isEmpty() || !judged(branch.get(), facts)) {
      return Verdict.notApplicable(ID);
    }
    Map<String, Effect> effects = new LinkedHashMap<>();
    touch(branch.get(), actor(tool.context()), facts.get(RepoFacts.BRANCHES), effects);
    return effects.isEmpty() ? Verdict.notApplicable(ID)
        : Verdict.allow(ID).withEffects(List.copyOf(effects.values()));
  }

  /** Branches the guard would judge at a stop; others need no record. */
  private boolean judged(String branch, Facts facts) {
    Scope.Role role = Scopes.of(config, facts).role(branch);
    return role == Scope.Role.WORK
        || role != Scope.Role.EXEMPT && config.stopGuard().includeDefault();
  }

  private static void touch(String branch, String actor, BranchInventory inventory,
      Map<String, Effect> effects) {
    Optional<BranchRecord> record = inventory.find(branch).filter(r -> r.localTip().isPresent());
    boolean known = record.map(r -> r.provenance().touchedBy().contains(actor)).orElse(true);
    if (!known) {
      effects.putIfAbsent("touch " + branch, new RepoEffect.RecordTouch(branch, actor));
    }
  }

  // ---- judgement at a stop -----------------------------------------------------------------

  private record Problem(String branch, String check, String line, List<String> commands,
      boolean blocks) {}

  private Verdict judge(EventContext context, Facts facts, boolean handoff, Occasion occasion) {
    String actor = actor(context);
    boolean mainThread = context.isMainThread();
    String subAgentPrefix = context.sessionId() + ":";
    BranchInventory inventory = facts.get(RepoFacts.BRANCHES);
    Scope scope = Scopes.of(config, facts);
    List<BranchRecord> own = new ArrayList<>();
    List<BranchRecord> delegated = new ArrayList<>();
    for (BranchRecord record : inventory.branches()) {
      Scope.Role role = scope.role(record.name());
      if (role == Scope.Role.EXEMPT
          || role != Scope.Role.WORK && !config.stopGuard().includeDefault()) {
        continue;
      }
      if (record.provenance().touchedBy(actor)) {
        own.add(record);
      } else if (mainThread && touchedBySubAgent(record, subAgentPrefix)) {
        delegated.add(record);
      }
    }
    if (own.isEmpty() && delegated.isEmpty()) {
      return Verdict.notApplicable(ID);
    }
    RepositoryQueries queries = facts.get(RepoFacts.QUERIES);
    Set<String> tips = new LinkedHashSet<>();
    own.forEach(r -> r.localTip().ifPresent(tips::add));
    delegated.forEach(r -> r.localTip().ifPresent(tips::add));
    Map<String, Containment> held = queries.containment(tips, Set.of());
    Pushing pushing = Pushing.of(facts, config.remote());
    List<Problem> problems = new ArrayList<>();
    for (BranchRecord record : own) {
      dirty(record, queries, facts).ifPresent(problems::add);
      unpushed(record, held, scope, pushing, mainThread).ifPresent(problems::add);
      if (mainThread && !handoff) {
        mergedNotDeleted(record).ifPresent(problems::add);
      }
    }
    for (BranchRecord record : delegated) {
      unpushed(record, held, scope, pushing, true).ifPresent(problems::add);
      if (!handoff) {
        mergedNotDeleted(record).ifPresent(problems::add);
      }
    }
    return verdict(problems, actor, facts, handoff ? handoffLines(own) : List.of(), occasion);
  }

  /** Where the successor continues: each branch the stopping thread touched, at its tip. */
  private static List<String> handoffLines(List<BranchRecord> own) {
    List<String> lines = new ArrayList<>();
    for (BranchRecord record : own) {
      Optional<String> tip = record.localTip().or(record::remoteTip);
      lines.add("- " + record.name() + " at " + tip.orElse("(no tip)")
          + record.worktree().map(path -> " in " + path).orElse(""));
    }
    return lines;
  }

  private static boolean touchedBySubAgent(BranchRecord record, String sessionPrefix) {
    List<String> actors = new ArrayList<>(record.provenance().touchedBy());
    record.provenance().creator().ifPresent(actors::add);
    for (String actor : actors) {
      if (actor.startsWith(sessionPrefix) && actor.length() > sessionPrefix.length()) {
        return true;
      }
    }
    return false;
  }

  private Optional<Problem> dirty(BranchRecord record, RepositoryQueries queries, Facts facts) {
    if (record.worktree().isEmpty()) {
      return Optional.empty();
    }
    String path = record.worktree().get().toString();
    // The store's own notes folder is not the agent's work: the same judgement prune makes.
    WorktreeStatus read = queries.status(record.worktree().get());
    WorktreeStatus status = facts.find(WorktreeStoreFacts.NOTES)
        .map(notes -> notes.withoutNotes(record.worktree().get(), read)).orElse(read);
    if (status.isClean()) {
      return Optional.empty();
    }
    Set<String> files = new LinkedHashSet<>(status.staged());
    files.addAll(status.modified());
    files.addAll(status.untracked());
    return Optional.of(new Problem(record.name(), "dirty worktree", record.name()
        + ": uncommitted work in " + path + " (" + files.size() + (files.size() == 1 ? " file"
        : " files") + ")", List.of("git -C " + path + " add -A && git -C " + path
        + " commit -m \"<what this work is>\""), true));
  }

  private Optional<Problem> unpushed(BranchRecord record, Map<String, Containment> held,
      Scope scope, Pushing pushing, boolean mainThread) {
    if (record.localTip().isEmpty()) {
      return Optional.empty();
    }
    Mode mode = mainThread ? Mode.BLOCK : config.stopGuard().unpushedSubagent();
    if (mode.isOff()) {
      return Optional.empty();
    }
    Containment containment = held.get(record.localTip().get());
    boolean safe = containment != null && (containment.inRemote(config.remote())
        || containment.containingRefs().contains("refs/heads/" + scope.defaultBranch())
            && !record.name().equals(scope.defaultBranch()));
    if (safe) {
      return Optional.empty();
    }
    return Optional.of(new Problem(record.name(), "commits no remote holds", record.name()
        + ": commits that no remote-tracking ref of " + config.remote()
        + " holds and that are not merged into the local " + scope.defaultBranch()
        + (pushing.possible() ? "" : " (no remote named " + config.remote()
            + " is configured: merge it)"),
        pushing.secureCommand(record.name()).map(List::of).orElse(List.of()),
        mode.equals(Mode.BLOCK)));
  }

  private Optional<Problem> mergedNotDeleted(BranchRecord record) {
    if (!record.state().merged()) {
      return Optional.empty();
    }
    List<String> commands = new ArrayList<>();
    record.worktree().ifPresent(path -> commands.add("git worktree remove "
        + BranchLines.word(path.toString())));
    if (record.localTip().isPresent()) {
      commands.add(BranchLines.deleteCommand(record, config.remote()));
    }
    if (record.remoteTip().isPresent()) {
      commands.add("git push " + BranchLines.word(config.remote()) + " --delete "
          + BranchLines.word(record.name()));
    }
    return Optional.of(new Problem(record.name(), "merged but not deleted", record.name()
        + ": " + BranchLines.label(record) + " but not deleted"
        + record.worktree().map(p -> " (worktree " + p + ")").orElse(""), commands, true));
  }

  private Verdict verdict(List<Problem> problems, String actor, Facts facts,
      List<String> handoff, Occasion occasion) {
    Optional<BranchLedger> ledger = facts.find(BranchLedger.FACT);
    int blockedSoFar = ledger.map(l -> l.blockedStops(actor)).orElse(0);
    String handoffText = handoff.isEmpty() ? ""
        : "\n\n" + HANDOFF_HEADING + ":\n" + String.join("\n", handoff);
    if (problems.isEmpty()) {
      List<Effect> reset = blockedSoFar > 0
          ? List.of(new LedgerEffect.ResetBlockedStops(actor)) : List.of();
      return handoff.isEmpty() ? Verdict.allow(ID).withEffects(reset)
          : Verdict.advise(ID, handoffText.strip()).withEffects(reset);
    }
    List<String> lines = new ArrayList<>();
    List<String> commands = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    boolean blocks = false;
    for (Problem problem : problems) {
      lines.add("- " + problem.line());
      commands.addAll(problem.commands());
      findings.add(new Finding(Finding.Kind.BRANCH, problem.branch(), problem.check()));
      blocks |= problem.blocks();
    }
    String list = String.join("\n", lines);
    Remedy remedy = new Remedy("Finish each branch before stopping:", commands);
    if (!blocks) {
      return Verdict.advise(ID, "Branches this agent touched hold work no remote has yet:\n"
          + list + handoffText).withRemedy(remedy).withFindings(findings);
    }
    if (occasion.letThrough()) {
      // Refusing again would loop; the person learns what the stop leaves behind.
      return Verdict.advise(ID, "The stop goes through (the agent already continued once after"
          + " a refused stop), leaving unfinished work on branches this "
          + (actor.endsWith(":") ? "session" : "agent") + " touched:\n" + list + handoffText)
          .withRemedy(remedy).withFindings(findings);
    }
    if (occasion.failed()) {
      // No stop hook fires after the error, so nothing else would judge these branches.
      Instant now = facts.get(Facts.NOW);
      List<Effect> effects = new ArrayList<>();
      for (Problem problem : problems) {
        effects.add(new LedgerEffect.RecordAbandoned(new BranchLedger.Abandoned(
            problem.branch(), actor, problem.check(), now)));
      }
      return Verdict.advise(ID, "The turn ended on an error (" + occasion.failure() + ") before"
          + " its stop could be judged; the next sweep reports these branches as abandoned:\n"
          + list + handoffText).withRemedy(remedy).withFindings(findings).withEffects(effects);
    }
    if (blockedSoFar >= MAX_BLOCKED_STOPS) {
      Instant now = facts.get(Facts.NOW);
      List<Effect> effects = new ArrayList<>();
      for (Problem problem : problems) {
        effects.add(new LedgerEffect.RecordAbandoned(new BranchLedger.Abandoned(
            problem.branch(), actor, problem.check(), now)));
      }
      effects.add(new LedgerEffect.ResetBlockedStops(actor));
      return Verdict.advise(ID, "Stopping after " + MAX_BLOCKED_STOPS + " refused stops; these"
          + " branches are left as they are and the next sweep reports them as abandoned:\n"
          + list + handoffText).withRemedy(remedy).withFindings(findings).withEffects(effects);
    }
    String reason = "Before stopping, finish the branches this "
        + (actor.endsWith(":") ? "session" : "agent") + " touched:\n" + list + handoffText;
    Verdict verdict = Verdict.deny(ID, BranchPrinciple.appendTo(reason), remedy)
        .withFindings(findings);
    return ledger.isPresent()
        ? verdict.withEffects(List.of(new LedgerEffect.CountBlockedStop(actor))) : verdict;
  }
}
