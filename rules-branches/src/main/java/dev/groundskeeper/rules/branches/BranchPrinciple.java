package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.API;

/**
 * The one text every refusal of the WIP cap, dormancy, the stop guard, force removal and
 * evacuation ends with, so its wording cannot drift between rules.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class BranchPrinciple {

  /** Why branch limits exist, and the only acceptable ways to stay within them. */
  public static final String TEXT = "Why this limit exists: so that work gets finished, never so"
      + " that it vanishes. Stay within it by finishing a branch (merge it), parking it with a"
      + " reason, or deleting it only where Groundskeeper proves no commit is lost. Work for"
      + " another lane belongs on that lane's branch, not on a new one. A patch or copy kept in"
      + " an ignored or untracked directory is lost work, not compliance. If staying within the"
      + " limit seems to mean losing work, stop and ask a human.";

  private BranchPrinciple() {}

  /** {@code reason}, a blank line, and the principle. */
  static String appendTo(String reason) {
    return reason + "\n\n" + TEXT;
  }
}
