package dev.groundskeeper.rules.branches;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Event.StartSource;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.api.repo.Dormancy;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.testkit.Events;
import dev.groundskeeper.testkit.RuleTester;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** {@code branches.scope} (issue 16 item 2): colleagues' branches count, stage and block nothing. */
class BranchScopeTest {

  private static final BranchesConfig CAP_3 = new BranchesConfig("auto", "origin", List.of(),
      List.of(), BranchesConfig.DEFAULTS.protectedNames(),
      new BranchesConfig.Wip(3, Mode.BLOCK, true), BranchesConfig.Duplicates.DEFAULTS,
      BranchesConfig.Dormancy.DEFAULTS, BranchesConfig.StopGuard.DEFAULTS,
      BranchesConfig.ForceRemoval.DEFAULTS, BranchesConfig.Evacuation.DEFAULTS,
      BranchesConfig.CleanupAfterMerge.DEFAULTS, BranchesConfig.Sweep.DEFAULTS);
  private static final BranchesConfig CAP_3_ALL = CAP_3.withScope(BranchesConfig.Ownership.ALL);

  private static RuleTester rule(BranchesConfig config, String id, Repo repo) {
    return RuleTester.of(new BranchRules(), config, id).withFacts(repo.facts());
  }

  /** Two branches of ours and five of a colleague's on the remote. */
  private static Repo team() {
    Repo repo = Repo.create().work("mine-a", "mine-b");
    for (int i = 0; i < 5; i++) {
      repo.branch("theirs-" + i).remoteOnly();
      repo.others("theirs-" + i);
    }
    return repo;
  }

  @Test
  void theDefaultScopeIsOwn() {
    assertThat(BranchesConfig.DEFAULTS.scope()).isEqualTo(BranchesConfig.Ownership.OWN);
    assertThat(CAP_3.scope()).isEqualTo(BranchesConfig.Ownership.OWN);
  }

  @Test
  void colleaguesBranchesDoNotCountTowardTheCap() {
    rule(CAP_3, WipCapRule.ID, team()).given(Events.command("git switch -c mine-c"))
        .expectAllow();
  }

  @Test
  void underScopeAllEveryBranchCountsAsBefore() {
    rule(CAP_3_ALL, WipCapRule.ID, team()).given(Events.command("git switch -c mine-c"))
        .expectDeny().reasonContains("would make 8 open work branches")
        .reasonDoesNotContain("Not counted");
  }

  @Test
  void aRefusalCountsOnlyOurBranchesAndSaysHowManyItLeftOut() {
    Repo repo = team().work("mine-c");
    rule(CAP_3, WipCapRule.ID, repo).given(Events.command("git switch -c mine-d")).expectDeny()
        .reasonContains("would make 4 open work branches; branches.wip.cap is 3 and 3 are open"
            + " already. Not counted: 5 branches of other people (branches.scope: own).")
        .reasonDoesNotContain("theirs-")
        .findingSubjects("mine-a", "mine-b", "mine-c");
  }

  @Test
  void whenOwnershipCannotBeReadEveryBranchCounts() {
    Repo repo = team().ownershipUnavailable();
    rule(CAP_3, WipCapRule.ID, repo).given(Events.command("git switch -c mine-c")).expectDeny()
        .reasonContains("would make 8 open work branches");
  }

  /**
   * Issue 16, item 4: without {@code user.email} the records and the branches only here still
   * count as this clone's, colleagues' pushed branches block no one, a pushed branch of ours
   * without a record reads as others' until the identity is set, and the sweep says so once,
   * with the command.
   */
  @Test
  void withoutAConfiguredIdentityRecordsAndBranchesOnlyHereStillCount() {
    Repo repo = team().noIdentity();
    repo.branch("recorded").touchedBy("s:");
    repo.branch("only-here").localOnly();
    // 7 pushed branches with no record (ours and the colleague's alike) are not counted; the
    // recorded one and the one only here are: the cap of 3 is not reached.
    rule(CAP_3, WipCapRule.ID, repo).given(Events.command("git switch -c next")).expectAllow();
    repo.branch("another-here").localOnly();
    rule(CAP_3, WipCapRule.ID, repo).given(Events.command("git switch -c next")).expectDeny()
        .reasonContains("would make 4 open work branches",
            "Not counted: 7 branches of other people (branches.scope: own).");
    String sweep = rule(CAP_3, SweepRule.ID, repo).given(Events.sweep()).verdict().reason();
    assertThat(sweep).contains(Owners.IDENTITY_HINT)
        .contains("git config user.email <you@example.com>");
    assertThat(sweep.split(java.util.regex.Pattern.quote("git has no user.email"), -1))
        .as("said once").hasSize(2);
    // with the identity configured the sweep has nothing to say about it
    assertThat(rule(CAP_3, SweepRule.ID, team()).given(Events.sweep()).verdict().reason())
        .doesNotContain("user.email");
  }

  @Test
  void underTheCapAsAWholeOwnershipIsNeverRead() {
    Repo repo = Repo.create().work("mine-a").others("mine-a");
    assertThat(rule(CAP_3, WipCapRule.ID, repo).given(Events.command("git switch -c mine-b"))
        .expectAllow().factsRead()).doesNotContain(RepoFacts.BRANCH_OWNERSHIP.id());
  }

  @Test
  void aColleaguesIdleBranchNeitherBlocksNorNags() {
    Repo repo = Repo.create().work("mine");
    repo.branch("old-theirs").remoteOnly().state(BranchState.DORMANT).age(45);
    repo.others("old-theirs");
    rule(BranchesConfig.DEFAULTS, DormancyRule.ID, repo).given(Events.command("git switch -c x"))
        .expectAllow();
    rule(BranchesConfig.DEFAULTS, DormancyRule.ID, repo)
        .given(Events.sessionStart(StartSource.STARTUP)).expectAllow();
    rule(BranchesConfig.DEFAULTS.withScope(BranchesConfig.Ownership.ALL), DormancyRule.ID, repo)
        .given(Events.command("git switch -c x")).expectDeny()
        .remedyCommands("groundskeeper branch park old-theirs --reason \"<why it waits>\"");
  }

  @Test
  void ourOwnIdleBranchStillBlocks() {
    Repo repo = Repo.create();
    repo.branch("old-mine").state(BranchState.DORMANT).age(45);
    repo.others("someone-elses");
    rule(BranchesConfig.DEFAULTS, DormancyRule.ID, repo).given(Events.command("git switch -c x"))
        .expectDeny().reasonContains("- old-mine (idle, blocking new branches");
  }

  @Test
  void commitsNoRemoteHoldsAreOursWhoeverWroteThem() {
    Repo repo = Repo.create();
    repo.branch("cherry").localOnly().state(BranchState.DORMANT).age(45)
        .where(Dormancy.Where.NOWHERE);
    repo.others("cherry");
    rule(BranchesConfig.DEFAULTS, DormancyRule.ID, repo).given(Events.command("git switch -c x"))
        .expectDeny().reasonContains(Texts.LOST_WORK_HEADING, "- cherry (idle 45 days)");
  }

  @Test
  void theSweepCountsOursAndSummarisesTheirsInOneLineWithoutCommands() {
    Repo repo = team();
    repo.branch("their-merged").remoteOnly().state(BranchState.MERGED_INTO_DEFAULT);
    repo.others("their-merged");
    repo.branch("mine-done").state(BranchState.MERGED_INTO_DEFAULT);
    String reason = rule(BranchesConfig.DEFAULTS, SweepRule.ID, repo).given(Events.sweep())
        .expectAdvise().verdict().reason();
    assertThat(reason).startsWith("Branches: 3 open of branches.wip.cap 10 (this clone's only);")
        .contains("\n\nOthers' work (branches.scope: own; not counted, never staged or blocking):"
            + " 6 branches (1 merged into default, 5 live), e.g. their-merged by"
            + " colleague@example.invalid, theirs-0 by colleague@example.invalid, theirs-1 by"
            + " colleague@example.invalid and 3 more. They are their authors' to finish or delete;"
            + " set branches.scope: all to judge them here too.")
        .contains("- mine-done (merged into the default branch")
        .doesNotContain("git push origin --delete their-merged")
        .doesNotContain("- their-merged");
  }

  @Test
  void aRemoteOnlyBranchGetsPushDeleteOnlyWhenTheRemoteDeleteGuardWouldAllowIt() {
    Repo repo = Repo.create();
    repo.branch("by-ancestry").remoteOnly().state(BranchState.MERGED_INTO_DEFAULT);
    repo.branch("by-squash").remoteOnly().state(BranchState.PATCH_EQUIVALENT);
    repo.contains(repo.tipOf("by-ancestry"), "refs/remotes/origin/main");
    String reason = rule(BranchesConfig.DEFAULTS, SweepRule.ID, repo).given(Events.sweep())
        .expectAdvise().verdict().reason();
    assertThat(reason).contains("): git push origin --delete by-ancestry")
        .doesNotContain("--delete by-squash")
        .contains("- by-squash (its changes are already in the default branch or a line; last"
            + " commit 1 day ago): left on origin for a person to delete");
    // and the guard agrees with both
    RuleTester guard = rule(BranchesConfig.DEFAULTS, RemoteDeleteRule.ID, repo);
    guard.given(Events.command("git push origin --delete by-ancestry")).expectAllow();
    guard.given(Events.command("git push origin --delete by-squash")).expectDeny();
  }

  @Test
  void aColleaguesBranchIsNotDeletedOnTheRemoteMergedOrNotUnderScopeOwn() {
    Repo repo = Repo.create();
    repo.branch("their-merged").remoteOnly().state(BranchState.MERGED_INTO_DEFAULT);
    repo.others("their-merged");
    repo.contains(repo.tipOf("their-merged"), "refs/remotes/origin/main");
    repo.branch("mine-merged").remoteOnly().state(BranchState.MERGED_INTO_DEFAULT);
    repo.contains(repo.tipOf("mine-merged"), "refs/remotes/origin/main");
    rule(BranchesConfig.DEFAULTS, RemoteDeleteRule.ID, repo)
        .given(Events.command("git push origin --delete mine-merged their-merged")).expectDeny()
        .reasonContains("Someone else's work (branches.scope: own), merged or not",
            "- their-merged: authored by colleague@example.invalid")
        .reasonDoesNotContain("- mine-merged");
    rule(BranchesConfig.DEFAULTS, RemoteDeleteRule.ID, repo)
        .given(Events.command("git push origin --delete mine-merged")).expectAllow();
    rule(BranchesConfig.DEFAULTS.withScope(BranchesConfig.Ownership.ALL), RemoteDeleteRule.ID,
        repo).given(Events.command("git push origin :their-merged")).expectAllow();
  }

  @Test
  void aRefusalListingPointsARemoteOnlyFinishedBranchAtBranchClean() {
    Repo repo = Repo.create().work("a", "b");
    repo.branch("gone-local").remoteOnly().state(BranchState.MERGED_INTO_DEFAULT).age(2);
    rule(CAP_3, WipCapRule.ID, repo).given(Events.command("git switch -c c")).expectDeny()
        .reasonContains("- gone-local (merged into the default branch; last commit 2 days ago):"
            + " groundskeeper branch clean --remote");
  }

  /**
   * Leaving names out never raises the count, leaving none out changes nothing, and a group of
   * names sharing a tip counts once when any of its names is counted.
   */
  @Property
  void restrictingTheCountNeverRaisesIt(@ForAll("tips") List<int[]> tips,
      @ForAll("subset") Set<Integer> counted) {
    Repo repo = Repo.create();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < tips.size(); i++) {
      String name = "b" + i;
      names.add(name);
      int[] t = tips.get(i);
      String local = t[0] >= 0 ? tip(t[0]) : null;
      String remote = t[1] >= 0 ? tip(t[1]) : null;
      repo.branch(name).tips(local == null && remote == null ? tip(0) : local, remote);
    }
    Scope scope = new Scope(BranchesConfig.DEFAULTS, "main");
    OpenBranches all = OpenBranches.of(repo.tips(), scope, true);
    OpenBranches restricted = all.restrictedTo(name -> counted.contains(names.indexOf(name)));
    assertThat(restricted.count()).isLessThanOrEqualTo(all.count());
    assertThat(all.restrictedTo(name -> true).count()).isEqualTo(all.count());
    long countedNames = names.stream().filter(n -> counted.contains(names.indexOf(n))).count();
    assertThat(restricted.count()).isLessThanOrEqualTo((int) countedNames);
    assertThat(restricted.count() == 0).isEqualTo(countedNames == 0);
    assertThat(restricted.leftOut()).isEqualTo(names.size() - (int) countedNames);
  }

  private static String tip(int n) {
    return String.format("%040x", n + 1000);
  }

  @Provide
  Arbitrary<List<int[]>> tips() {
    Arbitrary<Integer> tip = Arbitraries.integers().between(-1, 6);
    return Combinators.combine(tip, tip).as((a, b) -> new int[] {a, b}).list().ofMaxSize(10);
  }

  @Provide
  Arbitrary<Set<Integer>> subset() {
    return Arbitraries.integers().between(0, 9).set().ofMaxSize(10);
  }

  @Test
  void theRefusalOfTwentyOfOursStillListsOnlyOurs() {
    Repo repo = Repo.create();
    IntStream.range(0, 25).forEach(i -> repo.branch(String.format("m%02d", i)));
    IntStream.range(0, 25).forEach(i -> {
      repo.branch(String.format("t%02d", i)).remoteOnly();
      repo.others(String.format("t%02d", i));
    });
    String reason = rule(CAP_3, WipCapRule.ID, repo).given(Events.command("git switch -c more"))
        .expectDeny().verdict().reason();
    assertThat(reason).contains("would make 26 open work branches", "Not counted: 25 branches")
        .doesNotContain("- t0");
  }
}
