package dev.groundskeeper.rules.branches;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.repo.BranchState;
import dev.groundskeeper.api.repo.Dormancy;
import dev.groundskeeper.testkit.Events;
import dev.groundskeeper.testkit.RuleTester;
import java.util.List;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class WipCapRuleTest {

  private static final BranchesConfig CONFIG = new BranchesConfig("auto", "origin",
      List.of("release/*"), List.of("users/**"), BranchesConfig.DEFAULTS.protectedNames(),
      new BranchesConfig.Wip(3, Mode.BLOCK, true), BranchesConfig.Duplicates.DEFAULTS,
      BranchesConfig.Dormancy.DEFAULTS, BranchesConfig.StopGuard.DEFAULTS,
      BranchesConfig.ForceRemoval.DEFAULTS, BranchesConfig.Evacuation.DEFAULTS,
      BranchesConfig.CleanupAfterMerge.DEFAULTS, BranchesConfig.Sweep.DEFAULTS);

  private static RuleTester tester(Repo repo) {
    return RuleTester.of(new BranchRules(), CONFIG, WipCapRule.ID).withFacts(repo.facts());
  }

  private static Repo atCap() {
    Repo repo = Repo.create().work("feature/a", "feature/b");
    repo.branch("done").state(BranchState.MERGED_INTO_DEFAULT).age(20).worktree("/w/done");
    return repo;
  }

  @Test
  void belowTheCapANewBranchIsAllowed() {
    tester(Repo.create().work("feature/a", "feature/b"))
        .given(Events.command("git switch -c feature/c")).expectAllow();
  }

  @Test
  void atTheCapEveryRouteIsRefused() {
    RuleTester tester = tester(atCap());
    for (String command : List.of("git switch -c x", "git switch --create x", "git switch -C x",
        "git checkout -b x", "git checkout -B x", "git branch x", "git branch x main",
        "git worktree add -b x ../x", "git worktree add ../x", "cd /repo && git checkout -b x")) {
      tester.given(Events.command(command)).expectDeny().reasonContains("`x`");
    }
    tester.given(Events.dispatchInWorktree("explore")).expectDeny()
        .reasonContains("Creating a branch for a sub-agent dispatched into its own worktree");
    tester.given(Events.worktreeCreate("fresh")).expectDeny().reasonContains("`fresh`");
  }

  @Test
  void theRefusalListsFinishedBranchesFirstWithTheirDeleteCommand() {
    tester(atCap()).given(Events.command("git switch -c feature/c")).expectDeny()
        .reasonIs("Creating the branch `feature/c` would make 4 open work branches;"
            + " branches.wip.cap is 3 and 3 are open already.\n\n"
            + "Open branches, finished ones first:\n"
            + "- done (merged into the default branch; last commit 20 days ago; worktree"
            + " /w/done): git branch -d done\n"
            + "- feature/a (live; last commit 1 day ago)\n"
            + "- feature/b (live; last commit 1 day ago)\n\n" + BranchPrinciple.TEXT)
        .remedyCommands("groundskeeper branch clean")
        .remedyDescriptionContains("Parking does not lower the count")
        .findingSubjects("done", "feature/a", "feature/b");
  }

  @Test
  void idleBranchesContainedNowhereAreListedLoudlyInTheRefusal() {
    Repo repo = Repo.create().work("feature/a", "feature/b");
    repo.branch("lonely").localOnly().state(BranchState.DORMANT).age(9)
        .where(Dormancy.Where.NOWHERE);
    tester(repo).given(Events.command("git switch -c feature/c")).expectDeny()
        .reasonContains(Texts.LOST_WORK_HEADING, "- lonely (idle 9 days): git push -u origin"
            + " lonely", "secure it with git push -u origin lonely");
  }

  @Test
  void theDefaultBranchLinesAndExemptBranchesAreNotCounted() {
    tester(Repo.create().work("feature/a", "feature/b", "release/1.0", "users/ann/spike"))
        .given(Events.command("git switch -c feature/c")).expectAllow();
  }

  @Test
  void aBranchAndItsRemoteCopyCountOnceWhateverTheirTips() {
    Repo repo = Repo.create();
    repo.branch("feature/a").ahead();
    repo.branch("feature/b");
    tester(repo).given(Events.command("git switch -c feature/c")).expectAllow();
  }

  @Test
  void branchesSharingATipCountOnce() {
    Repo repo = Repo.create().work("feature/a", "feature/b");
    repo.branch("feature/b-copy").tips(repo.tipOf("feature/b"), null);
    tester(repo).given(Events.command("git switch -c feature/c")).expectAllow();
  }

  @Test
  void remoteOnlyBranchesCountUnlessCountRemoteIsOff() {
    Repo repo = Repo.create().work("feature/a", "feature/b");
    repo.branch("theirs").remoteOnly();
    tester(repo).given(Events.command("git switch -c feature/c")).expectDeny();
    BranchesConfig local = new BranchesConfig("auto", "origin", List.of(), List.of(),
        List.of("main"), new BranchesConfig.Wip(3, Mode.BLOCK, false),
        BranchesConfig.Duplicates.DEFAULTS, BranchesConfig.Dormancy.DEFAULTS,
        BranchesConfig.StopGuard.DEFAULTS, BranchesConfig.ForceRemoval.DEFAULTS,
        BranchesConfig.Evacuation.DEFAULTS, BranchesConfig.CleanupAfterMerge.DEFAULTS,
        BranchesConfig.Sweep.DEFAULTS);
    RuleTester.of(new BranchRules(), local, WipCapRule.ID).withFacts(repo.facts())
        .given(Events.command("git switch -c feature/c")).expectAllow();
  }

  @Test
  void parkedAndMergedBranchesCount() {
    Repo repo = Repo.create().work("feature/a");
    repo.branch("waiting").state(BranchState.PARKED);
    repo.branch("shipped").state(BranchState.MERGED_INTO_DEFAULT);
    tester(repo).given(Events.command("git switch -c feature/c")).expectDeny();
  }

  @Test
  void aCommandCreatingSeveralBranchesIsJudgedOnAllOfThem() {
    Repo repo = Repo.create().work("feature/a");
    RuleTester tester = tester(repo);
    tester.given(Events.command("git branch x")).expectAllow();
    tester.given(Events.command("git branch x && git branch y")).expectAllow();
    tester.given(Events.command("git branch x && git branch y && git switch -c z"))
        .expectDeny().reasonContains("the branches `x`, `y` and `z`", "would make 4");
  }

  @Test
  void resettingOrCheckingOutAnExistingBranchCreatesNothing() {
    RuleTester tester = tester(atCap());
    tester.given(Events.command("git switch -C feature/a")).expectNotApplicable();
    tester.given(Events.command("git checkout -B feature/a origin/feature/a"))
        .expectNotApplicable();
    tester.given(Events.command("git worktree add ../feature/a")).expectDeny()
        .reasonContains("the branch `a`");
    Repo spike = Repo.create().work("feature/a", "spike");
    spike.branch("done").state(BranchState.MERGED_INTO_DEFAULT);
    tester(spike).given(Events.command("git worktree add ../spike")).expectNotApplicable();
    tester.given(Events.command("git switch feature/a")).expectNotApplicable();
    tester.given(Events.command("git worktree add --detach ../x")).expectNotApplicable();
  }

  @Test
  void recreatingANameThatAlreadyCountsAddsNothing() {
    Repo repo = Repo.create().work("feature/a", "feature/b");
    repo.branch("theirs").remoteOnly();
    tester(repo).given(Events.command("git switch -c theirs origin/theirs")).expectAllow();
  }

  @Test
  void otherDispatchesAndWorktreesThatExistAreNotCreations() {
    Repo repo = atCap();
    tester(repo).given(Events.dispatch("plain")).expectNotApplicable();
    tester(repo).given(Events.worktreeCreate("done")).expectNotApplicable();
  }

  @Test
  void aCommandThatCannotBeReadInFullIsAllowedWithANote() {
    tester(atCap()).given(Events.command("git checkout -b x 'unterminated")).expectCouldNotJudge()
        .reasonContains("could not be read", "next sweep");
  }

  @Test
  void aBranchNamedByXargsInputStillCounts() {
    tester(atCap()).given(Events.command("cat names.txt | xargs git switch -c")).expectDeny()
        .reasonContains("Creating a branch through `git switch` whose name is only known when the"
            + " command runs");
  }

  @Test
  void anUnnamedBranchStillCounts() {
    tester(atCap()).given(Events.command("git switch -c \"$NAME\"")).expectDeny()
        .reasonContains("Creating a branch through `git switch` whose name is only known when the"
            + " command runs");
  }

  @Test
  void theListStopsAtTwentyLinesAndCountsTheRest() {
    Repo repo = Repo.create();
    IntStream.range(0, 25).forEach(i -> repo.branch(String.format("b%02d", i)));
    String reason = tester(repo).given(Events.command("git switch -c more")).expectDeny()
        .verdict().reason();
    assertThat(reason).contains("- b19 (live", "... and 5 more").doesNotContain("- b20 (");
  }

  @Test
  void withoutTheInventoryTheRefusalListsNamesOnly() {
    Repo repo = atCap();
    var facts = dev.groundskeeper.testkit.TestFacts.builder()
        .unavailable(dev.groundskeeper.api.repo.RepoFacts.BRANCHES, "scan budget reached")
        .over(repo.facts()).build();
    tester(repo).given(Events.command("git switch -c x")).withFacts(facts).expectDeny()
        .reasonContains("Open branches: ");
  }

  @Property
  void exemptAndIntegrationLineBranchesNeverChangeTheCount(
      @ForAll @IntRange(max = 12) int work, @ForAll("outside") List<String> extra) {
    Repo repo = Repo.create();
    IntStream.range(0, work).forEach(i -> repo.branch("work-" + i));
    Scope scope = new Scope(CONFIG, "main");
    int before = OpenBranches.of(repo.tips(), scope, true).count();
    extra.forEach(name -> repo.branch(name));
    assertThat(OpenBranches.of(repo.tips(), scope, true).count()).isEqualTo(before)
        .isEqualTo(work);
  }

  @Provide
  Arbitrary<List<String>> outside() {
    Arbitrary<String> suffix = Arbitraries.strings().alpha().numeric().ofMinLength(1)
        .ofMaxLength(6);
    return Arbitraries.oneOf(suffix.map(s -> "release/" + s), suffix.map(s -> "users/" + s),
        suffix.map(s -> "users/" + s + "/" + s)).list().ofMaxSize(5).uniqueElements();
  }
}
