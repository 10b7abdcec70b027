package dev.groundskeeper.examples.forcepush;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.examples.forcepush.CommandWords.Word;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Denies a force push ({@code --force}, {@code -f}, or a {@code +refspec}) that targets a
 * protected branch, and offers the same command with {@code --force-with-lease}, which refuses to
 * overwrite commits the pusher has not fetched. A lease alone is allowed; so is forcing any other
 * branch.
 *
 * <p>A forced push that names no branch updates whatever branch is checked out, which a pure rule
 * cannot see from the command: that is {@code COULD_NOT_JUDGE}, with a request to name the branch.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class ProtectedForcePushRule implements Rule {

  public static final String ID = "example.protected-force-push";

  private static final RuleInfo INFO = new RuleInfo(ID,
      "Protected branches are not force-pushed",
      "Denies git push --force, -f or +refspec to a protected branch; --force-with-lease is "
          + "allowed.",
      Mode.BLOCK, Set.of(Event.CommandEvent.class), "rules/" + ID + ".md");

  private static final String LEASE = "--force-with-lease";
  private static final String HEADS = "refs/heads/";

  private final Set<String> protectedBranches;

  public ProtectedForcePushRule(List<String> protectedBranches) {
    this.protectedBranches = Set.copyOf(protectedBranches);
  }

  @Override
  public RuleInfo info() {
    return INFO;
  }

  @Override
  public Verdict evaluate(Event event, Facts facts) {
    if (!(event instanceof Event.CommandEvent commandEvent)) {
      return Verdict.notApplicable(ID);
    }
    String command = commandEvent.command();
    GitPush.Found found = GitPush.in(command);
    if (found.pushes().isEmpty()) {
      return found.complete() || !command.contains("push") ? Verdict.notApplicable(ID)
          : Verdict.couldNotJudge(ID, "the command could not be read in full (an unclosed "
              + "quote?), so a force push in it cannot be ruled out");
    }
    Set<String> hit = new LinkedHashSet<>();
    List<Finding> findings = new ArrayList<>();
    List<GitPush> offending = new ArrayList<>();
    boolean unnamedForce = false;
    for (GitPush push : found.pushes()) {
      boolean forced = !push.forceWords().isEmpty();
      List<String> targets = new ArrayList<>();
      if (forced && push.allBranches()) {
        targets.addAll(protectedBranches.stream().sorted().toList());
      }
      for (Word refspec : push.refspecs()) {
        String spec = refspec.value();
        boolean plus = spec.startsWith("+");
        String destination = destination(plus ? spec.substring(1) : spec);
        if ((forced || plus) && protectedBranches.contains(destination)) {
          targets.add(destination);
        }
      }
      if (!targets.isEmpty()) {
        offending.add(push);
        for (String branch : targets) {
          if (hit.add(branch)) {
            findings.add(new Finding(Finding.Kind.BRANCH, branch, "force push to "
                + push.remoteName()));
          }
        }
      } else if (forced && push.refspecs().isEmpty() && !push.allBranches()) {
        unnamedForce = true;
      }
    }
    if (!offending.isEmpty()) {
      String branches = String.join(", ", hit);
      String remote = offending.get(0).remoteName();
      return Verdict.deny(ID, "A force push replaces the history of protected "
          + (hit.size() == 1 ? "branch " : "branches ") + branches + " on " + remote
          + ": commits pushed there since your last fetch would be lost.",
          Remedy.run("Push with a lease instead: it updates the branch only while " + remote
              + " still has what you last fetched.", corrected(command, offending)))
          .withFindings(findings);
    }
    if (unnamedForce) {
      return Verdict.couldNotJudge(ID, "this force push names no branch, so it updates the "
          + "checked-out one, which the command does not show; name it, as in "
          + "`git push --force-with-lease origin <branch>`");
    }
    return Verdict.allow(ID);
  }

  /** The branch a refspec updates: {@code dst} of {@code src:dst}, else the source's name. */
  private static String destination(String refspec) {
    int colon = refspec.indexOf(':');
    String ref = colon >= 0 ? refspec.substring(colon + 1) : refspec;
    return ref.startsWith(HEADS) ? ref.substring(HEADS.length()) : ref;
  }

  /**
   * The command with every offending push made safe: each forcing word becomes one
   * {@code --force-with-lease} (or goes, when the push has a lease already), each {@code +} of a
   * refspec goes, and a push forced only by {@code +} gains a lease after {@code push}.
   */
  private static String corrected(String command, List<GitPush> pushes) {
    List<Edit> edits = new ArrayList<>();
    for (GitPush push : pushes) {
      boolean leaseWritten = push.lease();
      for (Word word : push.forceWords()) {
        String replacement = "";
        if (!word.value().equals("--force")) {
          String flags = GitPush.shortFlags(word.value());
          String rest = "-" + flags.replace("f", "") + word.value().substring(1 + flags.length());
          replacement = rest.equals("-") ? "" : rest;
        }
        if (!leaseWritten) {
          // The lease goes first, so that a cluster ending in a value option keeps its value.
          replacement = replacement.isEmpty() ? LEASE : LEASE + " " + replacement;
          leaseWritten = true;
        }
        edits.add(replacement.isEmpty() ? Edit.deleteWord(command, word)
            : new Edit(word.start(), word.end(), replacement));
      }
      for (Word refspec : push.refspecs()) {
        int plus = command.indexOf('+', refspec.start());
        if (refspec.value().startsWith("+") && plus >= 0 && plus < refspec.end()) {
          edits.add(new Edit(plus, plus + 1, ""));
        }
      }
      if (!leaseWritten) {
        edits.add(new Edit(push.push().end(), push.push().end(), " " + LEASE));
      }
    }
    StringBuilder text = new StringBuilder(command);
    edits.sort(Comparator.comparingInt(Edit::start).reversed());
    for (Edit edit : edits) {
      text.replace(edit.start(), edit.end(), edit.replacement());
    }
    return text.toString();
  }

  private record Edit(int start, int end, String replacement) {

    /** Removes a word and the blank before it. */
    static Edit deleteWord(String command, Word word) {
      int start = word.start();
      while (start > 0 && command.charAt(start - 1) == ' ') {
        start--;
      }
      return new Edit(start, word.end(), "");
    }
  }
}
