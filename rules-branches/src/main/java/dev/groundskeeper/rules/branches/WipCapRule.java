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
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.BranchTip;
import dev.groundskeeper.api.repo.RepoFacts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Refuses a new branch when the open work branches already reach {@code branches.wip.cap}. */
final class WipCapRule implements Rule {

  static final String ID = "branches.wip-cap";

  static final RuleInfo INFO = new RuleInfo(ID, "Cap on open work branches",
      "Refuses a new branch, by any route, while the open work branches (local and remote,"
          + " merged-but-undeleted and parked included) already reach branches.wip.cap.",
      Mode.BLOCK, Creations.EVENTS, "rules/" + ID + ".md");

  static final String LISTING = "branches.wip-cap.listing";

  /** What a refusal lists, derived once per reading: the first branches shown and the rest. */
  private record Listing(List<BranchRecord> shown, int total, boolean anyFinished,
      List<BranchRecord> nowhere) {
    static Listing of(BranchInventory inventory, OpenBranches open, Scope scope,
        BranchesConfig config, Facts facts) {
      List<BranchRecord> records = new ArrayList<>();
      boolean finished = false;
      for (BranchRecord record : inventory.branches()) {
        if (open.contains(record.name())) {
          records.add(record);
          finished |= record.state().merged();
        }
      }
      return new Listing(BranchLines.firstShown(records, facts), records.size(), finished,
          IdleIndex.of(inventory, scope, config, facts).nowhere());
    }
  }

  private final BranchesConfig config;

  WipCapRule(BranchesConfig config) {
    this.config = config;
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    Creations.Reading reading = Creations.read(event, facts);
    if (reading.kind() == Creations.Kind.UNREADABLE) {
      return Verdict.couldNotJudge(ID, reading.note());
    }
    if (!reading.creates()) {
      return Verdict.notApplicable(ID);
    }
    Scope scope = Scopes.of(config, facts);
    List<BranchTip> tips = facts.get(RepoFacts.BRANCH_TIPS);
    OpenBranches all = TipsIndex.of(tips, scope, config, facts).open;
    int cap = config.wip().cap();
    // Restricting to this clone's branches only lowers the count, so under the cap as a whole
    // the ownership reading (a commit read per tip) is never needed.
    if (all.count() + all.added(reading.namesForCounting()) <= cap) {
      return Verdict.allow(ID);
    }
    Owners owners = Owners.of(config, facts);
    OpenBranches open = owners.everyone() ? all : all.restrictedTo(owners::judges);
    int after = open.count() + open.added(reading.namesForCounting());
    if (after <= cap) {
      return Verdict.allow(ID);
    }
    return refusal(reading, open, after, tips, scope, facts);
  }

  private Verdict refusal(Creations.Reading reading, OpenBranches open, int after,
      List<BranchTip> tips, Scope scope, Facts facts) {
    int cap = config.wip().cap();
    StringBuilder reason = new StringBuilder("Creating ").append(Texts.describe(reading))
        .append(" would make ").append(after).append(" open work branches; branches.wip.cap is ")
        .append(cap).append(" and ").append(open.count()).append(" are open already.");
    if (open.leftOut() > 0) {
      reason.append(" Not counted: ").append(open.leftOut()).append(open.leftOut() == 1
          ? " branch" : " branches").append(" of other people (branches.scope: own).");
    }
    List<Finding> findings = new ArrayList<>();
    List<String> commands = new ArrayList<>();
    Optional<BranchInventory> inventory = Scopes.inventory(facts);
    if (inventory.isPresent()) {
      Instant now = facts.get(Facts.NOW);
      Listing listing = facts.memo().get(
          Memo.Key.pure(LISTING, inventory.get(), open, scope.defaultBranch(), config),
          () -> Listing.of(inventory.get(), open, scope, config, facts));
      for (BranchRecord shown : listing.shown()) {
        findings.add(BranchLines.finding(shown, now));
      }
      Texts.appendLostWork(reason, listing.nowhere(), now, Pushing.of(facts, config.remote()));
      reason.append("\n\nOpen branches, finished ones first:\n")
          .append(String.join("\n", BranchLines.listLines(listing.shown(), listing.total(), now,
              config.remote())));
      if (listing.anyFinished()) {
        commands.add("groundskeeper branch clean");
      }
    } else {
      List<String> names = new ArrayList<>();
      for (BranchTip tip : tips) {
        if (open.contains(tip.name())) {
          names.add(tip.name());
          if (findings.size() < BranchLines.MAX_LINES) {
            findings.add(Finding.of(Finding.Kind.BRANCH, tip.name()));
          }
        }
      }
      reason.append("\n\nOpen branches: ").append(String.join(", ", names.subList(0,
          Math.min(names.size(), BranchLines.MAX_LINES))));
      if (names.size() > BranchLines.MAX_LINES) {
        reason.append(" and ").append(names.size() - BranchLines.MAX_LINES).append(" more");
      }
    }
    String description = "Bring the count below the cap before creating a branch: delete the"
        + " finished branches (`groundskeeper branch clean` deletes every one proven merged),"
        + " or finish a branch and merge it, or continue the work on one of the open branches."
        + " Parking does not lower the count. A person's own branches can be taken out of the"
        + " count with branches.exempt; raising branches.wip.cap is a person's decision.";
    Verdict verdict = Verdict.deny(ID, BranchPrinciple.appendTo(reason.toString()),
        new Remedy(description, commands));
    return verdict.withFindings(findings);
  }
}
