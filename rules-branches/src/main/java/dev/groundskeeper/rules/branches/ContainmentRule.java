package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.RepoFacts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The loud half of the containment report: an idle branch whose commits no remote holds is named
 * at every session start and every creation decision, with the one command that secures it.
 * Advisory only: the work is not gone yet, and refusing would not bring it back.
 */
final class ContainmentRule implements Rule {

  static final String ID = "branches.containment";

  static final RuleInfo INFO = new RuleInfo(ID, "Idle branches contained nowhere",
      "Names every idle branch whose commits no remote-tracking ref holds, at every session"
          + " start and every branch creation, with the push that secures it.",
      Mode.ADVISE, events(), "rules/" + ID + ".md");

  private final BranchesConfig config;

  ContainmentRule(BranchesConfig config) {
    this.config = config;
  }

  private static Set<Class<? extends Event>> events() {
    Set<Class<? extends Event>> events = new HashSet<>(Creations.EVENTS);
    events.add(Event.SessionStart.class);
    return events;
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    if (!(event instanceof Event.SessionStart) && !Creations.read(event, facts).creates()
        || Checkouts.outsideAnyRepository(facts)) {
      return Verdict.notApplicable(ID);
    }
    Scope scope = Scopes.of(config, facts);
    Instant now = facts.get(Facts.NOW);
    List<BranchRecord> nowhere = IdleIndex.of(facts.get(RepoFacts.BRANCHES), scope, config, facts)
        .nowhere();
    if (nowhere.isEmpty()) {
      return Verdict.allow(ID);
    }
    Pushing pushing = Pushing.of(facts, config.remote());
    List<String> commands = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    for (BranchRecord record : nowhere.subList(0, Math.min(nowhere.size(),
        BranchLines.MAX_LINES))) {
      pushing.command(record.name()).ifPresent(commands::add);
      findings.add(BranchLines.finding(record, now));
    }
    String reason = Texts.lostWorkHeading(pushing) + "\n"
        + String.join("\n", Texts.lostWork(nowhere, now, pushing));
    Verdict advice = Verdict.advise(ID, reason).withFindings(findings);
    // With nowhere to push, the heading already says what to do instead (merge); a remedy
    // repeating it printed the sentence twice.
    return pushing.possible()
        ? advice.withRemedy(new Remedy("Push each one so a remote holds its commits:", commands))
        : advice;
  }
}
