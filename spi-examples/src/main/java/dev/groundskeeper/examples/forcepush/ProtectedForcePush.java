package dev.groundskeeper.examples.forcepush;

// snippet: simple-rule
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.ProvidesRules;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.rules.CommandRule;
import dev.groundskeeper.api.rules.Judgement;
import dev.groundskeeper.api.rules.RuleSet;
import dev.groundskeeper.api.shell.GitPush;
import java.util.List;

/** Denies a force push to main, master or release/*; the way out is the push with a lease. */
@ProvidesRules(namespace = "example", ids = ProtectedForcePush.ID)
public final class ProtectedForcePush extends RuleSet {

  static final String ID = "example.protected-force-push";
  static final List<String> PROTECTED = List.of("main", "master", "release/*");

  static final CommandRule RULE = CommandRule.define(ID, "Protected branches are not force-pushed",
          "Denies git push --force, -f or +refspec to main, master or release/*.")
      .unreadable("a force push in it cannot be ruled out", "push")
      .judging(GitPush::in, (push, facts) -> push.forcedBranches(PROTECTED, facts)
          .map(hit -> hit.isEmpty() ? Judgement.pass() : Judgement.deny("A force push replaces "
                  + "the history of " + String.join(", ", hit) + " on " + push.remoteName()
                  + ": commits pushed there since your last fetch would be lost.",
              Remedy.run("Push with a lease: it updates only what you last fetched.",
                  push.withLease()))
              .about(Finding.Kind.BRANCH, hit, "force push to " + push.remoteName()))
          .orElse(Judgement.unknown("the branch this force push updates cannot be known before "
              + "it runs; name it, as in `git push --force-with-lease origin <branch>`")));

  public ProtectedForcePush() {
    super(RULE);
  }
}
// end snippet
