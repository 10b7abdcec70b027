package dev.groundskeeper.rules.branches.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Effect;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.api.repo.RepoEffect;
import dev.groundskeeper.git.EffectExecutor;
import dev.groundskeeper.git.EffectResult;
import dev.groundskeeper.rules.branches.BranchPrinciple;
import dev.groundskeeper.rules.branches.BranchRules;
import dev.groundskeeper.rules.branches.BranchesConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The branch rules on real repositories, with their facts read by the git module: every rule runs
 * as the engine runs it, and effects are performed by the git module's executor.
 */
class RealRepositoryTest {

  @TempDir
  Path temp;

  private static BranchesConfig config(int cap, BranchesConfig.Preset preset) {
    BranchesConfig d = BranchesConfig.DEFAULTS;
    return new BranchesConfig("auto", "origin", List.of("release/*"), List.of("users/**"),
        d.protectedNames(), new BranchesConfig.Wip(cap, Mode.BLOCK, true), d.duplicates(),
        new BranchesConfig.Dormancy(preset, Optional.empty(), Optional.empty(), Optional.empty(),
            Mode.BLOCK), d.stopGuard(), d.forceRemoval(), d.evacuation(), d.cleanupAfterMerge(),
        d.sweep());
  }

  private static Decision evaluate(BranchesConfig config, GitRepo repo, Event event) {
    var builder = Policy.builder();
    for (ConfiguredRule rule : new BranchRules().rules(config)) {
      builder.rule(rule.rule(), rule.mode());
    }
    return builder.build().evaluate(event, repo.facts(config.repositorySettings()));
  }

  private static Verdict verdict(Decision decision, String ruleId) {
    return decision.verdicts().stream().filter(v -> v.ruleId().equals(ruleId)).findFirst()
        .orElseThrow(() -> new AssertionError("no verdict of " + ruleId + " in " + decision));
  }

  private static Event command(GitRepo repo, String command) {
    return new Event.CommandEvent(EventContext.of("s1", repo.work), command);
  }

  private static Event completed(GitRepo repo, String command) {
    repo.run(repo.work, "sh", "-c", command);
    return new Event.CommandCompleted(EventContext.of("s1", repo.work), command,
        OptionalInt.of(0), false);
  }

  @Test
  void theCapCountsLocalAndRemoteBranchesOnceAndLeavesExemptAndLinesOut() {
    GitRepo repo = GitRepo.create(temp);
    BranchesConfig config = config(3, BranchesConfig.Preset.STANDARD);
    for (String name : List.of("a", "b", "users/ann/spike", "release/1.0", "theirs")) {
      repo.git("switch", "-q", "-c", name, "main");
      repo.commit("work on " + name, 1);
    }
    repo.git("switch", "-q", "main");
    repo.git("push", "-q", "origin", "a", "release/1.0", "users/ann/spike");
    repo.git("switch", "-q", "a");
    repo.commit("a moved on locally", 0);
    repo.git("switch", "-q", "main");
    repo.git("push", "-q", "origin", "theirs");
    repo.git("branch", "-q", "-D", "theirs");
    repo.git("update-ref", "-d", "refs/remotes/origin/theirs");
    assertThat(verdict(evaluate(config, repo, command(repo, "git switch -c c")),
        "branches.wip-cap").outcome()).isEqualTo(Outcome.ALLOW);
    repo.git("fetch", "-q", "origin");
    Verdict refused = verdict(evaluate(config, repo, command(repo, "git switch -c c")),
        "branches.wip-cap");
    assertThat(refused.outcome()).isEqualTo(Outcome.DENY);
    assertThat(refused.reason()).contains("would make 4 open work branches",
        BranchPrinciple.TEXT);
  }

  @Test
  void dormancyStagesFollowTheCommitDatesUnderBothPresets() {
    GitRepo repo = GitRepo.create(temp);
    repo.git("switch", "-q", "-c", "old-work");
    repo.commit("old work", 8);
    repo.git("switch", "-q", "main");
    BranchesConfig standard = config(10, BranchesConfig.Preset.STANDARD);
    BranchesConfig strict = config(10, BranchesConfig.Preset.STRICT);
    Event start = new Event.SessionStart(EventContext.of("s1", repo.work),
        Event.StartSource.STARTUP);
    assertThat(verdict(evaluate(standard, repo, start), "branches.dormancy").reason())
        .contains("old-work (idle, advisory stage, CONTAINED NOWHERE");
    assertThat(verdict(evaluate(standard, repo, command(repo, "git switch -c next")),
        "branches.dormancy").outcome()).isEqualTo(Outcome.ALLOW);
    Decision strictCreation = evaluate(strict, repo, command(repo, "git switch -c next"));
    assertThat(strictCreation.outcome()).isEqualTo(Outcome.DENY);
    assertThat(verdict(strictCreation, "branches.containment").reason())
        .contains("git push -u origin old-work");
  }

  @Test
  void aParkedBranchIsNotDormantButStillCounts() {
    GitRepo repo = GitRepo.create(temp);
    repo.git("switch", "-q", "-c", "waiting");
    repo.commit("waiting work", 40);
    repo.git("switch", "-q", "main");
    BranchesConfig config = config(1, BranchesConfig.Preset.STANDARD);
    assertThat(verdict(evaluate(config, repo, command(repo, "git switch -c next")),
        "branches.dormancy").outcome()).isEqualTo(Outcome.DENY);
    List<EffectResult> parked = EffectExecutor.forDirectory(repo.work).performAll(List.of(
        new RepoEffect.ParkBranch("waiting", repo.tip("waiting"), "waits for review", "t")));
    assertThat(parked.get(0).status()).isEqualTo(EffectResult.Status.DONE);
    Decision after = evaluate(config, repo, command(repo, "git switch -c next"));
    assertThat(verdict(after, "branches.dormancy").outcome()).isEqualTo(Outcome.ALLOW);
    assertThat(verdict(after, "branches.wip-cap").outcome()).isEqualTo(Outcome.DENY);
  }

  @Test
  void theStopGuardJudgesWhatThisSessionCreatedAfterItsRecordsArePerformed() {
    GitRepo repo = GitRepo.create(temp);
    BranchesConfig config = config(10, BranchesConfig.Preset.STANDARD);
    Decision created = evaluate(config, repo, completed(repo, "git switch -q -c feature"));
    List<Effect> effects = verdict(created, "branches.stop-guard").effects();
    assertThat(effects).hasSize(2);
    EffectExecutor.forDirectory(repo.work).performAll(effects);
    repo.commit("feature work", 0);
    repo.git("switch", "-q", "main");
    Event stop = new Event.Stop(EventContext.of("s1", repo.work), false);
    Verdict refused = verdict(evaluate(config, repo, stop), "branches.stop-guard");
    assertThat(refused.outcome()).isEqualTo(Outcome.DENY);
    assertThat(refused.reason()).contains("feature: commits that no remote-tracking ref");
    assertThat(verdict(evaluate(config, repo, new Event.Stop(EventContext.of("other", repo.work),
        false)), "branches.stop-guard").outcome()).isEqualTo(Outcome.NOT_APPLICABLE);
    repo.git("push", "-q", "-u", "origin", "feature");
    assertThat(verdict(evaluate(config, repo, stop), "branches.stop-guard").outcome())
        .isEqualTo(Outcome.ALLOW);
  }

  @Test
  void forcedDeletionsNeedAHolder() {
    GitRepo repo = GitRepo.create(temp);
    BranchesConfig config = config(10, BranchesConfig.Preset.STANDARD);
    repo.git("switch", "-q", "-c", "lonely");
    repo.commit("lonely work", 0);
    repo.git("switch", "-q", "main");
    repo.git("branch", "copy", "lonely");
    assertThat(verdict(evaluate(config, repo, command(repo, "git branch -D lonely")),
        "branches.force-removal").outcome()).isEqualTo(Outcome.ALLOW);
    Verdict both = verdict(evaluate(config, repo, command(repo, "git branch -D lonely copy")),
        "branches.force-removal");
    assertThat(both.outcome()).isEqualTo(Outcome.DENY);
    assertThat(both.reason()).contains("(1 commit ahead of main): no other branch, tag or"
        + " remote-tracking ref holds this tip");
  }

  @Test
  void aForcedMoveThatDropsATipHeldNowhereIsRefusedAndAMoveThatKeepsItIsNot() {
    GitRepo repo = GitRepo.create(temp);
    BranchesConfig config = config(10, BranchesConfig.Preset.STANDARD);
    repo.git("switch", "-q", "-c", "lonely");
    repo.commit("lonely work", 0);
    repo.git("switch", "-q", "main");
    repo.git("branch", "behind", "main");
    for (String move : List.of("git branch -f lonely main", "git checkout -B lonely main",
        "git switch -C lonely main", "git branch -C main lonely")) {
      Verdict verdict = verdict(evaluate(config, repo, command(repo, move)),
          "branches.force-removal");
      assertThat(verdict.outcome()).as(move).isEqualTo(Outcome.DENY);
      assertThat(verdict.reason()).as(move).contains("- branch lonely at",
          "(1 commit ahead of main): no other branch, tag or remote-tracking ref holds this tip");
      assertThat(verdict.remedy().orElseThrow().render()).as(move)
          .contains("git push -u origin lonely");
    }
    // moving a branch forward to a start point that contains its tip loses nothing, and a
    // forced creation of a new branch moves nothing
    for (String move : List.of("git branch -f behind lonely", "git checkout -B fresh main")) {
      Outcome outcome = verdict(evaluate(config, repo, command(repo, move)),
          "branches.force-removal").outcome();
      assertThat(outcome).as(move).isNotEqualTo(Outcome.DENY);
    }
    repo.git("push", "-q", "origin", "lonely");
    repo.git("fetch", "-q", "origin");
    assertThat(verdict(evaluate(config, repo, command(repo, "git branch -f lonely main")),
        "branches.force-removal").outcome()).isEqualTo(Outcome.ALLOW);
  }

  @Test
  void withoutTheConfiguredRemoteTheContainmentTextSaysWhatToDoInsteadOnce() {
    GitRepo repo = GitRepo.create(temp);
    repo.git("remote", "remove", "origin");
    repo.git("switch", "-q", "-c", "old-work");
    repo.commit("old work", 8);
    repo.git("switch", "-q", "main");
    Event start = new Event.SessionStart(EventContext.of("s1", repo.work),
        Event.StartSource.STARTUP);
    Verdict containment = verdict(evaluate(config(10, BranchesConfig.Preset.STANDARD), repo,
        start), "branches.containment");
    assertThat(containment.outcome()).isEqualTo(Outcome.ADVISE);
    String sentence = "No remote named origin is configured";
    String message = containment.message();
    assertThat(message).contains(sentence, "old-work").doesNotContain("git push");
    assertThat(message.indexOf(sentence)).isEqualTo(message.lastIndexOf(sentence));
  }

  @Test
  void withoutTheConfiguredRemoteNoRemedySaysToPushThere() {
    GitRepo repo = GitRepo.create(temp);
    repo.git("remote", "remove", "origin");
    BranchesConfig config = config(10, BranchesConfig.Preset.STANDARD);
    Decision created = evaluate(config, repo, completed(repo, "git switch -q -c lonely"));
    EffectExecutor.forDirectory(repo.work).performAll(
        verdict(created, "branches.stop-guard").effects());
    repo.commit("lonely work", 0);
    repo.git("switch", "-q", "main");

    Verdict deletion = verdict(evaluate(config, repo, command(repo, "git branch -D lonely")),
        "branches.force-removal");
    assertThat(deletion.outcome()).isEqualTo(Outcome.DENY);
    String remedy = deletion.remedy().orElseThrow().render();
    assertThat(remedy).doesNotContain("git push")
        .contains("No remote named origin is configured, so nothing can be pushed: merge"
            + " finished work into main and keep the rest on its branch.")
        .contains("git switch main && git merge lonely");

    Verdict stop = verdict(evaluate(config, repo,
        new Event.Stop(EventContext.of("s1", repo.work), false)), "branches.stop-guard");
    assertThat(stop.outcome()).isEqualTo(Outcome.DENY);
    assertThat(stop.reason()).contains("(no remote named origin is configured: merge it)");
    assertThat(stop.remedy().orElseThrow().render()).doesNotContain("git push")
        .contains("git switch main && git merge lonely");

    Verdict sweep = verdict(evaluate(config, repo,
        new Event.SweepRequest(EventContext.of("s1", repo.work))), "branches.sweep");
    assertThat(sweep.reason()).contains("here (no remote named origin is configured)")
        .doesNotContain("git push");

    // merging it is the way out the remedies name: what is left is deleting the merged branch
    repo.git("merge", "-q", "lonely");
    Verdict merged = verdict(evaluate(config, repo,
        new Event.Stop(EventContext.of("s1", repo.work), false)), "branches.stop-guard");
    assertThat(merged.reason()).doesNotContain("no remote named").contains("lonely");
    assertThat(merged.remedy().orElseThrow().render()).contains("git branch -d lonely");
  }

  @Test
  void theSweepListsMergedBranchesWithTheirDeleteCommand() {
    GitRepo repo = GitRepo.create(temp);
    repo.git("switch", "-q", "-c", "shipped");
    repo.commit("shipped work", 2);
    repo.git("switch", "-q", "main");
    repo.git("merge", "-q", "--no-ff", "-m", "merge shipped", "shipped");
    repo.git("push", "-q", "origin", "main");
    Decision sweep = evaluate(config(10, BranchesConfig.Preset.STANDARD), repo,
        new Event.SweepRequest(EventContext.of("s1", repo.work)));
    assertThat(verdict(sweep, "branches.sweep").reason())
        .contains("- shipped (merged into the default branch", "git branch -d shipped");
  }

}
