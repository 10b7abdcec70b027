package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.files.PathGlob;
import dev.groundskeeper.api.FactUnavailableException;
import dev.groundskeeper.api.repo.BranchInventory;
import dev.groundskeeper.api.repo.Containment;
import dev.groundskeeper.api.repo.BranchRecord;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.api.repo.RepoFacts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The branch section of a sweep: idle branches no remote holds first, then the count against the
 * cap, the branches by state, finished branches with their delete commands, idle branches by
 * stage, branches abandoned at a stop, branches far behind the default, and long-lived names that
 * look like integration lines but are not declared as such.
 */
final class SweepRule implements Rule {

  static final String ID = "branches.sweep";

  /** Names that usually are long-lived lines; offered for declaration, never assumed. */
  private static final Pattern LOOKS_LIKE_A_LINE =
      Pattern.compile("(release|epic|develop|hotfix).*", Pattern.CASE_INSENSITIVE);

  static final RuleInfo INFO = new RuleInfo(ID, "Branch sweep",
      "Reports the branch inventory: lost-work risks, the count against the cap, finished"
          + " branches with their delete commands, idle branches and undeclared lines.",
      Mode.ON, Set.of(Event.SweepRequest.class), "rules/" + ID + ".md");

  private final BranchesConfig config;

  SweepRule(BranchesConfig config) {
    this.config = config;
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    if (!(event instanceof Event.SweepRequest)) {
      return Verdict.notApplicable(ID);
    }
    // Outside a repository no source offers branches: there is nothing to report, not a fault.
    Optional<BranchInventory> found = facts.find(RepoFacts.BRANCHES);
    if (found.isEmpty()) {
      return Verdict.notApplicable(ID);
    }
    BranchInventory inventory = found.get();
    Scope scope = Scopes.of(config, facts);
    Instant now = facts.get(Facts.NOW);
    String remote = config.remote();
    Pushing pushing = Pushing.of(facts, remote);
    Owners owners = Owners.of(config, facts);
    OpenBranches all = OpenBranches.of(facts.get(RepoFacts.BRANCH_TIPS), scope,
        config.wip().countRemote());
    OpenBranches open = owners.everyone() ? all : all.restrictedTo(owners::judges);
    List<BranchRecord> work = new ArrayList<>();
    List<BranchRecord> others = new ArrayList<>();
    Map<BranchState, Integer> byState = new EnumMap<>(BranchState.class);
    for (BranchRecord record : inventory.branches()) {
      byState.merge(record.state(), 1, Integer::sum);
      if (scope.isWork(record.name())) {
        // commits no remote holds are this clone's to save, whoever wrote them
        (owners.judges(record.name()) || BranchLines.containedNowhere(record) ? work : others)
            .add(record);
      }
    }
    List<BranchLedger.Abandoned> abandoned = facts.find(BranchLedger.FACT)
        .map(BranchLedger::abandoned).orElse(List.of());
    List<String> undeclared = undeclaredLines(inventory, scope);
    if (work.isEmpty() && others.isEmpty() && abandoned.isEmpty() && undeclared.isEmpty()) {
      return Verdict.allow(ID);
    }
    StringBuilder text = new StringBuilder("Branches: ").append(open.count())
        .append(" open of branches.wip.cap ").append(config.wip().cap())
        .append(others.isEmpty() ? "" : " (this clone's only)")
        // The open count is over distinct tips; the breakdown is over names (a local branch and
        // its remote copy are one name, a branch only on the remote is one too), so it is
        // labelled as its own population rather than presented as a sum.
        .append("; the ").append(inventory.branches().size())
        .append(inventory.branches().size() == 1 ? " branch" : " branches")
        .append(pushing.possible() ? " here and on " + remote : " here (no remote named "
            + remote + " is configured)").append(": ")
        .append(states(byState));
    if (!others.isEmpty()) {
      text.append("\n\n").append(othersWork(others, owners));
    }
    if (owners.identityMissing()) {
      text.append("\n\n").append(Owners.IDENTITY_HINT);
    }
    List<String> lost = Texts.lostWork(work, now, pushing);
    if (!lost.isEmpty()) {
      text.append("\n\n").append(Texts.lostWorkHeading(pushing)).append('\n')
          .append(String.join("\n", lost));
    }
    List<String> commands = new ArrayList<>();
    List<String> finished = new ArrayList<>();
    Optional<Set<String>> provable = provableOnRemote(work, scope, facts);
    for (BranchRecord record : work) {
      if (record.state().merged()) {
        String command = record.remoteOnly() && provable.isPresent()
            ? BranchLines.remoteDelete(record, remote, provable.get().contains(record.name()))
            : BranchLines.deleteCommand(record, remote);
        finished.add("- " + BranchLines.line(record, now) + ": " + command);
      }
    }
    if (!finished.isEmpty()) {
      text.append("\n\nFinished, not deleted (groundskeeper branch clean deletes them):\n")
          .append(String.join("\n", finished));
      commands.add("groundskeeper branch clean --dry-run");
    }
    List<String> idle = new ArrayList<>();
    for (BranchRecord record : work) {
      if (record.state() == BranchState.DORMANT) {
        idle.add("- " + BranchLines.line(record, now));
      }
    }
    if (!idle.isEmpty()) {
      text.append("\n\nIdle:\n").append(String.join("\n", idle));
    }
    List<String> behind = new ArrayList<>();
    for (BranchRecord record : work) {
      if (record.behind().isPresent() && !record.state().merged()
          && record.behind().getAsInt() >= config.sweep().behindThreshold()) {
        behind.add("- " + record.name() + ": " + record.behind().getAsInt() + " commits behind "
            + scope.defaultBranch());
      }
    }
    if (!behind.isEmpty()) {
      text.append("\n\nFar behind the default branch (branches.sweep.behind_threshold ")
          .append(config.sweep().behindThreshold()).append("):\n")
          .append(String.join("\n", behind));
    }
    if (!abandoned.isEmpty()) {
      text.append("\n\nLeft behind at a stop:");
      for (BranchLedger.Abandoned record : abandoned) {
        text.append("\n- ").append(record.branch()).append(": ").append(record.check())
            .append(" (").append(whoStopped(record.actor())).append(", ")
            .append(record.at().truncatedTo(java.time.temporal.ChronoUnit.SECONDS)).append(')');
      }
    }
    if (!undeclared.isEmpty()) {
      text.append("\n\nThese look like long-lived lines; if they are, declare them in"
          + " branches.integration_lines so they are never counted or deleted:\n- ")
          .append(String.join("\n- ", undeclared));
    }
    if (!inventory.complete()) {
      text.append("\n\nThe inventory stopped at its scan bound (branches.sweep.budget_ms);"
          + " some branches are not yet classified and read as not proven merged.");
    }
    List<Finding> findings = new ArrayList<>();
    for (BranchRecord record : work) {
      findings.add(BranchLines.finding(record, now));
    }
    Verdict verdict = Verdict.advise(ID, text.toString()).withFindings(findings);
    return commands.isEmpty() ? verdict
        : verdict.withRemedy(new Remedy("See what the clean would delete:", commands));
  }

  /**
   * The finished branches only on the remote whose deletion the remote-delete guard would allow,
   * proven as it proves them (one containment scan for all); empty when the scan cannot be made,
   * and then the sweep points at branch clean instead.
   */
  private Optional<Set<String>> provableOnRemote(List<BranchRecord> work, Scope scope,
      Facts facts) {
    Map<String, String> tips = new java.util.LinkedHashMap<>();
    for (BranchRecord record : work) {
      if (record.state().merged() && record.remoteOnly()) {
        tips.put(record.name(), record.remoteTip().orElseThrow());
      }
    }
    if (tips.isEmpty()) {
      return Optional.of(Set.of());
    }
    Map<String, Containment> held;
    try {
      held = facts.get(RepoFacts.QUERIES).containment(new java.util.LinkedHashSet<>(
          tips.values()), Set.of());
    } catch (FactUnavailableException e) {
      return Optional.empty();
    }
    Set<String> provable = new java.util.HashSet<>();
    tips.forEach((name, tip) -> {
      Containment c = held.get(tip);
      if (c != null && RemoteDeleteRule.mergedIntoTarget(c, scope, config)) {
        provable.add(name);
      }
    });
    return Optional.of(provable);
  }

  /** How many examples of others' branches the sweep names; the rest are counted by state. */
  static final int OTHERS_SHOWN = 3;

  /**
   * Colleagues' branches in a few lines: a count by state and a few names with their authors.
   * They are theirs to finish or delete, so no command is offered for them.
   */
  static String othersWork(List<BranchRecord> others, Owners owners) {
    Map<BranchState, Integer> byState = new EnumMap<>(BranchState.class);
    for (BranchRecord record : others) {
      byState.merge(record.state(), 1, Integer::sum);
    }
    List<String> examples = new ArrayList<>();
    for (BranchRecord record : others.subList(0, Math.min(OTHERS_SHOWN, others.size()))) {
      examples.add(record.name() + owners.author(record.name()).map(a -> " by " + a).orElse(""));
    }
    return "Others' work (branches.scope: own; not counted, never staged or blocking): "
        + others.size() + (others.size() == 1 ? " branch" : " branches") + " (" + states(byState)
        + "), e.g. " + String.join(", ", examples)
        + (others.size() > examples.size() ? " and " + (others.size() - examples.size())
            + " more" : "")
        + ". They are their authors' to finish or delete; set branches.scope: all to judge them"
        + " here too.";
  }

  /** A recorded {@code <session>:<agent>} as words; the agent is empty for a main thread. */
  static String whoStopped(String actor) {
    int colon = actor.lastIndexOf(':');
    if (colon < 0) {
      return "session " + actor;
    }
    String session = actor.substring(0, colon);
    String agent = actor.substring(colon + 1);
    return agent.isEmpty() ? "session " + session : "session " + session + ", agent " + agent;
  }

  private static String states(Map<BranchState, Integer> byState) {
    List<String> parts = new ArrayList<>();
    for (Map.Entry<BranchState, Integer> entry : byState.entrySet()) {
      parts.add(entry.getValue() + " " + entry.getKey().name().toLowerCase(Locale.ROOT)
          .replace('_', ' '));
    }
    return String.join(", ", parts);
  }

  private List<String> undeclaredLines(BranchInventory inventory, Scope scope) {
    List<String> names = new ArrayList<>();
    for (BranchRecord record : inventory.branches()) {
      String name = record.name();
      Optional<String> firstSegment = Optional.of(name.contains("/")
          ? name.substring(0, name.indexOf('/')) : name);
      if (scope.isWork(name) && firstSegment.filter(s -> LOOKS_LIKE_A_LINE.matcher(s).matches())
          .isPresent() && !PathGlob.anyMatchesWhole(config.integrationLines(), name)) {
        names.add(name);
      }
    }
    return names;
  }
}
