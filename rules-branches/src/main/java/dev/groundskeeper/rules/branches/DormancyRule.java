package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Memo;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.Dormancy;
import dev.groundskeeper.api.repo.RepoFacts;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Idle branches, in three stages: an advisory at new sessions, a noisy advisory at every session
 * start, every allowed creation and (at most hourly) at a stop, and at the last stage new branches
 * are refused until the idle one is finished, parked or deleted. Nothing else is ever refused,
 * so the ways out stay open.
 */
final class DormancyRule implements Rule {

  static final String ID = "branches.dormancy";

  /** The stop note is shown at most this often per session. */
  static final Duration STOP_NOTE_INTERVAL = Duration.ofHours(1);

  static final RuleInfo INFO = new RuleInfo(ID, "Dormant branches",
      "Reports idle unmerged branches at session start and stop, and refuses new branches while"
          + " one is idle past branches.dormancy's block stage.",
      Mode.BLOCK, events(), "rules/" + ID + ".md");

  private final BranchesConfig config;

  DormancyRule(BranchesConfig config) {
    this.config = config;
  }

  private static Set<Class<? extends Event>> events() {
    Set<Class<? extends Event>> events = new HashSet<>(Creations.EVENTS);
    events.add(Event.SessionStart.class);
    events.add(Event.Stop.class);
    return events;
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    // The event first: asking for the repository's layout opens the repository, which a tool
    // call that creates no branch never needs (it was a seventh of a served call's time).
    if ((event instanceof Event.SessionStart || event instanceof Event.Stop)
        && Checkouts.outsideAnyRepository(facts)) {
      return Verdict.notApplicable(ID); // no branches here to be idle
    }
    if (event instanceof Event.SessionStart start) {
      Dormancy.Stage lowest = start.source() == Event.StartSource.STARTUP
          || start.source() == Event.StartSource.CLEAR ? Dormancy.Stage.ADVISORY
          : Dormancy.Stage.NOISY;
      Verdict report = report(facts, lowest, "Idle branches:");
      // At a new session only (startup, clear), not at every compaction or resume.
      return lowest == Dormancy.Stage.ADVISORY ? withIdentityNote(report, facts) : report;
    }
    if (event instanceof Event.Stop stop) {
      return atStop(stop, facts);
    }
    Creations.Reading reading = Creations.read(event, facts);
    if (!reading.creates()) {
      return Verdict.notApplicable(ID);
    }
    List<BranchRecord> blocking = atStage(facts, Dormancy.Stage.BLOCK);
    if (!blocking.isEmpty() && !config.dormancy().mode().equals(Mode.WARN)) {
      return refusal(reading, blocking, facts);
    }
    return report(facts, Dormancy.Stage.NOISY,
        "Allowed, but these branches have been idle a long time:");
  }

  private Verdict atStop(Event.Stop stop, Facts facts) {
    if (!stop.context().isMainThread()) {
      return Verdict.notApplicable(ID);
    }
    Optional<BranchLedger> ledger = facts.find(BranchLedger.FACT);
    if (ledger.isEmpty()) {
      // Without the ledger the hourly bound cannot be kept, and an unbounded note is noise.
      return Verdict.notApplicable(ID);
    }
    Instant now = facts.get(Facts.NOW);
    String session = stop.context().sessionId();
    Optional<Instant> last = ledger.get().lastStopNote(session);
    if (last.isPresent() && Duration.between(last.get(), now).compareTo(STOP_NOTE_INTERVAL) < 0) {
      return Verdict.allow(ID);
    }
    Verdict verdict = report(facts, Dormancy.Stage.NOISY, "Before you go, idle branches:");
    if (verdict.outcome() != dev.groundskeeper.api.Outcome.ADVISE) {
      return verdict;
    }
    return verdict.withEffects(List.of(new LedgerEffect.NoteAtStop(session, now)));
  }

  /**
   * The one line a session start adds when {@code branches.scope: own} cannot read authorship:
   * no {@code user.email} is configured, and a branch other than the default has a remote copy
   * (without one, every branch is this clone's by the records or by existing only here).
   */
  static final String IDENTITY_NOTE = "git has no user.email here, so branches.scope: own counts"
      + " your pushed branches without a record as others' work; set it: git config user.email"
      + " <you@example.com>";

  private Verdict withIdentityNote(Verdict report, Facts facts) {
    if (config.scope() != BranchesConfig.Ownership.OWN) {
      return report;
    }
    try {
      String defaultBranch = facts.get(RepoFacts.DEFAULT_BRANCH).name();
      boolean pushed = facts.get(RepoFacts.BRANCH_TIPS).stream()
          .anyMatch(tip -> tip.remoteTip().isPresent() && !tip.name().equals(defaultBranch));
      if (!pushed || !Owners.of(config, facts).identityMissing()) {
        return report;
      }
    } catch (dev.groundskeeper.api.FactUnavailableException e) {
      return report; // a note, never a reason to fail the session start
    }
    if (report.outcome() != dev.groundskeeper.api.Outcome.ADVISE) {
      return Verdict.advise(ID, IDENTITY_NOTE);
    }
    return new Verdict(report.ruleId(), report.outcome(), report.reason() + "\n" + IDENTITY_NOTE,
        report.remedy(), report.findings(), report.effects());
  }

  /** The dormant work branches at {@code lowest} or a later stage, longest idle first. */
  private List<BranchRecord> atStage(Facts facts, Dormancy.Stage lowest) {
    IdleIndex index = IdleIndex.of(facts.get(RepoFacts.BRANCHES), Scopes.of(config, facts),
        config, facts);
    if (index.idle().isEmpty()) {
      return List.of(); // nothing idle: whose branches are whose does not matter
    }
    Owners owners = Owners.of(config, facts);
    return facts.memo().get(Memo.Key.pure(AT_STAGE, lowest, index, config, owners.ownership()),
        () -> atStage(index, lowest, owners));
  }

  /** The memo entry of the dormant branches at a stage or later, one per stage asked for. */
  static final String AT_STAGE = "branches.dormancy.at-stage";

  /**
   * Someone else's idle branch is theirs to finish (branches.scope: own): it reaches no stage
   * here, so it neither nags this clone's agents nor blocks their new branches. Commits no remote
   * holds are this clone's whoever wrote them: only this clone can save them.
   */
  private List<BranchRecord> atStage(IdleIndex index, Dormancy.Stage lowest, Owners owners) {
    List<BranchRecord> found = new ArrayList<>();
    for (BranchRecord record : index.idle()) {
      if (!owners.judges(record.name()) && !BranchLines.containedNowhere(record)) {
        continue;
      }
      Dormancy.Stage stage = stage(record.dormancy().orElseThrow());
      if (stage.compareTo(lowest) >= 0) {
        found.add(withStage(record, stage));
      }
    }
    return List.copyOf(found);
  }

  /** Under {@code warn}, the last stage is reported as the noisy one. */
  private Dormancy.Stage stage(Dormancy dormancy) {
    Dormancy.Stage stage = dormancy.stage();
    return stage == Dormancy.Stage.BLOCK && config.dormancy().mode().equals(Mode.WARN)
        ? Dormancy.Stage.NOISY : stage;
  }

  private static BranchRecord withStage(BranchRecord r, Dormancy.Stage stage) {
    Dormancy d = r.dormancy().orElseThrow();
    if (d.stage() == stage) {
      return r;
    }
    return new BranchRecord(r.name(), r.localTip(), r.remoteTip(), r.upstream(), r.ahead(),
        r.behind(), r.worktree(), r.lastCommit(), r.park(), r.planTokens(), r.provenance(),
        r.state(), r.judgements(), r.sameTipAs(),
        Optional.of(new Dormancy(stage, d.idleDays(), d.where(), d.containingRefs())));
  }

  private Verdict report(Facts facts, Dormancy.Stage lowest, String heading) {
    List<BranchRecord> idle = atStage(facts, lowest);
    if (idle.isEmpty()) {
      return Verdict.allow(ID);
    }
    Instant now = facts.get(Facts.NOW);
    List<String> lines = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    for (BranchRecord record : idle.subList(0, Math.min(idle.size(), BranchLines.MAX_LINES))) {
      lines.add("- " + BranchLines.line(record, now));
      findings.add(BranchLines.finding(record, now));
    }
    if (idle.size() > BranchLines.MAX_LINES) {
      lines.add("... and " + (idle.size() - BranchLines.MAX_LINES) + " more");
    }
    String reason = heading + "\n" + String.join("\n", lines) + "\n" + WAYS_OUT;
    return Verdict.advise(ID, reason).withFindings(findings);
  }

  private Verdict refusal(Creations.Reading reading, List<BranchRecord> blocking, Facts facts) {
    Instant now = facts.get(Facts.NOW);
    StringBuilder reason = new StringBuilder("Creating ").append(Texts.describe(reading))
        .append(" is refused while a branch has been idle for ")
        .append(config.dormancy().effectiveBlockDays())
        .append(" days or more (branches.dormancy.block_days). Only new branches are refused:"
            + " commits, merges, pushes and deletions stay open.");
    // Every idle branch no remote holds is named, not only the blocking ones: the loud line is
    // owed at every stage, and a denial is the surface an agent reads most closely.
    Texts.appendLostWork(reason, atStage(facts, Dormancy.Stage.ADVISORY), now,
        Pushing.of(facts, config.remote()));
    reason.append("\n\nIdle branches:\n")
        .append(String.join("\n", BranchLines.openList(blocking, now, config.remote(), facts)));
    List<String> commands = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    for (BranchRecord record : BranchLines.firstShown(blocking, facts)) {
      findings.add(BranchLines.finding(record, now));
      commands.add("groundskeeper branch park " + BranchLines.word(record.name())
          + " --reason \"<why it waits>\"");
    }
    Remedy remedy = new Remedy(WAYS_OUT, commands);
    return Verdict.deny(ID, BranchPrinciple.appendTo(reason.toString()), remedy)
        .withFindings(findings);
  }

  static final String WAYS_OUT = "For each idle branch: finish it and merge it; or park it with"
      + " `groundskeeper branch park <name> --reason \"...\"` when it waits on something; or delete"
      + " it with `git branch -d <name>`, which refuses unless its work is merged (ask a person"
      + " before forcing anything).";
}
