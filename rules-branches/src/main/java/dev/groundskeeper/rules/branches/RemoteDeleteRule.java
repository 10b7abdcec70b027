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
 * branch or a protected name; under {@code branches.scope: own} never someone else's branch
 * (its owner decides, merged or not); any other branch only when its remote-tracking tip is
 * contained in the remote's default branch or in one of the remote's integration lines. A refused
 * branch whose commits no other ref of this clone holds is named as a loss for everyone, with the
 * command that keeps a copy.
 */
@dev.groundskeeper.api.LossGuard
final class RemoteDeleteRule implements Rule {

  static final String ID = "branches.remote-delete";

  static final RuleInfo INFO = new RuleInfo(ID, "Remote branch deletion with integration lines",
      "Refuses deleting the default branch, an integration line, an exempt or a protected branch"
          + " on the remote, someone else's branch under branches.scope: own, and any branch"
          + " whose remote tip is not merged into the remote's default branch or an integration"
          + " line.",
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
    List<String> theirs = new ArrayList<>();
    List<String> unproven = new ArrayList<>();
    List<String> keep = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    Map<String, String> toProve = new LinkedHashMap<>();
    Owners owners = null;
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
        if (owners == null) {
          owners = Owners.of(config, facts);
        }
        if (owners.judges(name)) {
          toProve.put(name, trackingTips.get(name));
        } else {
          theirs.add("- " + name + ": " + owners.author(name).map(a -> "authored by " + a)
              .orElse("not this clone's") + ", with no creator or touch record here");
          findings.add(new Finding(Finding.Kind.BRANCH, name, "someone else's work"));
        }
      }
    }
    if (!toProve.isEmpty()) {
      // One scan for every named branch: a forty-branch delete costs what a single one does.
      Map<String, Containment> held = facts.get(RepoFacts.QUERIES).containment(
          new LinkedHashSet<>(toProve.values()), Deletions.refsDeletedBy(script, remote));
      toProve.forEach((name, tip) -> {
        Containment containment = held.get(tip);
        if (containment == null || !mergedIntoTarget(containment, scope, config)) {
          boolean heldNowhere = containment != null && containment.complete()
              && !containment.containedElsewhere();
          unproven.add("- " + name + ": its remote tip " + ForceRemovalRule.abbreviate(tip)
              + " is in neither " + remote + "/" + scope.defaultBranch()
              + " nor an integration line" + (heldNowhere ? "; no other branch, tag or"
                  + " remote-tracking ref holds it, so deleting it loses those commits for"
                  + " everyone" : ""));
          findings.add(new Finding(Finding.Kind.BRANCH, name, heldNowhere
              ? "not merged on the remote, held by no other ref" : "not merged on the remote"));
          if (heldNowhere) {
            keep.add("git branch " + BranchLines.word(keptName(tip)) + " "
                + BranchLines.word("refs/remotes/" + remote + "/" + name));
          }
        }
      });
    }
    if (refused.isEmpty() && theirs.isEmpty() && unproven.isEmpty()) {
      return Verdict.allow(ID);
    }
    StringBuilder reason = new StringBuilder("This deletes branches on " + remote
        + " that must stay:");
    if (!refused.isEmpty()) {
      reason.append("\nNever deleted by an agent:\n").append(String.join("\n", refused));
    }
    if (!theirs.isEmpty()) {
      reason.append("\nSomeone else's work (branches.scope: own), merged or not: deleting it on"
          + " the shared remote is its owner's decision:\n").append(String.join("\n", theirs));
      if (owners != null && owners.identityMissing()) {
        reason.append("\ngit has no user.email in this repository, so your own pushed branches"
            + " without a record read as someone else's: git config user.email"
            + " <you@example.com>");
      }
    }
    if (!unproven.isEmpty()) {
      reason.append("\nNot proven merged on ").append(remote).append(":\n")
          .append(String.join("\n", unproven));
    }
    StringBuilder description = new StringBuilder();
    List<String> commands = new ArrayList<>();
    if (!keep.isEmpty()) {
      description.append("First keep a copy of the commits no other ref holds (a local branch"
          + " at the remote tip; it does not make the deletion pass). ");
      commands.addAll(keep);
    }
    if (!unproven.isEmpty()) {
      description.append("Merge the branch into ").append(scope.defaultBranch())
          .append(" or an integration line and push that first, then delete it; refresh the"
              + " tracking refs if the merge happened elsewhere.");
      commands.add("git fetch " + BranchLines.word(remote));
    }
    if (!theirs.isEmpty()) {
      description.append(description.length() == 0 ? "" : " ").append("Leave others' branches"
          + " on ").append(remote).append(" for their owners to delete (branches.scope: all"
              + " judges every branch as yours, for a repository only you push to).");
    }
    if (!refused.isEmpty()) {
      // Nothing to merge or fetch: only a person deletes these, so no command is offered.
      description.append(description.length() == 0
          ? "Leave these branches on " + remote + "; deleting them is a person's decision."
          : " Deleting a protected branch is a person's decision.");
    }
    Remedy remedy = new Remedy(description.toString(), List.copyOf(commands));
    return Verdict.deny(ID, reason.toString(), remedy).withFindings(findings);
  }

  /** The branch a refusal offers to keep commits held nowhere else in, as changes.force-push. */
  static String keptName(String tip) {
    return "groundskeeper/kept-" + tip.substring(0, Math.min(7, tip.length()));
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
