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
import dev.groundskeeper.api.repo.BranchTip;
import dev.groundskeeper.api.repo.Containment;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.shell.DeletedBranch;
import dev.groundskeeper.api.shell.Script;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Deleting a branch on the remote: never the default branch, an integration line, an exempt
 * branch or a protected name; any other branch only when its remote-tracking tip is contained in
 * the remote's default branch or in one of the remote's integration lines.
 */
@dev.groundskeeper.api.LossGuard
final class RemoteDeleteRule implements Rule {

  static final String ID = "branches.remote-delete";

  static final RuleInfo INFO = new RuleInfo(ID, "Remote branch deletion with integration lines",
      "Refuses deleting the default branch, an integration line, an exempt or a protected branch"
          + " on the remote, and any branch whose remote tip is not merged into the remote's"
          + " default branch or an integration line.",
      Mode.BLOCK, Set.of(Event.CommandEvent.class), "rules/" + ID + ".md");

  private final BranchesConfig config;

  RemoteDeleteRule(BranchesConfig config) {
    this.config = config;
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
    String remote = config.remote();
    List<DeletedBranch> deletes = new ArrayList<>();
    for (DeletedBranch deleted : script.deletedBranches()) {
      if (deleted.route() == DeletedBranch.Route.PUSH_DELETE
          && deleted.remote().filter(remote::equals).isPresent()) {
        deletes.add(deleted);
      }
    }
    if (deletes.isEmpty()) {
      return Verdict.notApplicable(ID);
    }
    Scope scope = Scopes.of(config, facts);
    Map<String, String> trackingTips = new HashMap<>();
    for (BranchTip tip : facts.get(RepoFacts.BRANCH_TIPS)) {
      tip.remoteTip().ifPresent(remoteTip -> trackingTips.put(tip.name(), remoteTip));
    }
    List<String> refused = new ArrayList<>();
    List<String> unproven = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    Map<String, String> toProve = new LinkedHashMap<>();
    for (DeletedBranch deleted : deletes) {
      if (!deleted.name().isStatic()) {
        unproven.add("- `" + deleted.name().source() + "`: the name is only known when the"
            + " command runs");
        findings.add(Finding.of(Finding.Kind.BRANCH, deleted.name().source()));
        continue;
      }
      String name = deleted.name().value();
      if (scope.isProtected(name)) {
        refused.add("- " + name + ": " + scope.protectionReason(name));
        findings.add(new Finding(Finding.Kind.BRANCH, name, "protected"));
      } else if (!trackingTips.containsKey(name)) {
        unproven.add("- " + name + ": there is no refs/remotes/" + remote + "/" + name
            + " to prove it by (git fetch " + remote + " first)");
        findings.add(new Finding(Finding.Kind.BRANCH, name, "no tracking ref"));
      } else {
        toProve.put(name, trackingTips.get(name));
      }
    }
    if (!toProve.isEmpty()) {
      // One scan for every named branch: a forty-branch delete costs what a single one does.
      Map<String, Containment> held = facts.get(RepoFacts.QUERIES).containment(
          new LinkedHashSet<>(toProve.values()), Deletions.refsDeletedBy(script, remote));
      toProve.forEach((name, tip) -> {
        Containment containment = held.get(tip);
        if (containment == null || !mergedIntoTarget(containment, scope, config)) {
          unproven.add("- " + name + ": its remote tip " + ForceRemovalRule.abbreviate(tip)
              + " is in neither " + remote + "/" + scope.defaultBranch()
              + " nor an integration line");
          findings.add(new Finding(Finding.Kind.BRANCH, name, "not merged on the remote"));
        }
      });
    }
    if (refused.isEmpty() && unproven.isEmpty()) {
      return Verdict.allow(ID);
    }
    StringBuilder reason = new StringBuilder("This deletes branches on " + remote
        + " that must stay:");
    if (!refused.isEmpty()) {
      reason.append("\nNever deleted by an agent:\n").append(String.join("\n", refused));
    }
    if (!unproven.isEmpty()) {
      reason.append("\nNot proven merged on ").append(remote).append(":\n")
          .append(String.join("\n", unproven));
    }
    Remedy remedy = unproven.isEmpty()
        // Nothing to merge or fetch: only a person deletes these, so no command is offered.
        ? new Remedy("Leave these branches on " + remote + "; deleting them is a person's"
            + " decision.", List.of())
        : new Remedy("Merge the branch into " + scope.defaultBranch() + " or an integration"
            + " line and push that first, then delete it; refresh the tracking refs if the merge"
            + " happened elsewhere." + (refused.isEmpty() ? ""
                : " Deleting a protected branch is a person's decision."),
            List.of("git fetch " + BranchLines.word(remote)));
    return Verdict.deny(ID, reason.toString(), remedy).withFindings(findings);
  }

  /**
   * True when a remote-tracking ref of the default branch or of an integration line holds the
   * tip: the one proof this rule accepts, shared with the sweep so that it offers the delete
   * exactly when this rule would allow it.
   */
  static boolean mergedIntoTarget(Containment held, Scope scope, BranchesConfig config) {
    String prefix = "refs/remotes/" + config.remote() + "/";
    for (String ref : held.refsUnder(prefix)) {
      String branch = ref.substring(prefix.length());
      if (branch.equals(scope.defaultBranch())
          || PathGlob.anyMatchesWhole(config.integrationLines(), branch)) {
        return true;
      }
    }
    return false;
  }
}
