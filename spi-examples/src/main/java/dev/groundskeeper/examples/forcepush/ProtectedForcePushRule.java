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
import dev.groundskeeper.api.files.PathGlob;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.RepositoryLayout;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Shell;
import dev.groundskeeper.api.shell.Word;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Denies a force push ({@code --force}, {@code -f}, or a {@code +refspec}) that updates a
 * protected branch, and offers the same command with {@code --force-with-lease}, which refuses to
 * overwrite commits the pusher has not fetched. A lease alone is allowed; so is forcing any other
 * branch.
 *
 * <p>The command is read with the shared shell model ({@link Shell}), so pushes inside chains,
 * subshells, substitutions and {@code sh -c} strings are all seen. A forced push naming no branch
 * updates the checked-out branch, read from {@link RepoFacts#LAYOUT}; where that cannot be known
 * (outside a repository, after a {@code cd}, a branch held in a variable) the rule answers
 * {@code COULD_NOT_JUDGE} and asks for the branch to be named.
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
  private static final String NAME_IT = "name it, as in `git push --force-with-lease origin "
      + "<branch>`";

  private final List<String> protectedBranches;

  /** {@code protectedBranches} are names or globs ({@code release/*}, see {@link BranchGlob}). */
  public ProtectedForcePushRule(List<String> protectedBranches) {
    this.protectedBranches = List.copyOf(protectedBranches);
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
    Script script = Shell.parse(command);
    List<GitPush> pushes = GitPush.in(script);
    if (pushes.isEmpty()) {
      return script.complete() || !command.contains("push") ? Verdict.notApplicable(ID)
          : Verdict.couldNotJudge(ID, "the command could not be read in full ("
              + script.problems().get(0).reason() + "), so a force push in it cannot be ruled "
              + "out");
    }
    Map<String, String> hit = new LinkedHashMap<>();
    List<GitPush> offending = new ArrayList<>();
    Optional<String> unknown = Optional.empty();
    for (GitPush push : pushes) {
      Targets targets = targets(push, facts);
      if (!targets.branches().isEmpty()) {
        offending.add(push);
        targets.branches().forEach(branch -> hit.putIfAbsent(branch, push.remoteName()));
      } else if (unknown.isEmpty()) {
        unknown = targets.unknown();
      }
    }
    if (!offending.isEmpty()) {
      return denial(command, hit, offending);
    }
    return unknown.map(why -> Verdict.couldNotJudge(ID, why)).orElse(Verdict.allow(ID));
  }

  /** The protected branches a push forces, or why they cannot be known. */
  private record Targets(List<String> branches, Optional<String> unknown) {}

  private Targets targets(GitPush push, Facts facts) {
    boolean forced = !push.forceWords().isEmpty();
    List<String> branches = new ArrayList<>();
    if (forced && push.allBranches()) {
      branches.addAll(protectedBranches);
    }
    boolean checkedOut = forced && push.refspecs().isEmpty() && !push.allBranches();
    for (Word refspec : push.refspecs()) {
      boolean plus = refspec.value().startsWith("+");
      if (!forced && !plus) {
        continue;
      }
      if (!refspec.isStatic()) {
        return new Targets(List.of(), Optional.of("this force push updates `" + refspec.source()
            + "`, known only when the command runs; " + NAME_IT));
      }
      String destination = destination(plus ? refspec.value().substring(1) : refspec.value());
      if (destination.equals("HEAD")) {
        checkedOut = true;
      } else if (PathGlob.anyMatchesWhole(protectedBranches, destination)) {
        branches.add(destination);
      }
    }
    if (checkedOut) {
      Optional<RepositoryLayout.Head> head = headWherePushRuns(push, facts);
      if (head.isEmpty() && branches.isEmpty()) {
        return new Targets(List.of(), Optional.of("this force push updates the checked-out "
            + "branch, which cannot be known here; " + NAME_IT));
      }
      // A detached HEAD pushed without a refspec updates nothing: git refuses.
      head.flatMap(RepositoryLayout.Head::branch)
          .filter(branch -> PathGlob.anyMatchesWhole(protectedBranches, branch))
          .ifPresent(branches::add);
    }
    return new Targets(List.copyOf(branches), Optional.empty());
  }

  /** HEAD where the push runs, when the repository facts say (not after a move elsewhere). */
  private static Optional<RepositoryLayout.Head> headWherePushRuns(GitPush push, Facts facts) {
    if (!push.git().directory().isStart()) {
      return Optional.empty();
    }
    return facts.find(RepoFacts.LAYOUT).map(RepositoryLayout::head);
  }

  /** The branch a refspec updates: {@code dst} of {@code src:dst}, else the source's name. */
  private static String destination(String refspec) {
    int colon = refspec.indexOf(':');
    String ref = colon >= 0 ? refspec.substring(colon + 1) : refspec;
    return ref.startsWith(HEADS) ? ref.substring(HEADS.length()) : ref;
  }

  private static Verdict denial(String command, Map<String, String> hit,
      List<GitPush> offending) {
    String remote = hit.values().iterator().next();
    String branches = String.join(", ", hit.keySet());
    List<Finding> findings = new ArrayList<>();
    hit.forEach((branch, to) -> findings.add(new Finding(Finding.Kind.BRANCH, branch,
        "force push to " + to)));
    return Verdict.deny(ID, "A force push replaces the history of protected "
            + (hit.size() == 1 ? "branch " : "branches ") + branches + " on " + remote
            + ": commits pushed there since your last fetch would be lost.",
            Remedy.run("Push with a lease instead: it updates the branch only while " + remote
                + " still has what you last fetched.", corrected(command, offending)))
        .withFindings(findings);
  }

  /**
   * The command with every offending push made safe: each forcing word becomes one
   * {@code --force-with-lease} (or goes, when the push has a lease already), each {@code +} of a
   * refspec goes, and a push forced only by {@code +} gains a lease after {@code push}. When a
   * push's words cannot be mapped back onto the text (a push inside an {@code sh -c} string), the
   * corrected push is given on its own.
   */
  private static String corrected(String command, List<GitPush> pushes) {
    Map<Word, String> rewritten = new IdentityHashMap<>();
    Map<Word, String> appended = new IdentityHashMap<>();
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
        rewritten.put(word, replacement);
      }
      for (Word refspec : push.refspecs()) {
        if (refspec.value().startsWith("+")) {
          rewritten.put(refspec, refspec.source().replaceFirst("\\+", ""));
        }
      }
      if (!leaseWritten) {
        appended.put(push.pushWord(), " " + LEASE);
      }
    }
    boolean mappable = true;
    for (GitPush push : pushes) {
      for (Word word : push.git().command().words()) {
        mappable &= word.end() <= command.length()
            && command.substring(word.start(), word.end()).equals(word.source());
      }
    }
    if (!mappable) {
      List<String> alone = new ArrayList<>();
      for (GitPush push : pushes) {
        StringBuilder text = new StringBuilder();
        for (Word word : push.git().command().words()) {
          String shown = rewritten.getOrDefault(word, word.source());
          if (!shown.isEmpty()) {
            text.append(text.length() == 0 ? "" : " ").append(shown);
          }
          text.append(appended.getOrDefault(word, ""));
        }
        alone.add(text.toString());
      }
      return String.join(" && ", alone);
    }
    List<Edit> edits = new ArrayList<>();
    rewritten.forEach((word, replacement) -> edits.add(replacement.isEmpty()
        ? Edit.deleteWord(command, word) : new Edit(word.start(), word.end(), replacement)));
    appended.forEach((word, text) -> edits.add(new Edit(word.end(), word.end(), text)));
    StringBuilder text = new StringBuilder(command);
    edits.sort(Comparator.comparingInt(Edit::start).reversed());
    for (Edit edit : edits) {
      text.replace(edit.start(), edit.end(), edit.replacement());
    }
    return text.toString();
  }

  private record Edit(int start, int end, String replacement) {

    /** Removes a word and the blanks before it. */
    static Edit deleteWord(String command, Word word) {
      int start = word.start();
      while (start > 0 && command.charAt(start - 1) == ' ') {
        start--;
      }
      return new Edit(start, word.end(), "");
    }
  }
}
